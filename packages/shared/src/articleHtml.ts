/**
 * The HTML an article may hold (docs/design.md#security): the server sanitises an article to it on save and the
 * player app sanitises it again before rendering, both from this one list. Zod-free.
 */
export const ARTICLE_TAGS = [
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'a',
  'img',
  'span',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

/** The attributes kept, per tag (links get `rel` and `target` set by the sanitiser, never from the input). */
export const ARTICLE_ATTRIBUTES = { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'] } as const;

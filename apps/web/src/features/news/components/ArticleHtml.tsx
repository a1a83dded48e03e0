import { useMemo } from 'react';
import DOMPurify from 'dompurify';

/**
 * The allow-list the article HTML is rendered with (DESIGN §7): the server sanitised it on save with
 * the same list; the client checks again, so nothing but these tags and attributes reaches the page.
 */
const ALLOWED_TAGS = [
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
];
const ALLOWED_ATTR = ['href', 'title', 'src', 'alt', 'width', 'height', 'rel', 'target'];
const SAFE_URL = /^(?:https?:|\/(?!\/))/i;

let hooked = false;
function purifier() {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      for (const attr of ['href', 'src']) {
        const v = node.getAttribute(attr);
        if (v !== null && !SAFE_URL.test(v.trim())) node.removeAttribute(attr);
      }
      if (node.tagName === 'A') {
        node.setAttribute('rel', 'noopener noreferrer');
        node.setAttribute('target', '_blank');
      }
    });
  }
  return DOMPurify;
}

export function sanitizeArticle(html: string): string {
  return purifier().sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}

export function ArticleHtml({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeArticle(html), [html]);
  return <div className="article-content" data-testid="article-content" dangerouslySetInnerHTML={{ __html: clean }} />;
}

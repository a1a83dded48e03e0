import { ARTICLE_ATTRIBUTES, ARTICLE_TAGS } from '@lucky28/shared';
import { AppError } from '../../errors.js';

/** Stand for this site, served over either scheme, when a picture's address is resolved. */
const THIS_SITE = [new URL('https://this-site.invalid/'), new URL('http://this-site.invalid/')];

/**
 * Whether a picture's address loads from this site, as a browser resolves it on a page served over
 * https or http (leading blanks, tabs and line breaks dropped, backslashes read as slashes, `https:x`
 * relative on an https page only): `/api/index/media/…` is; `https://…`, `//host/…`, `/\host/…`
 * and `data:` are not.
 */
export function isSameSiteAddress(src: string): boolean {
  try {
    return THIS_SITE.every((site) => new URL(src, site).origin === site.origin);
  } catch {
    return false;
  }
}

/**
 * Article HTML is sanitised on save (docs/design.md#security): a small allow-list, no scripts, no event handlers.
 * A picture from another site is refused rather than kept: the players' browsers would ask that site
 * for it, telling it who reads which article (and the pages' CSP would not show it anyway); the
 * operator uploads it with contentImageUpload instead. The sanitiser (with its HTML and CSS parsers) is
 * loaded on the first save, not with the server: most starts never save an article.
 */
export async function sanitizeArticleHtml(html: string): Promise<string> {
  const { default: sanitizeHtml } = await import('sanitize-html');
  let foreignImage = false;
  const clean = sanitizeHtml(html, {
    allowedTags: [...ARTICLE_TAGS],
    allowedAttributes: { a: [...ARTICLE_ATTRIBUTES.a], img: [...ARTICLE_ATTRIBUTES.img] },
    allowedSchemes: ['https', 'http'],
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
      img: (tagName, attribs) => {
        if (attribs.src !== undefined && !isSameSiteAddress(attribs.src)) foreignImage = true;
        return { tagName, attribs };
      },
    },
  });
  if (foreignImage) throw new AppError('err.article_image_foreign', { field: 'content' });
  return clean;
}

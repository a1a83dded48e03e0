import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { ARTICLE_ATTRIBUTES, ARTICLE_TAGS } from '@lucky28/shared/articleHtml';

/**
 * The allow-list the article HTML is rendered with (docs/design.md#security): the server sanitised it on save with
 * the same list; the client checks again, so nothing but these tags and attributes reaches the page.
 */
const ALLOWED_TAGS = [...ARTICLE_TAGS];
const ALLOWED_ATTR = [...ARTICLE_ATTRIBUTES.a, ...ARTICLE_ATTRIBUTES.img, 'rel', 'target'];
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

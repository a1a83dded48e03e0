import { describe, expect, it } from 'vitest';
import { sanitizeArticle } from './ArticleHtml';

describe('sanitizeArticle', () => {
  it('keeps the allowed tags and drops scripts, handlers and unsafe links', () => {
    const out = sanitizeArticle(
      '<p onclick="x()">Hi <b>there</b><script>alert(1)</script><a href="javascript:alert(1)">a</a><a href="/fair">f</a><img src="data:image/png;base64,AA" onerror="y()"><iframe src="https://e"></iframe></p>',
    );
    expect(out).toContain('<b>there</b>');
    expect(out).toContain('href="/fair"');
    expect(out).toContain('rel="noopener noreferrer"');
    for (const bad of ['script', 'onclick', 'onerror', 'javascript:', 'iframe', 'data:']) expect(out).not.toContain(bad);
  });
});

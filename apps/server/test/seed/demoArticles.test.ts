/**
 * The demo articles are stored as written at a first start (seed/demo.ts), without the sanitiser every
 * operator's article goes through: so each must already be exactly what the sanitiser keeps.
 */
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../src/domain/content/sanitize.js';
import { DEMO_ARTICLES } from '../../src/seed/articles.js';

describe('demo articles', () => {
  it('are each unchanged by the article sanitiser', async () => {
    expect(DEMO_ARTICLES.length).toBeGreaterThan(0);
    for (const article of DEMO_ARTICLES) expect(await sanitizeArticleHtml(article.content), `${article.lang}: ${article.title}`).toBe(article.content);
  });
});

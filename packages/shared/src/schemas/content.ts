import { z } from 'zod';
import { idField } from './fields.js';

/** index/articleView: counts a real view of one article. */
export const articleViewSchema = z.object({ id: idField('err.not_found') });

// --- answers ---

export const bannerListData = z.object({
  banner: z.array(z.object({ id: z.number().int(), image: z.string(), link: z.string().nullable() })),
});

const articleData = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  views: z.number().int(),
  createtime: z.number().int(),
});
export const articleListData = z.object({
  tops: z.array(articleData),
  articleTabs: z.array(z.object({ id: z.number().int(), name: z.string(), articles: z.array(articleData) })),
});
export const articleViewData = z.object({ views: z.number().int() });

/** What /aticleDetail was opened with: `?id=` (a shared link) and/or the spec's `?news=<JSON>` of the article. */
export interface ArticleRef {
  id?: number;
  title?: string;
  content?: string;
  createtime?: number;
}

const positiveInt = (v: unknown) => {
  const n = typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** Reads both forms; anything malformed is ignored (null when nothing usable is left). */
export function readArticleRef(params: URLSearchParams): ArticleRef | null {
  const ref: ArticleRef = {};
  const news = params.get('news');
  if (news) {
    try {
      const parsed: unknown = JSON.parse(news);
      if (parsed && typeof parsed === 'object') {
        const o = parsed as Record<string, unknown>;
        ref.id = positiveInt(o.id);
        if (typeof o.title === 'string') ref.title = o.title;
        if (typeof o.content === 'string') ref.content = o.content;
        if (typeof o.createtime === 'number') ref.createtime = o.createtime;
      }
    } catch {
      /* not JSON: fall back to ?id= */
    }
  }
  ref.id = positiveInt(params.get('id')) ?? ref.id;
  return ref.id !== undefined || ref.content !== undefined ? ref : null;
}

/** The address of an article: its id (shareable) and the spec's `news` JSON (title and date, no body). */
export const articlePath = (a: { id: number; title: string; createtime: number }) =>
  `/aticleDetail?id=${a.id}&news=${encodeURIComponent(JSON.stringify({ id: a.id, title: a.title, createtime: a.createtime }))}`;

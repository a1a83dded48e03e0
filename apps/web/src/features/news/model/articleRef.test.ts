import { describe, expect, it } from 'vitest';
import { articlePath, readArticleRef } from './articleRef';

describe('readArticleRef', () => {
  it("reads ?id= and the spec's ?news= JSON", () => {
    expect(readArticleRef(new URLSearchParams('id=12'))).toEqual({ id: 12 });
    const news = encodeURIComponent(JSON.stringify({ id: 7, title: 'T', content: '<p>x</p>', createtime: 5 }));
    expect(readArticleRef(new URLSearchParams(`news=${news}`))).toEqual({ id: 7, title: 'T', content: '<p>x</p>', createtime: 5 });
  });

  it('lets ?id= win and ignores what is malformed', () => {
    expect(readArticleRef(new URLSearchParams(`id=3&news=${encodeURIComponent('{"id":9}')}`))?.id).toBe(3);
    expect(readArticleRef(new URLSearchParams('news=%7Bbroken'))).toBeNull();
    expect(readArticleRef(new URLSearchParams('id=-1'))).toBeNull();
    expect(readArticleRef(new URLSearchParams('id=1e3'))).toBeNull();
    expect(readArticleRef(new URLSearchParams(''))).toBeNull();
  });

  it('builds a path that reads back', () => {
    const path = articlePath({ id: 4, title: 'Hi & bye', createtime: 9 });
    expect(readArticleRef(new URL(path, 'http://x').searchParams)).toEqual({ id: 4, title: 'Hi & bye', createtime: 9 });
  });
});

import { describe, expect, it } from 'vitest';
import { SiteCache } from './site-cache.ts';

const clock = () => {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
};
const deferred = <T>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('the website page cache', () => {
  it('renders a key once while it is fresh, and once for all requests waiting on it', async () => {
    const c = clock();
    const cache = new SiteCache({ now: c.now });
    let renders = 0;
    const render = async () => `page ${++renders}`;
    const [a, b] = await Promise.all([cache.get('home', render), cache.get('home', render)]);
    expect([a, b, renders]).toEqual(['page 1', 'page 1', 1]);
    c.advance(2_999);
    expect(await cache.get('home', render)).toBe('page 1');
  });

  it('answers a page 3 to 5 s old while one render replaces it, and waits for a new one past 5 s', async () => {
    const c = clock();
    const cache = new SiteCache({ now: c.now });
    let renders = 0;
    const render = async () => `page ${++renders}`;
    await cache.get('home', render);
    c.advance(3_500);
    expect(await cache.get('home', render)).toBe('page 1');
    await Promise.resolve();
    expect(await cache.get('home', render)).toBe('page 2');
    c.advance(5_000);
    expect(await cache.get('home', render)).toBe('page 3');
  });

  it('drops everything on a bump, and never keeps a render that started before it', async () => {
    const cache = new SiteCache();
    const slow = deferred<string>();
    const before = cache.get('news', () => slow.promise);
    cache.bump();
    slow.resolve('old content');
    expect(await before).toBe('old content');
    expect(await cache.get('news', async () => 'new content')).toBe('new content');
    cache.bump();
    expect(cache.size).toBe(0);
    expect(cache.peek('news')).toBeUndefined();
  });

  it('keeps no answer it is told not to keep, and at most maxEntries, the oldest going first', async () => {
    const cache = new SiteCache({ maxEntries: 2 });
    await cache.get(
      'missing',
      async () => 404,
      (status) => status === 200,
    );
    expect(cache.peek('missing')).toBeUndefined();
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')]).toEqual([undefined, 'b', 'c']);
  });
});

import { describe, expect, it } from 'vitest';
import { accessToken } from './token';

function page(href: string) {
  const values = new Map<string, string>();
  const storage = {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  } as Storage;
  const replaced: string[] = [];
  const history = {
    state: null,
    replaceState: (_s: unknown, _t: string, url: URL) => replaced.push(String(url)),
  };
  return { location: { href } as Location, storage, history: history as unknown as History, replaced };
}

describe('accessToken', () => {
  it('keeps a ?token= for the tab and takes it out of the address', () => {
    const first = page('http://10.0.0.2:8080/?token=s3cret#run=r1');
    expect(accessToken(first.location, first.storage, first.history)).toBe('s3cret');
    expect(first.replaced).toEqual(['http://10.0.0.2:8080/#run=r1']);
    const reloaded = { ...first, location: { href: 'http://10.0.0.2:8080/#run=r1' } as Location };
    expect(accessToken(reloaded.location, reloaded.storage, reloaded.history)).toBe('s3cret');
  });

  it('has none on a loopback page opened without one', () => {
    const plain = page('http://127.0.0.1:4000/');
    expect(accessToken(plain.location, plain.storage, plain.history)).toBeUndefined();
    expect(plain.replaced).toEqual([]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTtlCache } from './ttl-cache';

afterEach(() => {
  vi.useRealTimers();
});

describe('createTtlCache', () => {
  it('reuses a value for its lifetime and shares concurrent loads', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = createTtlCache<number>(1000);
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 5));
      return loads;
    };
    expect(await Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)])).toEqual([1, 1, 1]);
    expect(await cache.get('a', load)).toBe(1);
    vi.setSystemTime(Date.now() + 1001);
    expect(await cache.get('a', load)).toBe(2);
    cache.clear('a');
    expect(await cache.get('a', load)).toBe(3);
  });

  it('does not cache failures, and loads every time when off', async () => {
    const cache = createTtlCache<number>(1000);
    await expect(cache.get('x', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('x', async () => 7)).toBe(7);
    const off = createTtlCache<number>(0);
    let n = 0;
    await off.get('k', async () => ++n);
    await off.get('k', async () => ++n);
    expect(n).toBe(2);
  });

  it('stays within its size', async () => {
    const cache = createTtlCache<number>(60_000, 2);
    let n = 0;
    const load = async () => ++n;
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(await cache.get('c', load)).toBe(3);
    expect(await cache.get('a', load)).toBe(4);
  });
});

describe('createTtlCache with a version', () => {
  it('uses an entry only under the version it was loaded at, and never joins a load begun before a change', async () => {
    let version = 0;
    const cache = createTtlCache<number>(60_000, 10, () => version);
    let n = 0;
    let release: (() => void) | undefined;
    const slow = () =>
      new Promise<number>((resolve) => {
        const value = ++n;
        release = () => resolve(value);
      });
    const first = cache.get('k', slow);
    version++; // a write while the first load runs
    const second = cache.get('k', async () => ++n);
    expect(await second).toBe(2);
    release?.();
    expect(await first).toBe(1);
    // The older load did not replace the newer entry.
    expect(await cache.get('k', async () => ++n)).toBe(2);
    version++;
    expect(await cache.get('k', async () => ++n)).toBe(3);
    expect(await cache.get('k', async () => ++n)).toBe(3);
  });
});

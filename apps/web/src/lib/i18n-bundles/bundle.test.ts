import { LANGS } from '@xr/contract/lang';
import { describe, expect, it } from 'vitest';
import { CORE_NAMESPACES, type LangBundle } from './bundle';

const bundles: Record<string, () => Promise<{ default: LangBundle }>> = {
  zh: () => import('./zh'),
  tc: () => import('./tc'),
  en: () => import('./en'),
};

describe('language bundles', () => {
  it.each([...LANGS])('%s: the chunk holds exactly the core namespaces, every other one is a loader', async (lang) => {
    const load = bundles[lang];
    if (!load) throw new Error(`no bundle for ${lang}`);
    const b = (await load()).default;
    expect(Object.keys(b.resources).sort()).toEqual([...CORE_NAMESPACES].sort());
    const lazy = Object.keys(b.lazy);
    expect(lazy.length).toBeGreaterThan(0);
    expect(lazy.filter((ns) => (CORE_NAMESPACES as readonly string[]).includes(ns))).toEqual([]);
    const first = lazy[0] ?? '';
    const tree = await b.lazy[first]?.();
    expect(Object.keys(tree ?? {}).length).toBeGreaterThan(0);
  });
});

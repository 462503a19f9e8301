import { LANGS } from '@xr/contract/lang';
import { PERMISSION_CATALOGUE } from '@xr/contract/permissions';
import { describe, expect, it } from 'vitest';
import { buildResources } from './i18n';
import { ADMIN_ROUTES, type AppRoute, PUBLIC_ROUTES } from './route-table';

type Tree = { [key: string]: string | Tree };

/** `a.b.c` -> value, for every leaf of a resource tree. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
}

const resources = await buildResources();
const namespaces = [...new Set(LANGS.flatMap((l) => Object.keys(resources[l])))].sort();
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  it('finds the namespaces', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'http', 'route', 'router']));
  });

  it.each(namespaces)('namespace "%s" exists in every language with the same keys', (ns) => {
    const keySets = LANGS.map((l) => leaves(resources[l][ns] ?? {}));
    const all = [...new Set(keySets.flatMap((m) => [...m.keys()]))].sort();
    const missing = LANGS.flatMap((l, i) => all.filter((k) => !keySets[i]!.has(k)).map((k) => `${l}: ${ns}:${k}`));
    expect(missing, `missing keys:\n${missing.join('\n')}`).toEqual([]);
  });

  it.each(namespaces)('namespace "%s" has no empty strings', (ns) => {
    const empty = LANGS.flatMap((l) =>
      [...leaves(resources[l][ns] ?? {})].filter(([, v]) => v.trim() === '').map(([k]) => `${l}: ${ns}:${k}`),
    );
    expect(empty, `empty strings:\n${empty.join('\n')}`).toEqual([]);
  });

  it.each(namespaces)('namespace "%s" uses the same {{placeholders}} in every language', (ns) => {
    const en = leaves(resources.en[ns] ?? {});
    const diff = LANGS.flatMap((l) =>
      [...leaves(resources[l][ns] ?? {})]
        .filter(([k, v]) => en.has(k) && placeholders(v).join() !== placeholders(en.get(k)!).join())
        .map(([k]) => `${l}: ${ns}:${k}`),
    );
    expect(diff, `placeholder mismatch:\n${diff.join('\n')}`).toEqual([]);
  });

  it('every route title and permission name has a `route` entry', () => {
    const titles = (routes: AppRoute[]): string[] => routes.flatMap((r) => [r.title, ...(r.children ? titles(r.children) : [])]);
    const needed = [...new Set([...titles(PUBLIC_ROUTES), ...titles(ADMIN_ROUTES), ...PERMISSION_CATALOGUE.map((p) => p.name)])];
    const route = leaves(resources.en.route ?? {});
    const missing = needed.filter((k) => !route.has(k));
    expect(missing, `missing route titles:\n${missing.join('\n')}`).toEqual([]);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORE_NAMESPACES } from './bundle';

/**
 * Only the core namespaces are in a language's first chunk; every other namespace is fetched when a component asks
 * for it with `useTranslation([...])` (docs/perf.md, "Web first load"). A component that writes `t('ns:key')` for a
 * lazy namespace without listing it would show the raw key whenever nothing else on the page loaded that
 * namespace. This scans the sources: every lazy namespace a file names in a key (`t('ns:…')`, `i18n.t('ns:…')`,
 * `i18nKey="ns:…"`, `{ ns: '…' }`) must be listed in that file's `useTranslation` calls (or loaded with `loadNamespaces`).
 */
const SRC = path.resolve(__dirname, '../..');
const LOCALES = path.join(SRC, 'locales/en');
const core = new Set<string>(CORE_NAMESPACES);
const namespaces = new Set(fs.readdirSync(LOCALES).map((f) => f.replace(/\.json$/, '')));

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    // lean-viewer/ runs its own i18next instance that loads the viewers' namespaces itself (lean-i18n.ts)
    if (e.isDirectory()) return ['locales', 'test', 'lean-viewer'].includes(e.name) ? [] : sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Lazy namespaces a file names in keys, and those it asks for. */
function scan(text: string): { used: Set<string>; listed: Set<string> } {
  const used = new Set<string>();
  for (const m of text.matchAll(/\bt\(\s*['"`]([a-z][\w-]*):|i18nKey=\{?\s*['"`]([a-z][\w-]*):|\bns:\s*['"`]([\w-]+)['"`]/g)) {
    const ns = m[1] ?? m[2] ?? m[3];
    if (ns && namespaces.has(ns) && !core.has(ns)) used.add(ns);
  }
  const listed = new Set<string>();
  for (const m of text.matchAll(/(?:useTranslation|loadNamespaces|withTranslation)\(\s*(\[[^\]]*\]|['"`][\w-]+['"`])/g)) {
    for (const n of m[1]?.matchAll(/['"`]([\w-]+)['"`]/g) ?? []) if (n[1]) listed.add(n[1]);
  }
  return { used, listed };
}

describe('lazy translation namespaces', () => {
  it('finds the sources and the lazy namespaces', () => {
    expect(sources(SRC).length).toBeGreaterThan(100);
    expect([...namespaces].filter((n) => !core.has(n)).length).toBeGreaterThan(5);
  });

  it('every lazy namespace a file uses in a key is listed in its useTranslation', () => {
    const missing: string[] = [];
    for (const file of sources(SRC)) {
      const { used, listed } = scan(fs.readFileSync(file, 'utf8'));
      for (const ns of used) if (!listed.has(ns)) missing.push(`${path.relative(SRC, file)}: ${ns}`);
    }
    expect(missing, `lazy namespaces used without useTranslation([..., ns]):\n${missing.join('\n')}`).toEqual([]);
  });

  it('the scan sees a key of a lazy namespace that is not listed', () => {
    expect(scan("const { t } = useTranslation('layout'); t('wallet:title');")).toEqual({
      used: new Set(['wallet']),
      listed: new Set(['layout']),
    });
    expect(scan("useTranslation(['wallet', 'layout']); t('wallet:title')").listed).toEqual(new Set(['wallet', 'layout']));
  });
});

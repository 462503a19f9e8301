import { LIBRARY_CATEGORY_IDS } from '@xr/contract/library';
import { describe, expect, it } from 'vitest';
import { generatedCatalogue, resolveKey } from './catalogue';
import { MeshBuilder } from './geometry';

const catalogue = generatedCatalogue();

describe('generated catalogue', () => {
  it('lists at least 3,000 distinct models with names in three languages, tags and a category', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(3000);
    expect(new Set(catalogue.map((e) => e.key)).size).toBe(catalogue.length);
    // Distinct parameters give distinct names too, in every language.
    for (const lang of ['zh', 'tc', 'en'] as const)
      expect(new Set(catalogue.map((e) => e.names[lang])).size).toBe(catalogue.length);
    for (const e of catalogue) {
      expect(e.names.en).toMatch(/^[A-Z0-9]/);
      expect(e.names.zh).toMatch(/[\u4e00-\u9fff]/);
      expect(e.tags.length).toBeGreaterThan(0);
      expect(LIBRARY_CATEGORY_IDS).toContain(e.category);
    }
    // Every category but the importer's has generated models; a few are rigged characters.
    const categories = new Set(catalogue.map((e) => e.category));
    expect(LIBRARY_CATEGORY_IDS.filter((c) => !categories.has(c))).toEqual(['imported']);
    const characters = catalogue.filter((e) => e.kind === 'character');
    expect(characters.length).toBeGreaterThanOrEqual(4);
    for (const c of characters) expect(c.clips).toEqual(['idle', 'walk', 'wave']);
  });

  it('is the same list on every call, and every key resolves back to its parameters', () => {
    expect(generatedCatalogue().map((e) => e.key)).toEqual(catalogue.map((e) => e.key));
    for (const e of catalogue) expect(resolveKey(e.key)?.family.id).toBe(e.family);
    expect(resolveKey('gen:chair:nope.classic.s')).toBeNull();
    expect(resolveKey('gen:nope:a')).toBeNull();
    expect(resolveKey('import:abc')).toBeNull();
  });

  it('gives different parameter combinations different geometry or colours', () => {
    // Within a family, two models never produce the same mesh and materials.
    const seen = new Map<string, string>();
    for (const e of catalogue) {
      const r = resolveKey(e.key)!;
      const b = new MeshBuilder();
      r.family.build(r.opts, b);
      const sig = [...b.batches.values()]
        .map(
          (x) =>
            `${x.material.name}:${x.positions.length}:${x.positions.reduce((s, v, i) => s + v * ((i % 7) + 1), 0).toFixed(4)}`,
        )
        .sort()
        .join('|');
      expect(seen.get(sig), `${e.key} looks like ${seen.get(sig)}`).toBeUndefined();
      seen.set(sig, e.key);
    }
  });
});

import { getBounds } from '@gltf-transform/core';
import { LIBRARY_CATEGORY_IDS } from '@xr/contract/library';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createIO, validateGlb } from '../../../lib/pipeline/model';
import { buildGenerated, LIBRARY_THUMBNAIL_SIZE } from './build';
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

describe('built models', () => {
  // One model per family, spread over the parameter space.
  const families = new Map<string, string>();
  catalogue.forEach((e, i) => {
    if (!families.has(e.family) || i % 5 === 0) families.set(e.family, e.key);
  });
  const sample = [...families.values()].filter((_, i) => i % 4 === 0);
  const character = catalogue.find((e) => e.kind === 'character')!.key;

  it.each(sample)('%s is a valid GLB standing on the floor, centred, with a thumbnail', async (key) => {
    const m = await buildGenerated(key);
    const { errors } = await validateGlb(m.glb);
    expect(errors).toEqual([]);
    const io = await createIO();
    const doc = await io.readBinary(m.glb);
    const { min, max } = getBounds(doc.getRoot().getDefaultScene()!);
    expect(min[1]).toBeCloseTo(0, 2);
    expect((min[0] + max[0]) / 2).toBeCloseTo(0, 2);
    expect((min[2] + max[2]) / 2).toBeCloseTo(0, 2);
    expect(max[1] - min[1]).toBeCloseTo(m.size[1], 2);
    expect(m.triangles).toBeGreaterThan(10);
    for (const mesh of doc.getRoot().listMeshes())
      for (const p of mesh.listPrimitives()) {
        expect(p.getAttribute('NORMAL')).not.toBeNull();
        expect(p.getMaterial()?.getBaseColorFactor()).toHaveLength(4);
      }
    expect(
      doc
        .getRoot()
        .listExtensionsUsed()
        .map((x) => x.extensionName),
    ).toContain('EXT_meshopt_compression');
    const meta = await sharp(m.thumbnail).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', LIBRARY_THUMBNAIL_SIZE, LIBRARY_THUMBNAIL_SIZE]);
  });

  it('builds characters with a skeleton and the idle, walk and wave clips', async () => {
    const m = await buildGenerated(character);
    expect((await validateGlb(m.glb)).errors).toEqual([]);
    const doc = await (await createIO()).readBinary(m.glb);
    const [skin] = doc.getRoot().listSkins();
    expect(skin?.listJoints()).toHaveLength(13);
    expect(
      doc
        .getRoot()
        .listAnimations()
        .map((a) => a.getName()),
    ).toEqual(['idle', 'walk', 'wave']);
    for (const a of doc.getRoot().listAnimations()) expect(a.listChannels().length).toBeGreaterThan(0);
    // Humans of 1.7-1.9 m, feet on the floor (measured before quantisation, which skinned meshes keep in their joints).
    expect(m.size[1]).toBeGreaterThan(1.6);
    expect(m.size[1]).toBeLessThan(2);
  });
});

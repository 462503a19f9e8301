import { getBounds } from '@gltf-transform/core';
import { generatedCatalogue } from '@xr/demo-content/library/catalogue';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createIO, validateGlb } from './gltf-io';
import { buildLibraryModel, LIBRARY_THUMBNAIL_SIZE } from './library-model';

const catalogue = generatedCatalogue();

describe('built models', () => {
  // One model per family, spread over the parameter space.
  const families = new Map<string, string>();
  catalogue.forEach((e, i) => {
    if (!families.has(e.family) || i % 5 === 0) families.set(e.family, e.key);
  });
  const sample = [...families.values()].filter((_, i) => i % 4 === 0);
  const character = catalogue.find((e) => e.kind === 'character')!.key;

  it.each(sample)('%s is a valid GLB standing on the floor, centred, with a thumbnail', async (key) => {
    const m = await buildLibraryModel(key);
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
    const m = await buildLibraryModel(character);
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

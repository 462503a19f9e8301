import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Document, NodeIO } from '@gltf-transform/core';
import { parseSceneDocument, SCENE_SCHEMA_VERSION } from '@xr/contract/scenes';
import type { LibraryIds } from '@xr/demo-content/content/scene-plan';
import { SEED_MODELS } from '@xr/demo-content/content/scene-plan';
import { buildSceneDocument } from '@xr/demo-content/content/scenes';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderSceneCover } from './scene-cover';

/** A 1 m box standing on the floor, as a GLB. */
async function boxGlb(color: [number, number, number, number]): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const p = [
    [-0.5, 0, -0.5],
    [0.5, 0, -0.5],
    [0.5, 1, -0.5],
    [-0.5, 1, -0.5],
    [-0.5, 0, 0.5],
    [0.5, 0, 0.5],
    [0.5, 1, 0.5],
    [-0.5, 1, 0.5],
  ].flat();
  const idx = [0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 3, 7, 6, 3, 6, 2, 0, 4, 7, 0, 7, 3, 1, 2, 6, 1, 6, 5];
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(new Float32Array(p)).setBuffer(buffer))
    .setIndices(doc.createAccessor().setType('SCALAR').setArray(new Uint16Array(idx)).setBuffer(buffer))
    .setMaterial(doc.createMaterial().setBaseColorFactor(color));
  const node = doc.createNode('box').setMesh(doc.createMesh().addPrimitive(prim));
  doc.getRoot().setDefaultScene(doc.createScene().addChild(node));
  return new NodeIO().writeBinary(doc);
}

describe('3D scene cover', () => {
  it('renders the scene’s library models with their transforms on a 16:9 picture', async () => {
    const lib = Object.fromEntries(Object.keys(SEED_MODELS).map((k, i) => [k, i + 1])) as LibraryIds;
    const { doc } = buildSceneDocument(
      { kind: 'scene', template: 'showroom', intro: { zh: '你好', tc: '你好', en: 'Hi' } },
      lib,
      { products: [1] },
    );
    const red = await boxGlb([0.9, 0.1, 0.1, 1]);
    const blue = await boxGlb([0.1, 0.2, 0.9, 1]);
    const loaded: number[] = [];
    const out = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'xr-cover-')), 'cover.jpg');
    const drawn = await renderSceneCover(
      doc,
      async (source) => {
        const id = 'library_id' in source ? source.library_id : 0;
        loaded.push(id);
        return id === lib.plinthBox || id === lib.plinthRound || id === lib.plinthStep ? red : blue;
      },
      out,
      360,
    );
    expect(drawn).toBe(doc.objects.filter((o) => o.type === 'model' || o.type === 'npc').length);
    // Each distinct model is loaded once.
    expect(new Set(loaded).size).toBe(loaded.length);
    const img = sharp(out);
    const meta = await img.metadata();
    expect([meta.width, meta.height]).toEqual([640, 360]);
    const { data } = await img.raw().toBuffer({ resolveWithObject: true });
    // Red plinths and blue products are both visible.
    let reds = 0;
    let blues = 0;
    for (let i = 0; i < data.length; i += 3) {
      if (data[i]! > 150 && data[i + 1]! < 90 && data[i + 2]! < 90) reds++;
      if (data[i + 2]! > 120 && data[i]! < 90) blues++;
    }
    expect(reds).toBeGreaterThan(200);
    expect(blues).toBeGreaterThan(50);
    // The models fill the wide frame, not a centred square: coloured model pixels in most columns and across
    // the height.
    const cols = new Set<number>();
    const rows = new Set<number>();
    for (let y = 0; y < 360; y++)
      for (let x = 0; x < 640; x++) {
        const i = (y * 640 + x) * 3;
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        if (Math.max(r, g, b) - Math.min(r, g, b) > 60) {
          cols.add(x);
          rows.add(y);
        }
      }
    expect(cols.size / 640).toBeGreaterThan(0.6);
    expect(rows.size / 360).toBeGreaterThan(0.4);
    if (process.env.COVER_OUT) await fs.copyFile(out, process.env.COVER_OUT);
  });

  it('frames the ordinary models when the scene also holds a part larger than 100 m', async () => {
    const big = await boxGlb([0.1, 0.6, 0.1, 1]);
    const red = await boxGlb([0.9, 0.1, 0.1, 1]);
    const base = { hidden: false, locked: false } as const;
    const doc = parseSceneDocument({
      schema_version: SCENE_SCHEMA_VERSION,
      kind: 'scene',
      objects: [
        {
          ...base,
          id: 'ground',
          name: 'ground',
          type: 'model',
          source: { library_id: 1 },
          transform: { position: [0, -1, 0], rotation: [0, 0, 0], scale: [400, 1, 400] },
        },
        {
          ...base,
          id: 'a',
          name: 'a',
          type: 'model',
          source: { library_id: 2 },
          transform: { position: [-1.5, 0, 0], rotation: [0, 0, 0], scale: [1, 1, 1] },
        },
        {
          ...base,
          id: 'b',
          name: 'b',
          type: 'model',
          source: { library_id: 2 },
          transform: { position: [1.5, 0, 0], rotation: [0, 0, 0], scale: [1, 1, 1] },
        },
      ],
    });
    if (!doc.success) throw new Error(JSON.stringify(doc.error.issues));
    const out = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'xr-cover-')), 'cover.jpg');
    await renderSceneCover(doc.data, async (s) => ('library_id' in s && s.library_id === 1 ? big : red), out, 180);
    const { data, info } = await sharp(out).raw().toBuffer({ resolveWithObject: true });
    let reds = 0;
    for (let i = 0; i < data.length; i += 3) if (data[i]! > 150 && data[i + 1]! < 90 && data[i + 2]! < 90) reds++;
    // the two red boxes are large in the picture, not specks under a 400 m ground
    expect(reds / (info.width * info.height)).toBeGreaterThan(0.08);
  });
});

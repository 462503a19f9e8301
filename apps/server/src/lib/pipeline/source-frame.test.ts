import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getBounds } from '@gltf-transform/core';
import { Vector3 } from 'three';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cubeFbxAscii, cubeFbxBinary } from '../../../test/fixtures/fbx';
import { createIO } from './gltf-io';
import { processModel } from './model';
import { type FbxSettings, fbxFrame, hideFbxUpAxis, readFbxSettings } from './source-frame';
import { importWithThree } from './three-import';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-source-frame-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const yUp: FbxSettings = {
  up: { axis: 1, sign: 1 },
  front: { axis: 2, sign: 1 },
  coord: { axis: 0, sign: 1 },
  unitScaleFactor: 1,
  creator: 'Blender (stable FBX IO)',
};
const maxZUp: FbxSettings = { ...yUp, up: { axis: 2, sign: 1 }, front: { axis: 1, sign: -1 }, unitScaleFactor: 2.54 };
const apply = (s: FbxSettings, v: [number, number, number]) =>
  new Vector3(...v)
    .applyMatrix4(fbxFrame(s).matrix)
    .toArray()
    .map((x) => Number(x.toFixed(6)) + 0);

/** The fixture cube with its GlobalSettings' `UnitScaleFactor` and axes replaced (ASCII FBX). */
function cubeWith(unitScaleFactor: number, zUp = false): string {
  const axes = zUp
    ? 'P: "UpAxis", "int", "", "",2\n\t\t\tP: "UpAxisSign", "int", "", "",1\n\t\t\tP: "FrontAxis", "int", "", "",1\n\t\t\tP: "FrontAxisSign", "int", "", "",-1\n\t\t\tP: "CoordAxis", "int", "", "",0'
    : 'P: "UpAxis", "int", "", "",1';
  const unit = /P: "UnitScaleFactor", "double", "", "",[\d.]+/;
  const up = /P: "UpAxis", "int", "", "",1/;
  const source = cubeFbxAscii();
  if (!unit.test(source) || !up.test(source)) throw new Error('the cube FBX changed: its GlobalSettings were not found');
  const text = source.replace(unit, `P: "UnitScaleFactor", "double", "", "",${unitScaleFactor.toFixed(1)}`).replace(up, axes);
  return text;
}

async function convert(name: string, data: string | Buffer) {
  const inDir = fs.mkdtempSync(path.join(dir, 'in-'));
  fs.writeFileSync(path.join(inDir, name), data);
  return processModel({ inputPath: path.join(inDir, name), originalName: name, workDir: path.join(inDir, 'w') });
}

async function boundsOf(glbPath: string) {
  const io = await createIO();
  const doc = await io.readBinary(fs.readFileSync(glbPath));
  const b = getBounds(doc.getRoot().listScenes()[0]!);
  return { min: b.min, size: b.max.map((v, i) => v - b.min[i]!), roots: doc.getRoot().listScenes()[0]!.listChildren() };
}

describe('FBX axis system and unit', () => {
  it('reads GlobalSettings from binary and ASCII files', () => {
    for (const bytes of [cubeFbxBinary(), Buffer.from(cubeFbxAscii())]) {
      const s = readFbxSettings(bytes);
      expect(s.up).toEqual({ axis: 1, sign: 1 });
      expect(s.unitScaleFactor).toBe(1);
      expect(s.creator).toBe('XR Studio tests');
    }
    expect(readFbxSettings(Buffer.from(cubeWith(100, true)))).toMatchObject({
      up: { axis: 2, sign: 1 },
      front: { axis: 1, sign: -1 },
      coord: { axis: 0, sign: 1 },
      unitScaleFactor: 100,
    });
  });

  it('takes centimetres to metres and 3ds Max’s Z-up frame to Y-up', () => {
    expect(fbxFrame(yUp).frame).toEqual({ upAxis: 'y', unitScale: 0.01 });
    expect(apply(yUp, [100, 200, 300])).toEqual([1, 2, 3]);
    // Inches (2.54 cm), Z up, -Y front: Z becomes Y, -Y becomes +Z.
    expect(fbxFrame(maxZUp).frame).toEqual({ upAxis: 'z', unitScale: 0.0254 });
    expect(apply(maxZUp, [0, 0, 100])).toEqual([0, 2.54, 0]);
    expect(apply(maxZUp, [0, -100, 0])).toEqual([0, 0, 2.54]);
    expect(apply(maxZUp, [100, 0, 0])).toEqual([2.54, 0, 0]);
    // Down-pointing up axis, and settings that are not a permutation of the axes (the up axis alone decides).
    expect(fbxFrame({ ...yUp, up: { axis: 1, sign: -1 } }).frame.upAxis).toBe('-y');
    expect(apply({ ...yUp, unitScaleFactor: 100, up: { axis: 2, sign: 1 }, front: { axis: 2, sign: 1 } }, [0, 0, 1])).toEqual([
      0, 1, 0,
    ]);
  });

  it('reads Kenney and Asset Forge kits’ FBX (declared metres, written in decimetres) at their glTF size', () => {
    const kit = { ...yUp, unitScaleFactor: 100, creator: 'Made using Asset Forge (www.assetforge.io)' };
    expect(fbxFrame(kit).frame.unitScale).toBeCloseTo(0.1, 10);
    expect(fbxFrame({ ...kit, creator: 'Model created by Kenney (www.kenney.nl)' }).frame.unitScale).toBeCloseTo(0.1, 10);
    expect(fbxFrame({ ...kit, creator: 'Maya' }).frame.unitScale).toBe(1);
  });

  it('hides the up axis from the loader without moving a byte', () => {
    for (const bytes of [cubeFbxBinary(), Buffer.from(cubeWith(1, true))]) {
      const hidden = Buffer.from(hideFbxUpAxis(new Uint8Array(bytes).buffer));
      expect(hidden.length).toBe(bytes.length);
      expect(hidden.includes('UpAxiz')).toBe(true);
      expect(readFbxSettings(hidden).up.axis).toBe(1);
    }
  });

  it('converts an FBX in centimetres to metres on one root node, and records it in the report', async () => {
    const metres = await convert('m.fbx', cubeWith(100));
    const cm = await convert('cm.fbx', cubeWith(1));
    expect(metres.report).toMatchObject({ upAxis: 'y', unitScale: 1 });
    expect(cm.report).toMatchObject({ upAxis: 'y', unitScale: 0.01 });
    const m = await boundsOf(metres.glbPath);
    const c = await boundsOf(cm.glbPath);
    expect(Math.max(...m.size)).toBeGreaterThan(0);
    for (const [i, v] of m.size.entries()) expect(c.size[i]).toBeCloseTo(v / 100, 6);
    // One root carries the scale; the model's own nodes keep the file's values.
    expect(c.roots).toHaveLength(1);
    for (const v of c.roots[0]!.getScale()) expect(v).toBeCloseTo(0.01, 9);
    expect(m.roots[0]!.getScale()).toEqual([1, 1, 1]);
  }, 60_000);

  it('stands a Z-up FBX upright (height from its Z extent)', async () => {
    const io = await createIO();
    const inDir = fs.mkdtempSync(path.join(dir, 'z-'));
    const flat = path.join(inDir, 'y.fbx');
    const tall = path.join(inDir, 'z.fbx');
    // The cube stretched along the file's Z (its vertices' third coordinate × 3).
    const stretch = (text: string) =>
      text.replace(/(Vertices: \*\d+ \{\s*a: )([^\n]+)/, (_, head: string, list: string) => {
        const v = list.split(',').map(Number);
        return head + v.map((x, i) => (i % 3 === 2 ? x * 3 : x)).join(',');
      });
    fs.writeFileSync(flat, stretch(cubeWith(100)));
    fs.writeFileSync(tall, stretch(cubeWith(100, true)));
    let frame: unknown;
    const size = async (file: string) => {
      const b = getBounds((await importWithThree(io, file, 'fbx', inDir, [], (f) => (frame = f))).getRoot().listScenes()[0]!);
      return b.max.map((v, i) => v - b.min[i]!);
    };
    const [x, y, z] = await size(flat);
    expect(z! - y!).toBeGreaterThan(0.5 * y!);
    expect(await size(tall)).toEqual([expect.closeTo(x!, 5), expect.closeTo(z!, 5), expect.closeTo(y!, 5)]);
    expect(frame).toEqual({ upAxis: 'z', unitScale: 1 });
  }, 60_000);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getBounds } from '@gltf-transform/core';
import { Matrix4, Vector3 } from 'three';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cubeFbxAscii, cubeFbxBinary } from '../../../test/fixtures/fbx';
import { boxStlAscii, boxStlBinary } from '../../../test/fixtures/source-formats';
import { createIO } from './gltf-io';
import { processModel } from './model';
import { axesToGltf, type FbxSettings, fbxFrame, hideFbxUpAxis, readFbxSettings, stlFrame, Z_UP_TO_Y_UP } from './source-frame';
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
    expect(fbxFrame(yUp).frame).toEqual({ upAxis: 'y', frontAxis: 'z', unitScale: 0.01 });
    expect(apply(yUp, [100, 200, 300])).toEqual([1, 2, 3]);
    // Inches (2.54 cm), Z up, -Y front: Z becomes Y, -Y becomes +Z.
    expect(fbxFrame(maxZUp).frame).toEqual({ upAxis: 'z', frontAxis: '-y', unitScale: 0.0254 });
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
    expect(frame).toEqual({ upAxis: 'z', frontAxis: '-y', unitScale: 1 });
  }, 60_000);
});

describe('STL axes', () => {
  const turn = (m: Matrix4, v: [number, number, number]) =>
    new Vector3(...v)
      .applyMatrix4(m)
      .toArray()
      .map((x) => Number(x.toFixed(6)) + 0);
  /** The fixture box (2 along X, 1 along Y, 3 along Z in the file) with its 80-byte header left blank. */
  const blankHeader = () => {
    const b = boxStlBinary();
    b.fill(0, 0, 80);
    return b;
  };

  it('turns the file’s up axis to +Y and its front to +Z, right-handed', () => {
    const quarter = new Matrix4().makeRotationX(-Math.PI / 2).elements;
    for (const [i, v] of Z_UP_TO_Y_UP.elements.entries()) expect(v).toBeCloseTo(quarter[i]!, 12);
    const unity = axesToGltf('z', 'x');
    expect(turn(unity, [0, 0, 1])).toEqual([0, 1, 0]);
    expect(turn(unity, [1, 0, 0])).toEqual([0, 0, 1]);
    expect(turn(unity, [0, 1, 0])).toEqual([1, 0, 0]);
    expect(unity.determinant()).toBeCloseTo(1, 12);
  });

  it('reads STL as Z-up with Blender’s -Y front, and Unity’s writer (blank header) with its front on +X', () => {
    for (const bytes of [boxStlBinary(), Buffer.from(boxStlAscii())]) {
      const { matrix, frame } = stlFrame(bytes);
      expect(frame).toEqual({ upAxis: 'z', frontAxis: '-y', unitScale: 1 });
      expect(matrix.equals(Z_UP_TO_Y_UP)).toBe(true);
    }
    const { matrix, frame } = stlFrame(blankHeader());
    expect(frame).toEqual({ upAxis: 'z', frontAxis: 'x', unitScale: 1 });
    expect(turn(matrix, [0, 0, 3])).toEqual([0, 3, 0]);
    expect(turn(matrix, [2, 0, 0])).toEqual([0, 0, 2]);
    // Too short to hold a header and a triangle count: not a binary STL from any writer.
    expect(stlFrame(new Uint8Array(40)).frame.frontAxis).toBe('-y');
  });

  it('brings a blank-header STL to the size and heading of its glTF counterpart, and records the frame', async () => {
    const named = await convert('named.stl', boxStlBinary());
    const blank = await convert('blank.stl', blankHeader());
    expect(named.report).toMatchObject({ upAxis: 'z', frontAxis: '-y', unitScale: 1 });
    expect(blank.report).toMatchObject({ upAxis: 'z', frontAxis: 'x', unitScale: 1 });
    // The file's (2, 1, 3) box: 3 high either way; Blender's front (-Y, 1 deep) or Unity's (+X, 2 deep) along Z.
    // Positions are quantised by the optimiser: sizes within a millimetre.
    const size = async (glb: string) => (await boundsOf(glb)).size.map((v) => Number(v.toFixed(2)));
    expect(await size(named.glbPath)).toEqual([2, 3, 1]);
    expect(await size(blank.glbPath)).toEqual([1, 3, 2]);
  }, 60_000);
});

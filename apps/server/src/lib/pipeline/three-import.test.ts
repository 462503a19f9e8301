import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Document, getBounds, type Material, type Node } from '@gltf-transform/core';
import type { EmissiveStrength, Specular, Transform } from '@gltf-transform/extensions';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkerPng, cubeObj } from '../../../test/fixtures/models';
import { boxDae, boxPly, boxStlAscii, boxStlBinary, materialFbx, tdsScene } from '../../../test/fixtures/source-formats';
import { PipelineError } from './errors';
import { createIO, validateGlb } from './gltf-io';
import { processModel } from './model';
import { importWithThree, type ThreeFormat } from './three-import';
import { emissionOf, gltfTransformOf, shininessToRoughness } from './three-materials';
import { normalizeFbxAscii, stripInlineComments } from './three-parse';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-three-import-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Writes `name` (and `extra` files beside it) to a fresh folder and reads it as the pipeline does. */
async function load(name: string, data: Buffer | string, extra: Record<string, Buffer | string> = {}) {
  const inDir = fs.mkdtempSync(path.join(dir, 'in-'));
  fs.writeFileSync(path.join(inDir, name), data);
  for (const [n, d] of Object.entries(extra)) fs.writeFileSync(path.join(inDir, n), d);
  const warnings: string[] = [];
  const io = await createIO();
  const format = path.extname(name).slice(1).toLowerCase() as ThreeFormat;
  const doc = await importWithThree(io, path.join(inDir, name), format, inDir, warnings);
  const errors = (await validateGlb(await io.writeBinary(doc))).errors;
  return { doc, warnings, errors, io };
}

const onlyMaterial = (doc: Document): Material => {
  const list = doc.getRoot().listMaterials();
  expect(list).toHaveLength(1);
  return list[0]!;
};
const strength = (m: Material) => m.getExtension<EmissiveStrength>('KHR_materials_emissive_strength')?.getEmissiveStrength();
const meshNodes = (doc: Document) =>
  doc
    .getRoot()
    .listNodes()
    .filter((n) => n.getMesh());
const round = (v: number[], d = 3) => v.map((x) => Number(x.toFixed(d)) + 0);
const sceneBounds = (doc: Document) => {
  const b = getBounds(doc.getRoot().listScenes()[0]!);
  return { min: round(b.min), max: round(b.max) };
};
const nodeBounds = (n: Node) => {
  const b = getBounds(n);
  return { min: round(b.min), max: round(b.max) };
};

describe('material channels', () => {
  it('maps shininess to roughness through the Blinn-Phong / GGX relation', () => {
    expect(shininessToRoughness(20)).toBeCloseTo((2 / 22) ** 0.25, 6);
    expect(shininessToRoughness(0)).toBe(1);
    expect(shininessToRoughness(1e6)).toBeLessThan(0.05);
    // Blender's export of roughness 0.5 is n = 25.
    expect(shininessToRoughness(25)).toBeCloseTo(0.52, 2);
  });

  it('multiplies emission by its intensity and moves what exceeds 1 into a strength', () => {
    const c = { r: 1, g: 0.5, b: 0.25 } as never;
    expect(emissionOf(c, 0)).toEqual({ rgb: [0, 0, 0], strength: 1 });
    expect(emissionOf(c, 0.5)).toEqual({ rgb: [0.5, 0.25, 0.125], strength: 1 });
    const hot = emissionOf(c, 14.3);
    expect(hot.strength).toBeCloseTo(14.3, 6);
    expect(hot.rgb).toEqual([1, 0.5, 0.25]);
  });

  it('gives a Blender FBX (emission colour = diffuse, factor 0) no glow', async () => {
    const { doc, errors } = await load(
      'blender.fbx',
      materialFbx([
        '"DiffuseColor", "Color", "", "A",0.8,0.3,0.1',
        '"EmissiveColor", "Color", "", "A",0.8,0.3,0.1',
        '"EmissiveFactor", "Number", "", "A",0',
      ]),
    );
    const m = onlyMaterial(doc);
    expect(m.getEmissiveFactor()).toEqual([0, 0, 0]);
    expect(strength(m)).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it('keeps a 3ds Max emission of factor 14.3 as a normalised colour and KHR_materials_emissive_strength', async () => {
    const { doc, errors } = await load(
      'max.fbx',
      materialFbx([
        '"DiffuseColor", "Color", "", "A",1,1,1',
        '"EmissiveColor", "Color", "", "A",1,1,1',
        '"EmissiveFactor", "Number", "", "A",14.3',
      ]),
    );
    const m = onlyMaterial(doc);
    expect(Math.max(...m.getEmissiveFactor())).toBeCloseTo(1, 5);
    expect(strength(m)).toBeCloseTo(14.3, 4);
    // The validator flags emissive factors above 1; this one must be clean.
    expect(errors).toEqual([]);
  });

  it('scales a weak emission by its factor without a strength', async () => {
    const { doc } = await load(
      'weak.fbx',
      materialFbx(['"EmissiveColor", "Color", "", "A",1,1,1', '"EmissiveFactor", "Number", "", "A",0.5']),
    );
    const m = onlyMaterial(doc);
    expect(m.getEmissiveFactor().map((x) => Number(x.toFixed(3)))).toEqual([0.5, 0.5, 0.5]);
    expect(strength(m)).toBeUndefined();
  });

  it('maps FBX transparency, shininess and Lambert shading', async () => {
    const glass = onlyMaterial(
      (
        await load(
          'glass.fbx',
          materialFbx([
            '"DiffuseColor", "Color", "", "A",0.5,0.5,0.5',
            '"TransparencyFactor", "Number", "", "A",0.25',
            '"Shininess", "Number", "", "A",20',
            '"SpecularColor", "Color", "", "A",0.2,0.2,0.2',
          ]),
        )
      ).doc,
    );
    expect(glass.getAlphaMode()).toBe('BLEND');
    expect(glass.getBaseColorFactor()[3]).toBeCloseTo(0.75, 5);
    expect(glass.getRoughnessFactor()).toBeCloseTo((2 / 22) ** 0.25, 4);
    expect(glass.getMetallicFactor()).toBe(0);

    const opaque = onlyMaterial((await load('opaque.fbx', materialFbx(['"Opacity", "Number", "", "A",1']))).doc);
    expect(opaque.getAlphaMode()).toBe('OPAQUE');

    const matte = onlyMaterial(
      (await load('matte.fbx', materialFbx(['"DiffuseColor", "Color", "", "A",0.5,0.5,0.5'], 'lambert'))).doc,
    );
    expect(matte.getRoughnessFactor()).toBe(1);

    const dull = onlyMaterial(
      (await load('dull.fbx', materialFbx(['"Shininess", "Number", "", "A",80', '"SpecularColor", "Color", "", "A",0,0,0']))).doc,
    );
    expect(dull.getRoughnessFactor()).toBe(1);
  });

  it('carries MTL emission, specular and normal maps, texture scale, and says which maps glTF cannot hold', async () => {
    const png = await checkerPng(16, 2);
    const mtl = [
      'newmtl checker',
      'Kd 1 1 1',
      'Ke 1 1 1',
      'Ns 100',
      'd 0.5',
      'map_Kd -s 2 3 1 color.png',
      'map_Ke glow.png',
      'map_Ks spec.png',
      'norm normal.png',
      'bump height.png',
      '',
    ].join('\n');
    const files = { 'cube.mtl': mtl, 'color.png': png, 'glow.png': png, 'spec.png': png, 'normal.png': png, 'height.png': png };
    const { doc, warnings, errors } = await load('cube.obj', cubeObj(), files);
    const m = onlyMaterial(doc);
    expect(m.getBaseColorTexture()?.getName()).toBe('color.png');
    expect(m.getEmissiveTexture()?.getName()).toBe('glow.png');
    expect(m.getNormalTexture()?.getName()).toBe('normal.png');
    expect(m.getExtension<Specular>('KHR_materials_specular')?.getSpecularColorTexture()?.getName()).toBe('spec.png');
    expect(m.getAlphaMode()).toBe('BLEND');
    expect(m.getBaseColorFactor()[3]).toBeCloseTo(0.5, 5);
    expect(m.getRoughnessFactor()).toBeCloseTo(shininessToRoughness(100), 4);
    const t = m.getBaseColorTextureInfo()?.getExtension<Transform>('KHR_texture_transform');
    expect(t?.getScale()).toEqual([2, 3]);
    // Scale about the origin of V-up coordinates, written for glTF's V-down ones.
    expect(t?.getOffset()).toEqual([0, -2]);
    expect(warnings.join(' | ')).toMatch(/bump maps? .*no glTF equivalent/);
    expect(errors).toEqual([]);
  });

  it('merges an MTL transparency map (map_d) into the colour texture’s alpha', async () => {
    const color = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    // Left half opaque, right half transparent (three.js reads the map's green channel).
    const mask = await sharp(Buffer.from(Array.from({ length: 64 }, (_, i) => (i % 8 < 4 ? 255 : 0))), {
      raw: { width: 8, height: 8, channels: 1 },
    })
      .png()
      .toBuffer();
    const mtl = 'newmtl checker\nKd 1 1 1\nmap_Kd color.png\nmap_d leaf.png\n';
    const { doc, warnings, errors } = await load('cube.obj', cubeObj(), {
      'cube.mtl': mtl,
      'color.png': color,
      'leaf.png': mask,
    });
    expect(warnings).toEqual([]);
    expect(errors).toEqual([]);
    const m = onlyMaterial(doc);
    expect(m.getAlphaMode()).toBe('BLEND');
    const image = m.getBaseColorTexture()!.getImage()!;
    const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect([data[3], data[7 * 4 + 3], data[0]]).toEqual([255, 0, 255]);
  });

  it('converts a texture transform between the V-up and V-down conventions', () => {
    const t = gltfTransformOf({ src: 'x', offset: [0.25, 0.5], repeat: [2, 3], rotation: Math.PI / 2 });
    expect(t.scale).toEqual([2, 3]);
    expect(t.rotation).toBeCloseTo(-Math.PI / 2, 9);
    expect(t.offset[0]).toBeCloseTo(2.25, 9);
    expect(t.offset[1]).toBeCloseTo(0.5, 9);
  });
});

describe('OBJ and MTL inline comments', () => {
  it('strips a comment after whitespace and keeps a # inside a name', () => {
    expect(stripInlineComments('f 1 2 3 # top\nv 1 2 3\t# x\nmap_Kd wood#2.png\n# whole line')).toBe(
      'f 1 2 3\nv 1 2 3\nmap_Kd wood#2.png\n# whole line',
    );
  });

  it('reads faces, the material library and its colours despite trailing comments', async () => {
    const obj = cubeObj()
      .split('\n')
      .map((line) => (line && !line.startsWith('#') ? `${line} # note` : line))
      .join('\n');
    expect(obj).toMatch(/^mtllib cube\.mtl # note$/m);
    expect(obj).toMatch(/^f .* # note$/m);
    const mtl = 'newmtl checker # the only one\nKd 1 0 0 # red\nNs 10 # dull\n';
    const { doc, warnings, errors } = await load('cube.obj', obj, { 'cube.mtl': mtl });
    expect(warnings).toEqual([]);
    expect(errors).toEqual([]);
    const prims = doc.getRoot().listMeshes()[0]!.listPrimitives();
    expect(prims[0]!.getAttribute('POSITION')!.getCount()).toBe(36);
    const m = onlyMaterial(doc);
    expect(m.getName()).toBe('checker');
    expect(round(m.getBaseColorFactor())).toEqual([1, 0, 0, 1]);
  });
});

describe('damaged attributes', () => {
  it('repairs NaN texture coordinates instead of shipping them', async () => {
    const obj = cubeObj(false).replace(/^vt .*$/m, 'vt NaN NaN');
    const { doc, warnings, errors } = await load('nan.obj', obj);
    expect(errors).toEqual([]);
    expect(warnings.join(' | ')).toMatch(/invalid \(NaN\) normals or texture coordinates; repaired/);
    const uv = doc.getRoot().listMeshes()[0]!.listPrimitives()[0]!.getAttribute('TEXCOORD_0')!;
    expect(Array.from(uv.getArray()!).every(Number.isFinite)).toBe(true);
  });
});

describe('3DS keyframer', () => {
  const cube = { name: 'Cube', size: [2, 2, 2] as [number, number, number] };

  it('places every instance of an instanced mesh', async () => {
    const positions: [number, number, number][] = [
      [0, 0, 0],
      [5, 0, 0],
      [0, 5, 0],
      [0, 0, 5],
    ];
    const file = tdsScene({
      meshes: [cube],
      nodes: positions.map((position, i) => ({ id: i, name: 'Cube', instance: `Cube${i + 1}`, position })),
    });
    const { doc, errors } = await load('four.3ds', file);
    expect(errors).toEqual([]);
    const nodes = meshNodes(doc);
    expect(nodes.map((n) => n.getName()).sort()).toEqual(['Cube1', 'Cube2', 'Cube3', 'Cube4']);
    expect(new Set(nodes.map((n) => n.getMesh())).size).toBe(1);
    const centres = nodes.map((n) => {
      const b = nodeBounds(n);
      return b.min.map((v, i) => (v + b.max[i]!) / 2);
    });
    // 3DS is Z-up: a file's (x, y, z) is glTF's (x, z, -y).
    expect(centres.sort()).toEqual(positions.map(([x, y, z]) => round([x, z, -y])).sort());
    expect(sceneBounds(doc)).toEqual({ min: [-1, -1, -6], max: [6, 6, 1] });
  });

  it('keeps a ten-node hierarchy with dummies, positions relative to parents', async () => {
    const nodes = [
      { id: 0, name: '$$$DUMMY', instance: 'Rig', position: [1, 0, 0] as [number, number, number] },
      ...Array.from({ length: 9 }, (_, i) => ({
        id: i + 1,
        name: i % 2 === 0 ? 'Cube' : 'Bar',
        instance: `Part${i + 1}`,
        parent: i,
        position: [3, 0, 0] as [number, number, number],
      })),
    ];
    const file = tdsScene({ meshes: [cube, { name: 'Bar', size: [1, 4, 1] }], nodes });
    const { doc, errors } = await load('chain.3ds', file);
    expect(errors).toEqual([]);
    const names = doc
      .getRoot()
      .listNodes()
      .map((n) => n.getName());
    for (const n of ['Rig', ...nodes.slice(1).map((x) => x.instance)]) expect(names).toContain(n);
    expect(meshNodes(doc)).toHaveLength(9);
    const rig = doc
      .getRoot()
      .listNodes()
      .find((n) => n.getName() === 'Rig')!;
    let depth = 0;
    for (let n: Node | undefined = rig; n; n = n.listChildren()[0]) depth++;
    expect(depth).toBe(10);
    // 1 + 9 × 3 along X: the last (a cube) spans 27 ± 1.
    expect(sceneBounds(doc).max[0]).toBe(29);
  });

  it('applies an instance scale, rotation and pivot', async () => {
    const bar = { name: 'Bar', size: [2, 1, 1] as [number, number, number] };
    const file = tdsScene({
      meshes: [bar],
      nodes: [
        {
          id: 0,
          name: 'Bar',
          position: [5, 0, 0],
          pivot: [0, 0, 0],
          scale: [1, 1, 3],
          rotation: { angle: Math.PI / 2, axis: [0, 0, 1] },
        },
        { id: 1, name: 'Bar', instance: 'Shifted', position: [0, 10, 0], pivot: [1, 0, 0] },
      ],
    });
    const { doc, errors } = await load('turned.3ds', file);
    expect(errors).toEqual([]);
    const [turned, shifted] = ['Bar', 'Shifted'].map((name) => meshNodes(doc).find((n) => n.getName() === name)!);
    // In the file's Z-up frame: [4.5, -1, -1.5] to [5.5, 1, 1.5]; glTF's (x, y, z) is the file's (x, z, -y).
    expect(nodeBounds(turned!)).toEqual({ min: [4.5, -1.5, -1], max: [5.5, 1.5, 1] });
    // The pivot is the point of the mesh that lands on the node's position ([-2, 9.5, -0.5] to [0, 10.5, 0.5]).
    expect(nodeBounds(shifted!)).toEqual({ min: [-2, -0.5, -10.5], max: [0, 0.5, -9.5] });
  });

  it('keeps a file without keyframer as the meshes place themselves', async () => {
    const { doc } = await load('plain.3ds', tdsScene({ meshes: [{ ...cube, center: [3, 0, 0] }] }));
    expect(meshNodes(doc)).toHaveLength(1);
    expect(sceneBounds(doc)).toEqual({ min: [2, -1, -1], max: [4, 1, 1] });
  });

  it('writes texture scale, offset and rotation as KHR_texture_transform', async () => {
    const png = await checkerPng(16, 2);
    const withMap = (extra: object) =>
      tdsScene({
        meshes: [{ ...cube, material: 'Paint', uvs: true }],
        materials: [{ name: 'Paint', color: [1, 1, 1], texture: 'paint.png', ...extra }],
      });
    const { doc } = await load('tiled.3ds', withMap({ uScale: 2, vScale: 4, angle: 30 }), { 'paint.png': png });
    const t = onlyMaterial(doc).getBaseColorTextureInfo()?.getExtension<Transform>('KHR_texture_transform');
    expect(t?.getScale()).toEqual([2, 4]);
    expect(t?.getRotation()).toBeCloseTo((-30 * Math.PI) / 180, 5);
  });

  it('gives different files different GLBs and counts every instance', async () => {
    const runs: Buffer[] = [];
    const variants = [
      tdsScene({ meshes: [cube] }),
      tdsScene({ meshes: [cube], nodes: [{ id: 0, name: 'Cube', position: [2, 0, 0] }] }),
      tdsScene({
        meshes: [cube],
        nodes: [0, 1, 2, 3].map((i) => ({
          id: i,
          name: 'Cube',
          instance: `C${i}`,
          position: [i * 3, 0, 0] as [number, number, number],
        })),
      }),
      tdsScene({ meshes: [cube], nodes: [{ id: 0, name: 'Cube', scale: [2, 1, 1] }] }),
      tdsScene({
        meshes: [{ ...cube, material: 'Paint', uvs: true }],
        materials: [{ name: 'Paint', color: [1, 1, 1], texture: 'paint.png', uScale: 3 }],
      }),
    ];
    const triangles: number[] = [];
    for (const [i, file] of variants.entries()) {
      const inDir = fs.mkdtempSync(path.join(dir, 'run-'));
      fs.writeFileSync(path.join(inDir, `v${i}.3ds`), file);
      fs.writeFileSync(path.join(inDir, 'paint.png'), await checkerPng(16, 2));
      const r = await processModel({
        inputPath: path.join(inDir, `v${i}.3ds`),
        originalName: `v${i}.3ds`,
        workDir: path.join(inDir, 'w'),
      });
      const bytes = fs.readFileSync(r.glbPath);
      expect((await validateGlb(bytes)).errors).toEqual([]);
      runs.push(bytes);
      triangles.push(r.report.triangles);
      expect([r.report.upAxis, r.report.unitScale]).toEqual(['z', 1]);
    }
    expect(new Set(runs.map((b) => b.toString('base64'))).size).toBe(variants.length);
    expect(triangles).toEqual([12, 12, 48, 12, 12]);
  }, 60_000);
});

describe('DAE, STL and PLY', () => {
  // The fixtures' box spans [0, 0, 0] to [2, 1, 3] in the file; STL and PLY are Z-up: its 3 in Z becomes its height.
  const BOX = { min: [0, 0, -1], max: [2, 3, 0] };

  it('reads binary and ASCII STL as Z-up, lengths as written', async () => {
    for (const [name, data] of [
      ['box.stl', boxStlBinary()],
      ['ascii.stl', boxStlAscii()],
    ] as const) {
      const { doc, warnings, errors } = await load(name, data);
      expect(sceneBounds(doc), name).toEqual(BOX);
      expect(warnings, name).toEqual([]);
      expect(errors, name).toEqual([]);
    }
  });

  it('reads a PLY with vertex colours and refuses a point cloud', async () => {
    const { doc, errors } = await load('box.ply', boxPly());
    expect(sceneBounds(doc)).toEqual(BOX);
    expect(errors).toEqual([]);
    expect(doc.getRoot().listMeshes()[0]!.listPrimitives()[0]!.getAttribute('COLOR_0')).toBeTruthy();
    const err = await load('cloud.ply', boxPly(true)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PipelineError);
    expect((err as PipelineError).reason).toBe('no_geometry');
  });

  it('applies a Collada Z-up axis and unit once, in the node transforms', async () => {
    const zUp = await load('box.dae', boxDae('Z_UP', 1));
    // Z-up: the box's 3 in Z becomes its height (Y); its 1 in Y now points towards -Z.
    expect(sceneBounds(zUp.doc)).toEqual({ min: [0, 0, -1], max: [2, 3, 0] });
    expect(zUp.errors).toEqual([]);
    const cm = await load('cm.dae', boxDae('Y_UP', 0.01));
    expect(sceneBounds(cm.doc)).toEqual({ min: [0, 0, 0], max: [0.02, 0.01, 0.03] });
    const m = onlyMaterial(zUp.doc);
    expect(m.getEmissiveFactor()).toEqual([0, 0, 0]);
    expect(m.getRoughnessFactor()).toBeCloseTo(shininessToRoughness(20), 4);
  });

  it('takes DAE, STL and PLY uploads through the whole pipeline', async () => {
    for (const [name, data] of [
      ['box.dae', boxDae()],
      ['box.stl', boxStlBinary()],
      ['box.ply', boxPly()],
    ] as const) {
      const inDir = fs.mkdtempSync(path.join(dir, 'p-'));
      fs.writeFileSync(path.join(inDir, name), data);
      const r = await processModel({ inputPath: path.join(inDir, name), originalName: name, workDir: path.join(inDir, 'w') });
      expect((await validateGlb(fs.readFileSync(r.glbPath))).errors, name).toEqual([]);
      expect(r.report.triangles, name).toBe(12);
      expect([r.report.upAxis, r.report.unitScale], name).toEqual(['z', 1]);
    }
  }, 60_000);

  it('refuses other formats with the list of accepted ones', async () => {
    const inDir = fs.mkdtempSync(path.join(dir, 'x-'));
    fs.writeFileSync(path.join(inDir, 'a.blend'), 'BLENDER');
    const err = await processModel({
      inputPath: path.join(inDir, 'a.blend'),
      originalName: 'a.blend',
      workDir: path.join(inDir, 'w'),
    }).catch((e: unknown) => e);
    expect((err as PipelineError).reason).toBe('unsupported_format');
    expect((err as PipelineError).message).toMatch(/\.dae.*\.ply.*\.stl/);
  });
});

describe('ASCII FBX layouts', () => {
  it('re-indents a closing brace written too deep and drops an array’s trailing comma', () => {
    const text =
      'Objects:  {\n\tGeometry: 1, "Geometry::", "Mesh" {\n\t\tUV: *2 {\n\t\t\ta: 0,1,\n\t\t\t\t}\n\t\tUVIndex: *1 {\n\t\t\ta: 0\n\t\t}\n\t}\n}';
    expect(normalizeFbxAscii(text)).toBe(
      'Objects:  {\n\tGeometry: 1, "Geometry::", "Mesh" {\n\t\tUV: *2 {\n\t\t\ta: 0,1\n\t\t}\n\t\tUVIndex: *1 {\n\t\t\ta: 0\n\t\t}\n\t}\n}',
    );
  });
});

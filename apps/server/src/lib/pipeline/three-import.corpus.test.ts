import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getBounds } from '@gltf-transform/core';
import type { EmissiveStrength } from '@gltf-transform/extensions';
import type { Color, Material, Mesh } from 'three';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIO, validateGlb } from './gltf-io';
import { processModel } from './model';
import type { SourceFrame } from './source-frame';
import { importWithThree } from './three-import';
import { parseWithThree } from './three-parse';

/** The shared CC0 corpus (Kenney and Quaternius packs); absent in a user's clone. */
const CORPUS = path.resolve(__dirname, '../../../../../../shared/corpus/cc0-models');
const PLATFORMER = path.join(CORPUS, 'kenney/Platformer Kit (1.0)/Models');
const present = fs.existsSync(CORPUS);
if (!present)
  console.warn(`Skipping the source-reader corpus tests: ${CORPUS} is absent (the shared CC0 corpus is not in this clone).`);

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-reader-corpus-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A few files of each FBX family: Kenney's ASCII 7.3 kits and Quaternius's binary Blender exports (one rigged). */
function sampleFbx(): string[] {
  const pick = (folder: string, n: number) => {
    const found: string[] = [];
    const walk = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        if (found.length >= n) return;
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.toLowerCase().endsWith('.fbx')) found.push(p);
      }
    };
    walk(path.join(CORPUS, folder));
    return found;
  };
  return [
    ...pick('kenney/Furniture Pack (1.0)', 2),
    ...pick('kenney/Platformer Kit (1.0)', 1),
    ...pick('quaternius/Nature', 2),
    ...pick('quaternius/Home and Buildings', 1),
    ...pick('quaternius/Characters and Animals', 1),
    // NaN texture coordinates in the source; a rig with several root bones.
    path.join(CORPUS, 'kenney/Furniture Pack (1.0)/Models/toilet.fbx'),
    path.join(CORPUS, 'quaternius/Characters and Animals/Animals Pack - Oct 2016/FBX/Fish.fbx'),
  ].filter((f) => fs.existsSync(f));
}

/** How much light a loader's material emits as three.js shows it (emissive colour × intensity). */
function sourceEmission(m: Material): number {
  const x = m as Material & { emissive?: Color; emissiveIntensity?: number };
  if (!x.emissive) return 0;
  return Math.max(x.emissive.r, x.emissive.g, x.emissive.b) * (x.emissiveIntensity ?? 1);
}

describe.skipIf(!present)('source readers on the CC0 corpus', () => {
  it('converts real FBX files with no glow their source does not have, and no validator error', async () => {
    const files = sampleFbx();
    expect(files.length).toBeGreaterThanOrEqual(8);
    const io = await createIO();
    // Materials whose emission colour is set with a zero factor (Blender writes the diffuse colour there): they glow
    // when the factor is ignored.
    let darkEmitters = 0;
    for (const file of files) {
      const label = path.relative(CORPUS, file);
      const source = parseWithThree(file, 'fbx', []).result;
      const emitting = new Set<string>();
      source.traverse((o) => {
        const mats = (o as Mesh).isMesh ? [(o as Mesh).material].flat() : [];
        for (const m of mats) {
          if (sourceEmission(m) > 0) emitting.add(m.name);
          const e = (m as Material & { emissive?: Color }).emissive;
          if (e && Math.max(e.r, e.g, e.b) > 0 && sourceEmission(m) === 0) darkEmitters++;
        }
      });
      const doc = await importWithThree(io, file, 'fbx', path.dirname(file), []);
      for (const mat of doc.getRoot().listMaterials()) {
        const glow = Math.max(...mat.getEmissiveFactor());
        if (!emitting.has(mat.getName())) expect(glow, `${label}: ${mat.getName()}`).toBe(0);
        const strength = mat.getExtension<EmissiveStrength>('KHR_materials_emissive_strength')?.getEmissiveStrength() ?? 1;
        expect(glow, `${label}: ${mat.getName()}`).toBeLessThanOrEqual(1);
        expect(strength, `${label}: ${mat.getName()}`).toBeGreaterThanOrEqual(1);
      }
      expect((await validateGlb(await io.writeBinary(doc))).errors, label).toEqual([]);
    }
    expect(darkEmitters).toBeGreaterThan(0);
  }, 120_000);

  it('turns the Platformer Kit’s FBX, DAE, STL and GLB versions of a model into matching valid GLBs', async () => {
    const io = await createIO();
    // Models whose footprint is long one way (flag, fence): a quarter turn about the vertical shows in X and Z.
    for (const name of ['blockCliff', 'tree', 'flag', 'fence']) {
      const size: Record<string, number[]> = {};
      for (const [folder, ext, frame] of [
        ['FBX format', 'fbx', { upAxis: 'y', frontAxis: 'z', unitScale: 0.1 }],
        ['DAE format', 'dae', { upAxis: 'y', frontAxis: 'z', unitScale: 1 }],
        // Unity's STL writer (Asset Forge): Z up, front on +X (`stlFrame`).
        ['STL format', 'stl', { upAxis: 'z', frontAxis: 'x', unitScale: 1 }],
        ['GLTF format', 'glb', { upAxis: 'y', frontAxis: 'z', unitScale: 1 }],
      ] as const) {
        const input = path.join(PLATFORMER, folder, `${name}.${ext}`);
        const r = await processModel({
          inputPath: input,
          originalName: `${name}.${ext}`,
          workDir: path.join(dir, `${name}-${ext}`),
        });
        const bytes = fs.readFileSync(r.glbPath);
        expect((await validateGlb(bytes)).errors, `${name}.${ext}`).toEqual([]);
        expect(r.report, `${name}.${ext}`).toMatchObject(frame);
        const b = getBounds((await io.readBinary(bytes)).getRoot().listScenes()[0]!);
        size[ext] = b.max.map((v, i) => v - b.min[i]!);
      }
      // Same up axis, heading and size, nothing rescaled or remapped after the pipeline: the extents along X, Y and Z
      // agree within 1 % of the largest (where each export put the model about the origin differs: not compared).
      const glb = size.glb!;
      const tolerance = 0.01 * Math.max(...glb);
      for (const ext of ['fbx', 'dae', 'stl'])
        for (const [i, v] of size[ext]!.entries())
          expect(Math.abs(v - glb[i]!), `${name}.${ext} extent ${'xyz'[i]}`).toBeLessThanOrEqual(tolerance);
    }
  }, 180_000);

  it('textures Kenney’s ASCII FBX 7.3 kits, whose Texture nodes name their file without a Video object', async () => {
    const io = await createIO();
    for (const [relative, textured] of [
      ['kenney/Castle Kit (1.0)/Models/knightBlue.fbx', ['astronaut', 'knightBlue']],
      ['kenney/Space Kit (1.0)/Models/metalTile.fbx', ['net']],
    ] as const) {
      const file = path.join(CORPUS, relative);
      const warnings: string[] = [];
      const doc = await importWithThree(io, file, 'fbx', path.dirname(file), warnings);
      const withMap = doc
        .getRoot()
        .listMaterials()
        .filter((m) => m.getBaseColorTexture())
        .map((m) => m.getName())
        .sort();
      expect(withMap, relative).toEqual(textured);
      expect(warnings, relative).toEqual([]);
    }
  }, 60_000);

  it('draws a skinned character as one primitive per material of each source mesh', async () => {
    const file = path.join(CORPUS, 'quaternius/Characters and Animals/Alien Animated - April 2019/FBX/Alien.fbx');
    const source = parseWithThree(file, 'fbx', []).result;
    let materials = 0;
    source.traverse((o) => {
      const mesh = o as Mesh;
      if (mesh.isMesh) materials += new Set(mesh.geometry.groups.map((g) => g.materialIndex ?? 0)).size || 1;
    });
    // FBXLoader gives the Alien one group per run of faces: 176 groups of 5 materials.
    expect(materials).toBe(5);
    const r = await processModel({ inputPath: file, originalName: 'Alien.fbx', workDir: path.join(dir, 'alien') });
    const out = await (await createIO()).read(r.glbPath);
    expect(out.getRoot().listSkins().length).toBeGreaterThan(0);
    const primitives = out
      .getRoot()
      .listMeshes()
      .reduce((n, m) => n + m.listPrimitives().length, 0);
    expect(primitives).toBe(materials);
  }, 120_000);

  it('gives FBX models their real-world size from the file’s unit', async () => {
    const io = await createIO();
    const measure = async (relative: string) => {
      const file = path.join(CORPUS, relative);
      let frame: SourceFrame | undefined;
      const doc = await importWithThree(io, file, 'fbx', path.dirname(file), [], (f) => {
        frame = f;
      });
      const b = getBounds(doc.getRoot().listScenes()[0]!);
      const [x, y, z] = b.max.map((v, i) => v - b.min[i]!) as [number, number, number];
      return { frame, height: y, length: Math.max(x, z) };
    };
    // Blender exports in centimetres (UnitScaleFactor 1): without the unit the tank reads as 1 722 m.
    // Quaternius models are built large: the file itself says 17 m, as Blender and Unity import it.
    const tank = await measure('quaternius/Vehicles/Tank Pack - June 2019/FBX/Tank.fbx');
    expect(tank.frame).toMatchObject({ upAxis: 'y', unitScale: 0.01 });
    expect(tank.length).toBeGreaterThan(3);
    expect(tank.length).toBeLessThan(20);
    // A rigged, animated character (its armature scale and keyframes untouched, the root scaled): 5.5 m in its file.
    const human = await measure('quaternius/Characters and Animals/Man Animated - Oct 2017/FBX/Animated Human.fbx');
    expect(human.frame).toMatchObject({ upAxis: 'y', unitScale: 0.01 });
    expect(human.height).toBeGreaterThan(1);
    expect(human.height).toBeLessThan(6);
    const chair = await measure('quaternius/Home and Buildings/Furniture Pack - March 2019/FBX/Chair.fbx');
    expect(chair.height).toBeGreaterThan(0.5);
    expect(chair.height).toBeLessThan(1.5);
    // Kenney's Asset Forge kits: metres declared, decimetres written.
    const kenneyChair = await measure('kenney/Furniture Pack (1.0)/Models/chair.fbx');
    expect(kenneyChair.frame?.unitScale).toBeCloseTo(0.1, 10);
    expect(kenneyChair.height).toBeGreaterThan(0.3);
    expect(kenneyChair.height).toBeLessThan(1.5);
    const tower = await measure('kenney/Castle Kit (1.0)/Models/siegeTower.fbx');
    expect(tower.height).toBeGreaterThan(2);
    expect(tower.height).toBeLessThan(15);
  }, 120_000);
});

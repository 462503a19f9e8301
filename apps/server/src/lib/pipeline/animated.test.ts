import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Document, Logger, type Node, Primitive } from '@gltf-transform/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { morphDocument, skinnedDocument, toGlb } from '../../../test/fixtures/animated';
import { countDocument, createIO, validateGlb } from './gltf-io';
import { processModel } from './model';
import { importWithThree } from './three-import';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-animated-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function run(name: string, data: Buffer | Uint8Array) {
  const inDir = fs.mkdtempSync(path.join(dir, 'in-'));
  const inputPath = path.join(inDir, name);
  fs.writeFileSync(inputPath, data);
  return processModel({ inputPath, originalName: name, workDir: path.join(inDir, 'work') });
}

async function readOutput(file: string): Promise<Document> {
  const doc = await (await createIO()).read(file);
  doc.setLogger(new Logger(Logger.Verbosity.ERROR));
  return doc;
}

/** `m` (column-major 4×4) applied to a point (w = 1) or a direction (w = 0). */
function apply(m: readonly number[], v: number[], w: 0 | 1): number[] {
  return [0, 1, 2].map((r) => m[r]! * v[0]! + m[4 + r]! * v[1]! + m[8 + r]! * v[2]! + m[12 + r]! * w);
}

/**
 * Surface area in world space of the document's mesh drawn by `node`, with its first morph target at `weight` (the
 * output's positions are quantised by meshopt and placed by the node's matrix, hence world space).
 */
function area(node: Node, weight: number): number {
  const m = node.getWorldMatrix();
  let total = 0;
  for (const prim of node.getMesh()!.listPrimitives()) {
    expect(prim.getMode()).toBe(Primitive.Mode.TRIANGLES);
    const pos = prim.getAttribute('POSITION')!;
    const delta = prim.listTargets()[0]?.getAttribute('POSITION');
    const at = (i: number) => {
      const p = pos.getElement(i, []);
      const d = delta ? delta.getElement(i, []) : [0, 0, 0];
      return apply(
        m,
        [0, 1, 2].map((k) => p[k]! + weight * d[k]!),
        1,
      );
    };
    const idx = prim.getIndices()!;
    for (let t = 0; t < idx.getCount(); t += 3) {
      const [a, b, c] = [at(idx.getScalar(t)), at(idx.getScalar(t + 1)), at(idx.getScalar(t + 2))];
      const u = [0, 1, 2].map((k) => b[k]! - a[k]!);
      const v = [0, 1, 2].map((k) => c[k]! - a[k]!);
      total += Math.hypot(u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!) / 2;
    }
  }
  return total;
}

describe('animated meshes are never simplified', () => {
  it('keeps every triangle of a morph-target mesh and its morphed shape', async () => {
    const { doc: source } = morphDocument();
    const sourceNode = source.getRoot().listNodes()[0]!;
    const [flat, bulged] = [area(sourceNode, 0), area(sourceNode, 1)];
    expect(countDocument(source).triangles).toBe(32);

    const r = await run('cloth.glb', await toGlb(source));
    expect(r.report.triangles).toBe(32);
    expect(r.report.morphTargets).toBe(1);
    expect(r.report.animations).toEqual(['Bump']);
    expect((await validateGlb(fs.readFileSync(r.glbPath))).errors).toEqual([]);

    const out = await readOutput(r.glbPath);
    const node = out
      .getRoot()
      .listNodes()
      .find((n) => n.getMesh())!;
    expect(node.getMesh()!.listPrimitives()[0]!.listTargets()).toHaveLength(1);
    // the rest pose and the morphed pose keep their surface (a 2-triangle plane would keep the first, not the second)
    expect(area(node, 0)).toBeCloseTo(flat, 2);
    expect(area(node, 1)).toBeCloseTo(bulged, 2);
    expect(bulged).toBeGreaterThan(flat * 1.1);
  });

  it('keeps every triangle and skin weight of a skinned mesh, and its skeleton under one root', async () => {
    const r = await run('rig.glb', await toGlb(skinnedDocument()));
    expect(r.report.triangles).toBe(8);
    expect(r.report.skins).toBe(1);
    expect(r.report.animations).toEqual(['Bend']);
    // flattening the hierarchy moved the two root bones apart: SKIN_NO_COMMON_ROOT
    expect((await validateGlb(fs.readFileSync(r.glbPath))).errors).toEqual([]);

    const out = await readOutput(r.glbPath);
    const skin = out.getRoot().listSkins()[0]!;
    const joints = skin.listJoints();
    expect(joints.map((j) => j.getName())).toEqual(['Hips', 'Spine', 'IK_Target']);
    // Hips and IK_Target still share their parent, the armature
    expect(joints[0]!.getParentNode()).toBeTruthy();
    expect(joints[0]!.getParentNode()).toBe(joints[2]!.getParentNode());
    // the bend blends over five rows of vertices (weights 0, ¼, ½, ¾, 1 on the second bone): all still there
    const prim = out.getRoot().listMeshes()[0]!.listPrimitives()[0]!;
    const w = prim.getAttribute('WEIGHTS_0')!;
    const j = prim.getAttribute('JOINTS_0')!;
    const second = new Set<number>();
    for (let i = 0; i < w.getCount(); i++) {
      // the writer may reorder a vertex's influences (largest first): find Spine's slot
      const slots = j.getElement(i, []);
      const weights = w.getElement(i, []);
      second.add(Math.round(slots.reduce((sum, joint, k) => sum + (joint === 1 ? weights[k]! : 0), 0) * 4));
    }
    expect([...second].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  // The shared CC0 corpus sits beside the project (../shared); a clone without it skips this case and says so.
  const knight = path.resolve(
    import.meta.dirname,
    '../../../../../../shared/corpus/cc0-models/quaternius/Characters and Animals/Knight Character Animated  - Jul 2018/FBX',
  );
  if (!fs.existsSync(knight)) console.warn(`skipping the real rigged character: the shared corpus is absent (${knight})`);
  it.skipIf(!fs.existsSync(knight))(
    'processes a real rigged character (a GLB of the CC0 corpus knight, shared corpus) without a validator error',
    async () => {
      const io = await createIO();
      const warnings: string[] = [];
      const source = await importWithThree(io, path.join(knight, 'KnightCharacter.fbx'), 'fbx', knight, warnings);
      source.setLogger(new Logger(Logger.Verbosity.ERROR));
      const glb = await io.writeBinary(source);
      expect((await validateGlb(glb)).errors).toEqual([]);
      const before = countDocument(source);
      expect(before.skins).toBeGreaterThan(0);
      const r = await run('knight.glb', glb);
      expect((await validateGlb(fs.readFileSync(r.glbPath))).errors).toEqual([]);
      expect(r.report.skins).toBe(before.skins);
      expect(r.report.animations).toEqual(before.animations);
      expect(r.report.triangles).toBe(before.triangles);
    },
    120_000,
  );
  if (!fs.existsSync(knight)) console.warn(`skipped the rigged corpus character: ${knight} is absent`);
});

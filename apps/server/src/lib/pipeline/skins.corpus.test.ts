import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Node as GltfNode } from '@gltf-transform/core';
import type { AnimationClip, Object3D, SkinnedMesh } from 'three';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIO, validateGlb } from './gltf-io';
import { processModel } from './model';
import { importWithThree } from './three-import';
import { parseWithThree } from './three-parse';

/** The shared CC0 corpus (Kenney and Quaternius packs); absent in a user's clone. */
const CORPUS = path.resolve(__dirname, '../../../../../../shared/corpus/cc0-models');
const present = fs.existsSync(CORPUS);
if (!present)
  console.warn(`Skipping the rigged FBX corpus tests: ${CORPUS} is absent (the shared CC0 corpus is not in this clone).`);

const ANIMALS = 'quaternius/Characters and Animals/Animals Pack - Oct 2016/FBX';
const TANKS = 'quaternius/Vehicles/Tank Pack - June 2019/FBX';
/**
 * Quaternius FBX files whose skins break the glTF validator's skeleton rule (SKIN_SKELETON_INVALID) unless the pipeline
 * mends them (skins.ts): Blender rigs with several root bones (`roots`), and armatures skinning several meshes
 * (`shared`: the robot's body and hands, a tank's hull and tracks).
 */
const RIGS: [file: string, kind: 'roots' | 'shared'][] = [
  [`${ANIMALS}/Fish.fbx`, 'roots'],
  [`${ANIMALS}/Red Fox.fbx`, 'roots'],
  [`${ANIMALS}/bird.fbx`, 'roots'],
  ['quaternius/Miscellaneous/Holiday pack - Nov 2016/FBX/seagull.fbx', 'roots'],
  ['quaternius/Characters and Animals/Animated Robot - Oct 2018/FBX/Robot.fbx', 'shared'],
  [`${TANKS}/Tank.fbx`, 'shared'],
  [`${TANKS}/Tank2.fbx`, 'shared'],
  [`${TANKS}/Tank3.fbx`, 'shared'],
  [`${TANKS}/Tank4.fbx`, 'shared'],
];

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-rig-corpus-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const under = (node: GltfNode, root: GltfNode) => {
  for (let p: GltfNode | null = node; p; p = p.getParentNode()) if (p === root) return true;
  return false;
};

/** What three.js's FBXLoader reads: clip names, skinned meshes, and the armature's bones (copies not counted). */
function source(file: string) {
  const scene = parseWithThree(file, 'fbx', []).result as Object3D & { animations: AnimationClip[] };
  let skinned = 0;
  const names = new Set<string>();
  scene.traverse((o) => {
    const mesh = o as SkinnedMesh;
    if (!mesh.isSkinnedMesh) return;
    skinned++;
    for (const b of mesh.skeleton.bones) names.add(b.name);
  });
  return { clips: scene.animations.map((c) => c.name).sort(), skinned, bones: names.size };
}

describe.skipIf(!present)('rigged Quaternius FBX', () => {
  it('converts rigs with several root bones or several skinned meshes into valid GLBs with every skin and clip', async () => {
    const io = await createIO(false);
    for (const [relative, kind] of RIGS) {
      const file = path.join(CORPUS, relative);
      const src = source(file);
      const doc = await importWithThree(io, file, 'fbx', path.dirname(file), []);
      // The conversion is where such a skin would be refused (an error there is ours, never shipped).
      expect((await validateGlb(await io.writeBinary(doc))).errors, relative).toEqual([]);
      const skins = doc.getRoot().listSkins();
      expect(skins.length, relative).toBe(src.skinned);
      for (const skin of skins) {
        const root = skin.getSkeleton();
        expect(root, relative).toBeTruthy();
        for (const joint of skin.listJoints()) expect(under(joint, root!), relative).toBe(true);
      }
      // Each bone of the armature is one node, however many meshes it deforms.
      const joints = new Set(skins.flatMap((s) => s.listJoints()));
      expect(joints.size, relative).toBe(src.bones);
      if (kind === 'shared') {
        // The meshes share the armature's joints, under its root bone.
        expect(skins.length, relative).toBeGreaterThan(1);
        for (const skin of skins) expect(skin.listJoints().length, relative).toBe(joints.size);
        expect(joints.has(skins[0]!.getSkeleton()!), relative).toBe(true);
      } else {
        // Several root bones: their common root is the armature node, not a bone.
        expect(joints.has(skins[0]!.getSkeleton()!), relative).toBe(false);
      }
      const clips = doc
        .getRoot()
        .listAnimations()
        .map((a) => a.getName())
        .sort();
      expect(clips, relative).toEqual(src.clips);
    }
  }, 240_000);

  it('makes them ready through the whole pipeline, skins and clips kept', async () => {
    for (const relative of [
      `${ANIMALS}/Red Fox.fbx`,
      'quaternius/Characters and Animals/Animated Robot - Oct 2018/FBX/Robot.fbx',
    ]) {
      const file = path.join(CORPUS, relative);
      const src = source(file);
      const r = await processModel({
        inputPath: file,
        originalName: path.basename(file),
        workDir: path.join(dir, path.basename(file, '.fbx')),
      });
      expect((await validateGlb(fs.readFileSync(r.glbPath))).errors, relative).toEqual([]);
      expect(r.report.skins, relative).toBeGreaterThan(0);
      expect([...r.report.animations].sort(), relative).toEqual(src.clips);
    }
  }, 180_000);
});

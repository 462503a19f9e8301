import { Document } from '@gltf-transform/core';
import {
  Bone,
  BufferAttribute,
  BufferGeometry,
  Group,
  MeshStandardMaterial,
  type Object3D,
  Skeleton,
  SkinnedMesh,
  Vector3,
} from 'three';
import { describe, expect, it } from 'vitest';
import { skinnedDocument, toGlb } from '../../../test/fixtures/animated';
import { validateGlb } from './gltf-io';
import { closestCommonRoot, setSkeletonRoots, shareArmatureBones } from './skins';

/** A strip of four vertices up the Y axis, the lower two on joint 0, the upper two on joint 1. */
function strip(bones: Bone[]): SkinnedMesh {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(new Float32Array([0, 0, 0, 1, 0, 0, 0, 2, 0, 1, 2, 0]), 3));
  geometry.setAttribute('skinIndex', new BufferAttribute(new Uint16Array([0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]), 4));
  geometry.setAttribute('skinWeight', new BufferAttribute(new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]), 4));
  geometry.setIndex([0, 1, 2, 2, 1, 3]);
  const mesh = new SkinnedMesh(geometry, new MeshStandardMaterial());
  mesh.bind(new Skeleton(bones));
  return mesh;
}

/**
 * An armature (Root › Arm) skinning a body, and hands skinned to the same armature the way FBXLoader builds them:
 * through copies of its bones, each added to the bone it copies with no transform of its own.
 */
function sharedArmature() {
  const scene = new Group();
  const armature = new Group();
  armature.name = 'Armature';
  const root = new Bone();
  root.name = 'Root';
  root.position.set(0, 1, 0);
  const arm = new Bone();
  arm.name = 'Arm';
  arm.position.set(0, 1, 0);
  root.add(arm);
  armature.add(root);
  scene.add(armature);
  const copies = [root, arm].map((bone) => {
    const copy = new Bone();
    copy.name = bone.name;
    bone.add(copy);
    return copy;
  });
  scene.updateMatrixWorld(true);
  const body = strip([root, arm]);
  const hands = strip(copies);
  scene.add(body, hands);
  return { scene, root, arm, body, hands };
}

/** The skinned vertex positions of a mesh, in world space. */
function posed(mesh: SkinnedMesh): number[] {
  mesh.parent?.updateMatrixWorld(true);
  mesh.skeleton.update();
  const v = new Vector3();
  const out: number[] = [];
  for (let i = 0; i < mesh.geometry.getAttribute('position').count; i++)
    out.push(...mesh.getVertexPosition(i, v).applyMatrix4(mesh.matrixWorld).toArray());
  return out;
}

const bonesIn = (o: Object3D) => {
  let n = 0;
  o.traverse((x) => {
    if ((x as Bone).isBone) n++;
  });
  return n;
};

describe('meshes skinned to one armature', () => {
  it('bind to the armature’s own bones instead of FBXLoader’s copies, in the same pose', () => {
    const { scene, root, arm, body, hands } = sharedArmature();
    arm.rotation.z = 0.7;
    const before = posed(hands);
    expect(bonesIn(scene)).toBe(4);
    expect(shareArmatureBones(scene)).toBe(2);
    expect(hands.skeleton.bones).toEqual([root, arm]);
    expect(hands.skeleton.bones[1]).toBe(body.skeleton.bones[1]);
    expect(bonesIn(scene)).toBe(2);
    const after = posed(hands);
    for (const [i, v] of before.entries()) expect(after[i]).toBeCloseTo(v, 9);
    // Nothing left to share: a second pass changes nothing.
    expect(shareArmatureBones(scene)).toBe(0);
  });

  it('keeps a child bone of the same name that has a transform of its own, or whose parent its skeleton holds', () => {
    const { scene, root, arm, hands } = sharedArmature();
    const [rootCopy, armCopy] = hands.skeleton.bones as [Bone, Bone];
    rootCopy.position.set(0, 0.1, 0);
    expect(shareArmatureBones(scene)).toBe(1);
    expect(hands.skeleton.bones).toEqual([rootCopy, arm]);
    expect(armCopy.parent).toBeNull();
    // A skeleton holding a bone and a same-named child of it keeps both.
    const twin = new Bone();
    twin.name = 'Root';
    root.add(twin);
    const both = strip([root, twin]);
    scene.add(both);
    shareArmatureBones(scene);
    expect(both.skeleton.bones).toEqual([root, twin]);
    expect(twin.parent).toBe(root);
  });
});

describe('skin skeleton root', () => {
  it('names the closest common root of the joints: the armature of a rig with several root bones', async () => {
    // The fixture's skin has two root bones (Hips, IK_Target) under Armature; name Hips, as GLTFExporter would.
    const doc = skinnedDocument();
    const skin = doc.getRoot().listSkins()[0]!;
    const byName = (name: string) =>
      doc
        .getRoot()
        .listNodes()
        .find((n) => n.getName() === name)!;
    skin.setSkeleton(byName('Hips'));
    const codes = async () => (await validateGlb(await toGlb(doc))).issues.filter((i) => i.severity === 0).map((i) => i.code);
    expect(await codes()).toEqual(['SKIN_SKELETON_INVALID']);
    setSkeletonRoots(doc);
    expect(skin.getSkeleton()).toBe(byName('Armature'));
    expect(await codes()).toEqual([]);
    // One root bone: the root bone itself.
    expect(closestCommonRoot([byName('Spine'), byName('Hips')])).toBe(byName('Hips'));
    expect(closestCommonRoot([byName('Spine')])).toBe(byName('Spine'));
  });

  it('names none when the joints are in separate trees', () => {
    const doc = new Document();
    const a = doc.createNode('a');
    const b = doc.createNode('b');
    doc.createScene().addChild(a).addChild(b);
    expect(closestCommonRoot([a, b])).toBeNull();
    expect(closestCommonRoot([])).toBeNull();
  });
});

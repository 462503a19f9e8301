import type { Document, Node as GltfNode } from '@gltf-transform/core';
import type { Bone, Object3D, SkinnedMesh } from 'three';

const EPSILON = 1e-6;

/** A node whose local transform is the identity: it sits exactly where its parent is. */
function passThrough(o: Object3D): boolean {
  const { position: p, quaternion: q, scale: s } = o;
  return (
    p.lengthSq() < EPSILON &&
    Math.abs(Math.abs(q.w) - 1) < EPSILON &&
    Math.abs(s.x - 1) < EPSILON &&
    Math.abs(s.y - 1) < EPSILON &&
    Math.abs(s.z - 1) < EPSILON
  );
}

/**
 * Gives the skinned meshes of one armature the armature's own bones again. FBXLoader builds, for every further mesh
 * skinned to an armature (a robot's body and hands, a tank's hull and tracks), a copy of each bone, added as a child
 * of the bone it copies with no transform of its own. Such a mesh's joints then share no root (each hangs off a
 * different bone of the armature: the glTF validator's SKIN_SKELETON_INVALID once the exporter names the first of
 * them the skeleton), and the GLB carries the armature once per mesh. A copy sits exactly where its bone is and is
 * never animated (tracks name the bone, which is found first), and the bind matrices come from the file's clusters,
 * not from the bones, so binding the mesh to the bones themselves changes nothing of its pose or animation. A copy
 * is recognised as a bone with its parent's name and no transform; it is left where it is if its skeleton holds the
 * parent too. Returns how many copies were removed.
 */
export function shareArmatureBones(scene: Object3D): number {
  const meshes: SkinnedMesh[] = [];
  scene.traverse((o) => {
    if ((o as SkinnedMesh).isSkinnedMesh) meshes.push(o as SkinnedMesh);
  });
  const original = (bone: Bone): Bone => {
    let b = bone;
    while (b.parent && (b.parent as Bone).isBone && b.parent.name === bone.name && passThrough(b)) b = b.parent as Bone;
    return b;
  };
  const copies = new Set<Bone>();
  for (const mesh of meshes) {
    const bones = mesh.skeleton.bones;
    const own = new Set(bones);
    mesh.skeleton.bones = bones.map((bone) => {
      const target = bone ? original(bone) : bone;
      if (target === bone || own.has(target)) return bone;
      copies.add(bone);
      return target;
    });
  }
  const inUse = new Set(meshes.flatMap((m) => m.skeleton.bones));
  let removed = 0;
  for (const copy of copies) {
    if (inUse.has(copy) || !copy.parent) continue;
    // The copies below this one (those of other meshes) move up to the bone: no transform, so nothing moves.
    for (const child of [...copy.children]) copy.parent.add(child);
    copy.parent.remove(copy);
    removed++;
  }
  return removed;
}

/** The deepest node that is, or is an ancestor of, every node of `nodes`; null when they are in separate trees. */
export function closestCommonRoot(nodes: GltfNode[]): GltfNode | null {
  const first = nodes[0];
  if (!first) return null;
  const chain: GltfNode[] = [];
  for (let p: GltfNode | null = first; p; p = p.getParentNode()) chain.push(p);
  let at = 0;
  for (const node of nodes) {
    let found = -1;
    for (let p: GltfNode | null = node; p && found < 0; p = p.getParentNode()) found = chain.indexOf(p);
    if (found < 0) return null;
    at = Math.max(at, found);
  }
  return chain[at] ?? null;
}

/**
 * A skin's `skeleton` must be a common root of its joints. GLTFExporter names the first bone, which is none when a
 * rig has several root bones (Blender armatures whose bones hang from the armature itself): each skin gets the
 * closest common root of its joints instead (the armature node there), or none, the property being optional, when
 * its joints share no root.
 */
export function setSkeletonRoots(doc: Document): void {
  for (const skin of doc.getRoot().listSkins()) skin.setSkeleton(closestCommonRoot(skin.listJoints()));
}

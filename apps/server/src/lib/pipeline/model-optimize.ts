import { type Document, type Node as GltfNode, Primitive, PropertyType } from '@gltf-transform/core';
import {
  clearNodeParent,
  createTransform,
  dedup,
  getPrimitiveVertexCount,
  instance,
  join,
  meshopt,
  palette,
  prune,
  resample,
  simplifyPrimitive,
  sparse,
  type TextureCompressOptions,
  textureCompress,
  VertexCountMethod,
  weldPrimitive,
} from '@gltf-transform/functions';
import { MeshoptEncoder, MeshoptSimplifier } from 'meshoptimizer';
import { addTexturePreviews, pruneSolidTextures, TextureWork } from './textures';

/** Longest texture side after optimisation. */
export const MAX_TEXTURE_SIZE = 2048;

/**
 * Optimises a document in place the way every upload is treated, the steps of `gltf-transform optimize`: dedup,
 * GPU instancing of a mesh repeated 5 times or more (EXT_mesh_gpu_instancing, which three.js's GLTFLoader draws as
 * an InstancedMesh), palette (materials that differ only in factors share a small palette texture), flatten and
 * join (compatible meshes become one draw call; skinned, morphing and animated nodes are left as they are), weld,
 * simplify within 0.01 % of the model's size, lossless resampling of animation keys, prune, sparse accessors,
 * textures capped at 2048 px as WebP (sharp, one image per core) with a 128 px preview each (`addTexturePreviews`), then meshopt
 * compression (EXT_meshopt_compression).
 * `beforeCompress` sees the joined, uncompressed document (used for the thumbnail); `beforeMeshopt` the document with
 * its final textures and previews, before the meshopt compression (used for the coarse version). `work` is the
 * model's texture work (`TextureWork`): given, the textures it inspected and started encoding are not decoded or
 * encoded again; without it, the encodes start here, still beside the geometry steps.
 */
export async function optimizeDocument(
  doc: Document,
  beforeCompress?: (doc: Document) => Promise<void>,
  onStep?: (i: number) => void,
  beforeMeshopt?: (doc: Document) => Promise<void>,
  work: TextureWork = new TextureWork(),
) {
  await MeshoptSimplifier.ready;
  // Texture encodes run on sharp's threads while the main thread welds and simplifies (no-op for images under way).
  work.startEncoding(doc, TEXTURE_OPTIONS);
  await doc.transform(
    dedup(),
    instance({ min: 5 }),
    palette(),
    flattenKeepingSkeletons(),
    join({ keepNamed: false, keepMeshes: false }),
  );
  await doc.transform(
    weldAndSimplify({ error: 0.0001 }),
    resample(),
    // Single-colour textures become factors as `prune` would, decoding only the images that may be one colour.
    prune({ keepAttributes: false, keepIndices: false, keepLeaves: false, keepSolidTextures: true }),
    createTransform('pruneSolidTextures', (d) => pruneSolidTextures(d, work)),
    sparse(),
  );
  onStep?.(1);
  await beforeCompress?.(doc);
  onStep?.(2);
  await doc.transform(textureCompress({ ...TEXTURE_OPTIONS, encoder: work.encoder() }));
  await addTexturePreviews(doc, work);
  await beforeMeshopt?.(doc);
  onStep?.(3);
  await compressMeshes(doc);
  onStep?.(4);
}

/** Textures capped at {@link MAX_TEXTURE_SIZE} px, as WebP (sharp's defaults: quality 80). */
export const TEXTURE_OPTIONS: Omit<TextureCompressOptions, 'encoder'> = {
  targetFormat: 'webp',
  resize: [MAX_TEXTURE_SIZE, MAX_TEXTURE_SIZE],
};

/**
 * Whether a primitive deforms at run time: morph targets, or skin weights (JOINTS_n / WEIGHTS_n). Its triangles are
 * what the deformation moves, so it is never simplified (a simplifier sees only the rest pose: a flat strip that bends
 * or a grid that bulges would lose the triangles its motion needs), as gltfpack keeps them.
 */
export function deforms(prim: Primitive): boolean {
  return prim.listTargets().length > 0 || prim.listSemantics().some((s) => s.startsWith('JOINTS_') || s.startsWith('WEIGHTS_'));
}

/**
 * `weld` then `simplify` of gltf-transform, primitive by primitive, leaving deforming primitives' triangles alone:
 * every primitive is welded (bitwise-identical vertices only, morph target and skin attributes included, so neither
 * the triangles nor any pose change), and only static triangle primitives are simplified within `error` of the
 * model's size (points and lines are left as they are).
 */
function weldAndSimplify({ error }: { error: number }) {
  return createTransform('weldAndSimplify', async (doc) => {
    await MeshoptSimplifier.ready;
    for (const mesh of doc.getRoot().listMeshes()) {
      for (const prim of mesh.listPrimitives()) {
        weldPrimitive(prim, { overwrite: true });
        const mode = prim.getMode();
        const triangles =
          mode === Primitive.Mode.TRIANGLES || mode === Primitive.Mode.TRIANGLE_STRIP || mode === Primitive.Mode.TRIANGLE_FAN;
        if (triangles && !deforms(prim) && prim.getAttribute('POSITION'))
          simplifyPrimitive(prim, { simplifier: MeshoptSimplifier, error, ratio: 0, lockBorder: false });
        if (getPrimitiveVertexCount(prim, VertexCountMethod.RENDER) === 0) prim.dispose();
      }
      if (mesh.listPrimitives().length === 0) mesh.dispose();
    }
  });
}

/**
 * gltf-transform's `flatten` (nodes move to the scene's root with their world transform, so that `join` can merge
 * their meshes) except that skin joints stay where they are. `flatten` keeps the children of joints and animated
 * nodes in place but moves the root joints themselves: a skeleton with two root bones under an armature node (as
 * Blender exports a rig with an IK target) then has joints without a common root, which the glTF validator
 * rejects (SKIN_NO_COMMON_ROOT) and which breaks the skin's bind pose.
 */
function flattenKeepingSkeletons() {
  return createTransform('flattenKeepingSkeletons', async (doc) => {
    const root = doc.getRoot();
    const joints = new Set<GltfNode>();
    for (const skin of root.listSkins()) for (const joint of skin.listJoints()) joints.add(joint);
    const animated = new Set<GltfNode>();
    for (const clip of root.listAnimations())
      for (const channel of clip.listChannels()) {
        const node = channel.getTargetNode();
        if (node && channel.getTargetPath() !== 'weights') animated.add(node);
      }
    // Nodes below a joint or an animated node move with it: they stay where they are.
    const pinned = new Set<GltfNode>();
    for (const scene of root.listScenes())
      scene.traverse((node) => {
        const parent = node.getParentNode();
        if (parent && (joints.has(parent) || animated.has(parent) || pinned.has(parent))) pinned.add(node);
      });
    for (const scene of root.listScenes())
      scene.traverse((node) => {
        if (joints.has(node) || animated.has(node) || pinned.has(node)) return;
        clearNodeParent(node);
      });
    await doc.transform(prune({ propertyTypes: [PropertyType.NODE], keepLeaves: false }));
  });
}

/**
 * The last step of `optimizeDocument`: meshopt compression with quantisation, then prune (single-colour textures
 * were made factors before the encode: their WebP is not decoded again to look for them).
 */
export async function compressMeshes(doc: Document) {
  await MeshoptEncoder.ready;
  await doc.transform(meshopt({ encoder: MeshoptEncoder, level: 'high' }), prune({ keepSolidTextures: true }));
}

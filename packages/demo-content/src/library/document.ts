import { Document, Logger } from '@gltf-transform/core';
import { resolveKey } from './catalogue';
import { MeshBuilder, type Vec3 } from './geometry';
import type { Rig } from './rig';

const linear = (c: number) => {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};

/** A column-major translation matrix. */
const translation = (t: Vec3) => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, t[0], t[1], t[2], 1];

/** Turns the builder's batches (and a rig) into a glTF document: one mesh, one primitive per material. */
function documentOf(b: MeshBuilder, name: string, rig: Rig | undefined): Document {
  const doc = new Document();
  doc.setLogger(new Logger(Logger.Verbosity.ERROR));
  const buffer = doc.createBuffer();
  const mesh = doc.createMesh(name);
  for (const batch of b.batches.values()) {
    const m = batch.material;
    const material = doc
      .createMaterial(m.name)
      .setBaseColorFactor([linear(m.rgb[0]), linear(m.rgb[1]), linear(m.rgb[2]), m.alpha ?? 1])
      .setRoughnessFactor(m.roughness)
      .setMetallicFactor(m.metalness);
    if ((m.alpha ?? 1) < 1) material.setAlphaMode('BLEND');
    if (m.emissive)
      material.setEmissiveFactor([linear(m.rgb[0]) * m.emissive, linear(m.rgb[1]) * m.emissive, linear(m.rgb[2]) * m.emissive]);
    const count = batch.positions.length / 3;
    const prim = doc
      .createPrimitive()
      .setMaterial(material)
      .setAttribute(
        'POSITION',
        doc.createAccessor().setType('VEC3').setArray(new Float32Array(batch.positions)).setBuffer(buffer),
      )
      .setAttribute('NORMAL', doc.createAccessor().setType('VEC3').setArray(new Float32Array(batch.normals)).setBuffer(buffer))
      .setIndices(
        doc
          .createAccessor()
          .setType('SCALAR')
          .setArray(count > 65535 ? new Uint32Array(batch.indices) : new Uint16Array(batch.indices))
          .setBuffer(buffer),
      );
    if (rig) {
      const joints = new Uint8Array(count * 4);
      const weights = new Float32Array(count * 4);
      for (let i = 0; i < count; i++) {
        joints[i * 4] = batch.joints[i] ?? 0;
        weights[i * 4] = 1;
      }
      prim.setAttribute('JOINTS_0', doc.createAccessor().setType('VEC4').setArray(joints).setBuffer(buffer));
      prim.setAttribute('WEIGHTS_0', doc.createAccessor().setType('VEC4').setArray(weights).setBuffer(buffer));
    }
    mesh.addPrimitive(prim);
  }
  const scene = doc.createScene(name);
  const node = doc.createNode(name).setMesh(mesh);
  scene.addChild(node);
  if (rig) {
    const nodes = rig.joints.map((j) => {
      const parent = j.parent >= 0 ? rig.joints[j.parent]!.at : ([0, 0, 0] as Vec3);
      return doc.createNode(j.name).setTranslation([j.at[0] - parent[0], j.at[1] - parent[1], j.at[2] - parent[2]]);
    });
    rig.joints.forEach((j, i) => {
      if (j.parent >= 0) nodes[j.parent]!.addChild(nodes[i]!);
      else scene.addChild(nodes[i]!);
    });
    const ibm = new Float32Array(rig.joints.flatMap((j) => translation([-j.at[0], -j.at[1], -j.at[2]])));
    const skin = doc
      .createSkin('skeleton')
      .setSkeleton(nodes[0]!)
      .setInverseBindMatrices(doc.createAccessor().setType('MAT4').setArray(ibm).setBuffer(buffer));
    for (const n of nodes) skin.addJoint(n);
    node.setSkin(skin);
    for (const clip of rig.clips) {
      const anim = doc.createAnimation(clip.name);
      const input = doc.createAccessor().setType('SCALAR').setArray(new Float32Array(clip.times)).setBuffer(buffer);
      for (const [joint, keys] of Object.entries(clip.rotations)) {
        const output = doc.createAccessor().setType('VEC4').setArray(new Float32Array(keys.flat())).setBuffer(buffer);
        const sampler = doc.createAnimationSampler().setInput(input).setOutput(output).setInterpolation('LINEAR');
        anim.addSampler(sampler);
        anim.addChannel(
          doc.createAnimationChannel().setTargetNode(nodes[Number(joint)]!).setTargetPath('rotation').setSampler(sampler),
        );
      }
    }
  }
  doc.getRoot().setDefaultScene(scene);
  return doc;
}

/**
 * The glTF document of one generated model from its key: geometry from its family, moved so the origin is the centre
 * of the footprint at floor level (characters are modelled that way), with its rig and clips, and its bounding box
 * size [width, height, depth] in metres. Not optimised: the server's pipeline optimises it like every upload and
 * renders its thumbnail. Throws for a key no family makes.
 */
export function generatedDocument(key: string, name = key): { doc: Document; size: Vec3 } {
  const resolved = resolveKey(key);
  if (!resolved) throw new Error(`Unknown generated model: ${key}`);
  const b = new MeshBuilder();
  resolved.family.build(resolved.opts, b);
  const rig = resolved.family.rig?.(resolved.opts);
  // Characters are modelled standing on the floor, centred (their joints are placed to match).
  if (!rig) b.groundAndCentre();
  const { min, max } = b.bounds();
  return { doc: documentOf(b, name, rig), size: [max[0] - min[0], max[1] - min[1], max[2] - min[2]] };
}

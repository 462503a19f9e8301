import { Group, type Material, MathUtils, Matrix4, Mesh, type Object3D, Quaternion, type Texture, Vector3 } from 'three';

/*
 * three.js's TDSLoader reads a 3DS file's meshes and materials only. A 3DS file places its objects in the keyframer
 * section (chunk 0xB000): one node per placed object, with its parent, an instance name (the same mesh can be placed
 * several times), a pivot and position / rotation / scale tracks. This module reads that section (layout as in lib3ds
 * and assimp's 3DS importer) and rebuilds the scene's hierarchy from it, and reads the texture rotation (chunk 0xA35C)
 * the loader skips.
 */

const MAIN = 0x4d4d;
const MDATA = 0x3d3d;
const MATERIAL = 0xafff;
const MAT_NAME = 0xa000;
const MAP_CHUNKS: Record<number, 'map' | 'specularMap' | 'alphaMap' | 'bumpMap'> = {
  41472: 'map',
  41476: 'specularMap',
  41488: 'alphaMap',
  41520: 'bumpMap',
};
const MAP_ANGLE = 0xa35c;
const KEYFRAMER = 0xb000;
/** Ambient, object, camera, target, light, light target and spotlight node tags: every one takes a node id. */
const NODE_TAGS = new Set([0xb001, 0xb002, 0xb003, 0xb004, 0xb005, 0xb006, 0xb007]);
const OBJECT_NODE = 0xb002;
const NODE_ID = 0xb030;
const NODE_HDR = 0xb010;
const INSTANCE_NAME = 0xb011;
const PIVOT = 0xb013;
const POS_TRACK = 0xb020;
const ROT_TRACK = 0xb021;
const SCL_TRACK = 0xb022;
const NO_PARENT = 0xffff;

interface Chunk {
  id: number;
  /** First byte after the 6-byte header. */
  data: number;
  end: number;
}

/** The chunks between `from` and `to`; a chunk whose length runs past `to` ends the list. */
function chunks(buf: Buffer, from: number, to: number): Chunk[] {
  const out: Chunk[] = [];
  let pos = from;
  while (pos + 6 <= to) {
    const id = buf.readUInt16LE(pos);
    const len = buf.readUInt32LE(pos + 2);
    if (len < 6 || pos + len > to) break;
    out.push({ id, data: pos + 6, end: pos + len });
    pos += len;
  }
  return out;
}

function cstring(buf: Buffer, at: number, end: number): { text: string; next: number } {
  let stop = at;
  while (stop < end && buf[stop] !== 0) stop++;
  return { text: buf.toString('latin1', at, stop), next: stop + 1 };
}

const floats = (buf: Buffer, at: number, n: number) => Array.from({ length: n }, (_, i) => buf.readFloatLE(at + i * 4));

/** A node of the keyframer with its static pose (the first key of each track). */
export interface TdsNode {
  id: number;
  parent: number;
  name: string;
  instance?: string;
  pivot: [number, number, number];
  position: [number, number, number];
  /** Axis and angle (radians) as the file stores them. */
  rotation?: { angle: number; axis: [number, number, number] };
  scale: [number, number, number];
}

/** The value of a track's first key (`width` floats), after the track header and the key's spline parameters. */
function firstKey(buf: Buffer, c: Chunk, width: number): number[] | undefined {
  // flags (2), two unknown 32-bit values (8), key count (4)
  if (c.data + 14 > c.end || buf.readUInt32LE(c.data + 10) === 0) return undefined;
  let at = c.data + 14 + 4; // the key's frame number
  const spline = buf.readUInt16LE(at);
  at += 2;
  for (let bit = 0; bit < 5; bit++) if (spline & (1 << bit)) at += 4;
  if (at + width * 4 > c.end) return undefined;
  return floats(buf, at, width);
}

function readNode(buf: Buffer, tag: Chunk, index: number): TdsNode {
  const node: TdsNode = { id: index, parent: NO_PARENT, name: '', pivot: [0, 0, 0], position: [0, 0, 0], scale: [1, 1, 1] };
  for (const c of chunks(buf, tag.data, tag.end)) {
    if (c.id === NODE_ID && c.data + 2 <= c.end) node.id = buf.readUInt16LE(c.data);
    else if (c.id === NODE_HDR) {
      const { text, next } = cstring(buf, c.data, c.end);
      node.name = text;
      if (next + 6 <= c.end) node.parent = buf.readUInt16LE(next + 4);
    } else if (c.id === INSTANCE_NAME) node.instance = cstring(buf, c.data, c.end).text || undefined;
    else if (c.id === PIVOT && c.data + 12 <= c.end) node.pivot = floats(buf, c.data, 3) as [number, number, number];
    else if (c.id === POS_TRACK) node.position = (firstKey(buf, c, 3) ?? node.position) as [number, number, number];
    else if (c.id === SCL_TRACK) {
      // Some exporters write zero for an unused axis.
      const s = firstKey(buf, c, 3);
      if (s) node.scale = s.map((v) => (v === 0 || !Number.isFinite(v) ? 1 : v)) as [number, number, number];
    } else if (c.id === ROT_TRACK) {
      const r = firstKey(buf, c, 4);
      if (r) node.rotation = { angle: r[0]!, axis: [r[1]!, r[2]!, r[3]!] };
    }
  }
  return node;
}

/** The object nodes of a 3DS file's keyframer section (empty when it has none). */
export function readTdsNodes(buf: Buffer): TdsNode[] {
  const main = chunks(buf, 0, buf.length).find((c) => c.id === MAIN);
  const kf = main && chunks(buf, main.data, main.end).find((c) => c.id === KEYFRAMER);
  if (!kf) return [];
  const nodes: TdsNode[] = [];
  let index = 0;
  for (const c of chunks(buf, kf.data, kf.end)) {
    if (!NODE_TAGS.has(c.id)) continue;
    if (c.id === OBJECT_NODE) nodes.push(readNode(buf, c, index));
    index++;
  }
  return nodes;
}

/** Texture rotations (degrees, counter-clockwise) by material name and map kind. */
function readMapAngles(buf: Buffer): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  const main = chunks(buf, 0, buf.length).find((c) => c.id === MAIN);
  const mdata = main && chunks(buf, main.data, main.end).find((c) => c.id === MDATA);
  if (!mdata) return out;
  for (const mat of chunks(buf, mdata.data, mdata.end).filter((c) => c.id === MATERIAL)) {
    const parts = chunks(buf, mat.data, mat.end);
    const nameChunk = parts.find((c) => c.id === MAT_NAME);
    if (!nameChunk) continue;
    const angles = new Map<string, number>();
    for (const part of parts) {
      const kind = MAP_CHUNKS[part.id];
      const angle = kind && chunks(buf, part.data, part.end).find((c) => c.id === MAP_ANGLE);
      if (angle && angle.data + 4 <= angle.end) angles.set(kind, buf.readFloatLE(angle.data));
    }
    if (angles.size > 0) out.set(cstring(buf, nameChunk.data, nameChunk.end).text, angles);
  }
  return out;
}

function applyMapAngles(buf: Buffer, meshes: Mesh[]) {
  const angles = readMapAngles(buf);
  if (angles.size === 0) return;
  for (const mesh of meshes) {
    for (const m of Array.isArray(mesh.material) ? mesh.material : [mesh.material]) {
      for (const [kind, degrees] of angles.get(m.name) ?? []) {
        const map = (m as Material & Record<string, Texture | null | undefined>)[kind];
        if (map) map.rotation = MathUtils.degToRad(degrees);
      }
    }
  }
}

/**
 * A node's own matrix T(position) · R · S with its pivot applied, T(position − R·S·pivot) · R · S. The rotation's
 * angle is clockwise about its axis (assimp's 3DS importer negates the quaternion's w for the same reason).
 */
function nodeMatrix(n: TdsNode, parentPivot: [number, number, number]): Matrix4 {
  const q = new Quaternion();
  if (n.rotation) {
    const axis = new Vector3(...n.rotation.axis);
    if (axis.lengthSq() === 0) axis.set(0, 1, 0);
    q.setFromAxisAngle(axis.normalize(), -n.rotation.angle);
  }
  const rs = new Matrix4().compose(new Vector3(), q, new Vector3(...n.scale));
  const pivot = new Vector3(...n.pivot).applyMatrix4(rs);
  const t = new Vector3(...n.position).sub(pivot).add(new Vector3(...parentPivot));
  return rs.setPosition(t);
}

/**
 * Rebuilds the TDSLoader's scene (a group of meshes, each at its mesh matrix) from the keyframer's nodes: one node
 * per keyframer node, in its parent, at its pose; a node naming a mesh draws it (instances share its geometry and
 * materials); dummy nodes stay as empty groups. Meshes no node places keep their own placement. A file without a
 * keyframer section is returned as the loader read it.
 */
export function applyTdsKeyframer(buf: Buffer, scene: Group): Group {
  const meshes = scene.children.filter((c): c is Mesh => (c as Mesh).isMesh === true);
  applyMapAngles(buf, meshes);
  const nodes = readTdsNodes(buf);
  if (nodes.length === 0) return scene;
  const byName = new Map<string, Mesh>();
  for (const m of meshes) if (!byName.has(m.name)) byName.set(m.name, m);
  const used = new Set<Mesh>();
  const built = new Map<number, { object: Object3D; node: TdsNode }>();
  for (const n of nodes) {
    const source = byName.get(n.name);
    let object: Object3D;
    if (source && !used.has(source)) {
      used.add(source);
      object = source;
    } else if (source) object = new Mesh(source.geometry, source.material);
    else object = new Group();
    object.name = n.instance ?? n.name;
    built.set(n.id, { object, node: n });
  }
  const root = new Group();
  root.name = scene.name;
  for (const { object, node } of built.values()) {
    const parent = node.parent !== NO_PARENT ? built.get(node.parent) : undefined;
    // A node listed as its own ancestor would loop: it goes to the root instead.
    let cyclic = false;
    let p = parent;
    for (let steps = 0; p && !cyclic && steps <= built.size; steps++) {
      cyclic = p.node === node;
      p = p.node.parent !== NO_PARENT ? built.get(p.node.parent) : undefined;
    }
    const into = parent && !cyclic ? parent : undefined;
    nodeMatrix(node, into?.node.pivot ?? [0, 0, 0]).decompose(object.position, object.quaternion, object.scale);
    (into?.object ?? root).add(object);
  }
  for (const m of meshes) if (!used.has(m)) root.add(m);
  return root;
}

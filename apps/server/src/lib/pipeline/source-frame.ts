import { Group, Matrix4, type Object3D, Vector3 } from 'three';

/** A signed axis of the source file as written (`-z`: the negative Z axis). */
export type Axis = 'x' | 'y' | 'z' | '-x' | '-y' | '-z';
/** The source file's up direction as written. */
export type UpAxis = Axis;

/**
 * How a source file's coordinates were brought to glTF's frame (Y up, +Z front, metres), once, in the pipeline: the
 * model's report records it and the editor and viewers never re-orient or re-scale a model.
 */
export interface SourceFrame {
  upAxis: UpAxis;
  /** The source's axis that became glTF's front (+Z); its right (up × front) became +X. */
  frontAxis: Axis;
  /** The factor applied to the source's lengths to reach metres (1 when the format has no unit or is in metres). */
  unitScale: number;
}

export const GLTF_FRAME: SourceFrame = { upAxis: 'y', frontAxis: 'z', unitScale: 1 };

const unitVector = (a: Axis) => new Vector3().setComponent('xyz'.indexOf(a.slice(-1)), a.startsWith('-') ? -1 : 1);

/** The rotation taking a source's up axis to +Y and its front axis to +Z (and its right, up × front, to +X). */
export function axesToGltf(up: Axis, front: Axis): Matrix4 {
  const u = unitVector(up);
  const f = unitVector(front);
  return new Matrix4().makeBasis(new Vector3().crossVectors(u, f), u, f).transpose();
}

/**
 * The Z-up formats (3DS, whose tools are Z-up; STL and PLY, which declare no axis and are Z-up in the CAD, 3D-print
 * and Blender tools that write them): a quarter turn about X takes their +Z to +Y and their -Y (front) to +Z.
 */
export const Z_UP_TO_Y_UP = axesToGltf('z', '-y');
export const Z_UP_FRAME: SourceFrame = { upAxis: 'z', frontAxis: '-y', unitScale: 1 };

/**
 * STL declares no axes or unit. Its writers are Z-up (3D printing's build direction); they differ in where they put
 * the model's front:
 * - Blender, 3ds Max, CAD tools and slicers: -Y (Blender's front view looks along +Y), as for PLY and 3DS;
 * - Unity's STL writer (pb_Stl, in ProBuilder and in Kenney's Asset Forge, whose kits ship STL beside glTF and FBX)
 *   writes Unity's (x, y, z) as (z, -x, y): Unity's forward, glTF's +Z, on +X. It leaves the 80-byte binary header
 *   all zeros, where Blender and CAD tools write their name: such files are read with their front on +X.
 * three.js's own binary STLExporter also leaves the header blank but writes its Y-up scene as it is; such a file lies
 * on its side (it lay on its back under the Blender convention): no rule without metadata serves both.
 */
export function stlFrame(bytes: Uint8Array): { matrix: Matrix4; frame: SourceFrame } {
  const blankHeader = bytes.length >= 84 && bytes.subarray(0, 80).every((b) => b === 0);
  const frame: SourceFrame = blankHeader ? { ...Z_UP_FRAME, frontAxis: 'x' } : Z_UP_FRAME;
  return { matrix: axesToGltf(frame.upAxis, frame.frontAxis), frame };
}

/** FBX axis index (0 = X, 1 = Y, 2 = Z) and sign. */
type SignedAxis = { axis: number; sign: number };

export interface FbxSettings {
  up: SignedAxis;
  front: SignedAxis;
  coord: SignedAxis;
  /** FBX lengths are centimetres times this factor (1: centimetres, 100: metres). */
  unitScaleFactor: number;
  creator: string;
}

const FBX_BINARY_MAGIC = 'Kaydara FBX Binary  \u0000';

function binaryProperty(buf: Buffer, from: number, name: string): number | undefined {
  const key = Buffer.alloc(5 + name.length);
  key.write('S', 0, 'latin1');
  key.writeUInt32LE(name.length, 1);
  key.write(name, 5, 'latin1');
  let pos = buf.indexOf(key, from);
  if (pos < 0) return undefined;
  pos += key.length;
  // A `P` record: name, type, label and flags (strings), then its value.
  for (let i = 0; i < 3; i++) {
    if (buf[pos] !== 0x53 || pos + 5 > buf.length) return undefined;
    pos += 5 + buf.readUInt32LE(pos + 1);
  }
  if (pos + 9 > buf.length) return undefined;
  switch (String.fromCharCode(buf[pos]!)) {
    case 'I':
      return buf.readInt32LE(pos + 1);
    case 'D':
      return buf.readDoubleLE(pos + 1);
    case 'F':
      return buf.readFloatLE(pos + 1);
    case 'L':
      return Number(buf.readBigInt64LE(pos + 1));
    case 'Y':
      return buf.readInt16LE(pos + 1);
    default:
      return undefined;
  }
}

function asciiProperty(text: string, name: string): number | undefined {
  const m = new RegExp(`P:\\s*"${name}"\\s*,\\s*"[^"]*"\\s*,\\s*"[^"]*"\\s*,\\s*"[^"]*"\\s*,\\s*([-+.\\deE]+)`).exec(text);
  const v = m ? Number(m[1]) : Number.NaN;
  return Number.isFinite(v) ? v : undefined;
}

/** Reads the axis system, unit and creator of an FBX file (binary or ASCII) from its GlobalSettings. */
export function readFbxSettings(buf: Buffer): FbxSettings {
  let get: (name: string) => number | undefined;
  let creator = '';
  if (buf.toString('latin1', 0, FBX_BINARY_MAGIC.length) === FBX_BINARY_MAGIC) {
    const start = Math.max(0, buf.indexOf('\u000eGlobalSettings', 0, 'latin1'));
    get = (name) => binaryProperty(buf, start, name);
    const c = buf.indexOf('\u0007CreatorS', 0, 'latin1');
    if (c >= 0 && c + 13 <= buf.length) creator = buf.toString('utf8', c + 13, c + 13 + buf.readUInt32LE(c + 9));
  } else {
    const text = buf.toString('utf8');
    const at = text.indexOf('GlobalSettings:');
    const settings = at >= 0 ? text.slice(at) : '';
    get = (name) => asciiProperty(settings, name);
    creator = /^\s*Creator:\s*"([^"]*)"/m.exec(text)?.[1] ?? '';
  }
  const axis = (a: string, fallback: number): SignedAxis => ({
    axis: get(a) ?? fallback,
    sign: (get(`${a}Sign`) ?? 1) < 0 ? -1 : 1,
  });
  const factor = get('UnitScaleFactor');
  return {
    up: axis('UpAxis', 1),
    front: axis('FrontAxis', 2),
    coord: axis('CoordAxis', 0),
    unitScaleFactor: factor !== undefined && factor > 0 ? factor : 1,
    creator,
  };
}

/**
 * Kenney's kits (made with Kenney's tools and Asset Forge) write their FBX geometry at ten times the size of the same
 * models' glTF and Collada versions while declaring metres (UnitScaleFactor 100): their lengths are decimetres.
 */
function writtenInDecimetres(s: FbxSettings): boolean {
  return /Asset Forge|Model created by Kenney/i.test(s.creator) && s.unitScaleFactor === 100;
}

/**
 * The transform from an FBX file's frame to glTF's: its coord (right), up and front axes become +X, +Y and +Z, and
 * its unit becomes metres. Axis settings that are not a permutation of X, Y and Z fall back to the up axis alone,
 * with 3ds Max's right-handed frame when it is Z.
 */
export function fbxFrame(s: FbxSettings): { matrix: Matrix4; frame: SourceFrame } {
  let { up, front, coord } = s;
  if (new Set([up.axis, front.axis, coord.axis]).size !== 3 || ![up, front, coord].every((a) => a.axis >= 0 && a.axis <= 2)) {
    up = { axis: up.axis === 2 ? 2 : 1, sign: 1 };
    front = up.axis === 2 ? { axis: 1, sign: -1 } : { axis: 2, sign: 1 };
    coord = { axis: 0, sign: 1 };
  }
  const row = (a: SignedAxis) => [0, 1, 2].map((i) => (i === a.axis ? a.sign : 0));
  const [r0, r1, r2] = [row(coord), row(up), row(front)] as [number[], number[], number[]];
  const axes = new Matrix4().set(
    ...(r0 as [number, number, number]),
    0,
    ...(r1 as [number, number, number]),
    0,
    ...(r2 as [number, number, number]),
    0,
    0,
    0,
    0,
    1,
  );
  const unitScale = (s.unitScaleFactor / 100) * (writtenInDecimetres(s) ? 0.1 : 1);
  const matrix = new Matrix4().makeScale(unitScale, unitScale, unitScale).multiply(axes);
  const signed = (a: SignedAxis) => `${a.sign < 0 ? '-' : ''}${'xyz'[a.axis]}` as Axis;
  return { matrix, frame: { upAxis: signed(up), frontAxis: signed(front), unitScale } };
}

/**
 * Hides the file's UpAxis from FBXLoader (same length, so binary offsets hold): the loader turns a Z-up file by
 * overwriting the rotation of the object it returns (which can be the model's own root node) and ignores the front
 * and coord axes; the whole frame is converted by `fbxFrame` instead.
 */
export function hideFbxUpAxis(bytes: ArrayBuffer): ArrayBuffer {
  const buf = Buffer.from(bytes.slice(0));
  const binary = buf.toString('latin1', 0, FBX_BINARY_MAGIC.length) === FBX_BINARY_MAGIC;
  const key = binary ? Buffer.from('S\u0006\u0000\u0000\u0000UpAxis', 'latin1') : Buffer.from('"UpAxis"', 'latin1');
  for (let i = buf.indexOf(key); i >= 0; i = buf.indexOf(key, i + 1)) buf[i + key.length - (binary ? 1 : 2)] = 0x7a;
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer;
}

/**
 * Puts `model` under a root node carrying `matrix` (its animations move up with it): one transform for the whole
 * model, so skins, animation keys and geometry stay as the file wrote them. An identity leaves the model as it is.
 */
export function underFrame(model: Object3D, matrix: Matrix4): Object3D {
  if (matrix.equals(new Matrix4())) return model;
  const root = new Group();
  root.name = model.name;
  matrix.decompose(root.position, root.quaternion, root.scale);
  root.add(model);
  const animated = model as Object3D & { animations?: unknown[] };
  (root as Object3D & { animations?: unknown[] }).animations = animated.animations ?? [];
  return root;
}

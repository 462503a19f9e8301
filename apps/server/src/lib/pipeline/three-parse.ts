import fs from 'node:fs';
import path from 'node:path';
import { DOMParser as XmlDomParser } from '@xmldom/xmldom';
import { Group, type Object3D, Texture, TextureLoader } from 'three';
import { ColladaLoader } from 'three/examples/jsm/loaders/ColladaLoader.js';
import { FBXLoader } from 'three/examples/jsm/loaders/FBXLoader.js';
import { MTLLoader } from 'three/examples/jsm/loaders/MTLLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { TDSLoader } from 'three/examples/jsm/loaders/TDSLoader.js';
import { TGALoader } from 'three/examples/jsm/loaders/TGALoader.js';
import { PipelineError } from './errors';
import { meshFromPly, meshFromStl } from './mesh-formats';
import {
  fbxFrame,
  GLTF_FRAME,
  hideFbxUpAxis,
  readFbxSettings,
  type SourceFrame,
  stlFrame,
  underFrame,
  Z_UP_FRAME,
  Z_UP_TO_Y_UP,
} from './source-frame';
import { applyTdsKeyframer } from './tds-keyframer';
import { decodeText } from './text';

export type ThreeFormat = 'obj' | 'fbx' | '3ds' | 'dae' | 'stl' | 'ply';

/** Lists every file under `dir` (relative paths), for resolving texture names case-insensitively. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/**
 * OBJLoader turns a whole object into lines or points as soon as it meets one `l` or `p` statement, which loses the
 * faces of a model that mixes them: only faces are kept (lines and points have no surface to show).
 */
export function facesOnlyObj(text: string, warnings: string[]): string {
  let dropped = 0;
  const kept = text.replace(/^[ \t]*[lp][ \t][^\r\n]*(?:\\\r?\n[^\r\n]*)*/gm, () => {
    dropped++;
    return '';
  });
  if (dropped > 0) warnings.push(`${dropped} line and point elements of the OBJ were dropped; its faces are kept`);
  return kept;
}

/**
 * Removes trailing comments from OBJ and MTL text: a `#` after a space or tab, to the end of its line (OBJLoader and
 * MTLLoader only know whole-line comments, so `f 1 2 3 # top` gains bogus vertices and `mtllib a.mtl # x` names a
 * file "a.mtl # x"). A `#` inside a name (`wood#2.png`) follows no whitespace and stays.
 */
export function stripInlineComments(text: string): string {
  return text.replace(/[ \t]+#[^\r\n]*/g, '');
}

/**
 * Runs a three.js loader's synchronous `parse` in Node: texture loads (which need a DOM) are replaced by
 * placeholder textures that remember the requested URL, and embedded FBX images (normally turned into
 * `blob:` URLs through `window.URL`) are kept in memory.
 */
function withNodeShims<T>(
  run: () => T,
  retry?: (err: unknown) => (() => T) | undefined,
): { result: T; blobs: Map<string, Blob> } {
  const blobs = new Map<string, Blob>();
  const proto = TextureLoader.prototype as unknown as { load: (url: string) => Texture };
  const tgaProto = TGALoader.prototype as unknown as { load: (url: string) => Texture };
  const originalLoad = proto.load;
  const originalTgaLoad = tgaProto.load;
  proto.load = (url: string) => {
    const t = new Texture();
    t.userData.src = url;
    return t;
  };
  tgaProto.load = proto.load;
  const g = globalThis as unknown as { window?: unknown; DOMParser?: unknown };
  const hadWindow = 'window' in g;
  // ColladaLoader reads its XML with the browser's DOMParser.
  const hadDomParser = 'DOMParser' in g;
  if (!hadDomParser) g.DOMParser = XmlDomParser;
  if (!hadWindow) {
    g.window = {
      innerWidth: 512,
      innerHeight: 512,
      URL: {
        createObjectURL: (blob: Blob) => {
          const id = `blob:xr/${blobs.size}`;
          blobs.set(id, blob);
          return id;
        },
      },
    };
  }
  try {
    try {
      return { result: run(), blobs };
    } catch (e) {
      const second = retry?.(e);
      if (!second) throw e;
      blobs.clear();
      return { result: second(), blobs };
    }
  } catch (e) {
    throw new PipelineError('invalid_model', `Could not parse the model: ${(e as Error).message}`, { cause: e });
  } finally {
    proto.load = originalLoad;
    tgaProto.load = originalTgaLoad;
    if (!hadWindow) delete g.window;
    if (!hadDomParser) delete g.DOMParser;
  }
}

function exactArrayBuffer(buf: Buffer): ArrayBuffer {
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer;
}

const FBX_BINARY_MAGIC = 'Kaydara FBX Binary  \u0000';
const FBX_ASCII_PROBE = 'Kaydara\\FBX\\Binary\\\\';

/** FBXLoader's ASCII sniffing: it rejects a text when certain sampled characters happen to spell its probe. */
function fbxLoaderAcceptsAscii(text: string): boolean {
  let rest = text;
  for (let i = 0; i < FBX_ASCII_PROBE.length; i++) {
    if (rest[0] === FBX_ASCII_PROBE[i]) return false;
    rest = rest.slice(i + 1);
  }
  return true;
}

/**
 * FBXLoader decides where a binary FBX's node list ends from the file size alone (it assumes a 160-byte footer
 * after the last node and 16-byte alignment), so files whose footer differs (some exporters write none, or pad
 * differently) make it read the footer as a node and fail. The top-level records chain by their end offsets: the
 * bytes after the terminating null record are replaced by the footer layout the loader expects.
 */
function normalizeFbxFooter(buf: Buffer): Buffer {
  const version = buf.readUInt32LE(23);
  const wide = version >= 7500;
  const head = wide ? 25 : 13;
  let pos = 27;
  let body = buf;
  for (let n = 0; n < 1_000_000; n++) {
    // The chain ends at the end of the file: no null record and no footer were written, add both.
    if (pos === buf.length) body = Buffer.concat([buf, Buffer.alloc(head)]);
    if (pos + head > body.length) return buf;
    const end = wide ? Number(body.readBigUInt64LE(pos)) : body.readUInt32LE(pos);
    if (end === 0) break;
    if (end <= pos || end > buf.length) return buf;
    pos = end;
  }
  const nodesEnd = pos + head;
  // The loader stops once "offset + 176 >= size" (for a size that is not a multiple of 16): true right after the
  // null record, false at every earlier node (each is at least 26 bytes before it).
  const pad = (nodesEnd + 160) % 16 === 0 ? 1 : 0;
  const footer = Buffer.alloc(160 + pad);
  footer.writeUInt32LE(version, 20);
  return Buffer.concat([body.subarray(0, nodesEnd), footer]);
}

/**
 * Two layouts of valid ASCII FBX files that FBXLoader's line parser misreads (Kenney's kits have both), rewritten:
 * - it finds where a node ends by indentation (a `}` one tab less deep than the node's content), so a closing brace
 *   written one tab too deep leaves the node open and misfiles the nodes after it: node headers, properties and
 *   closing braces are re-indented by their brace depth (continuation lines of long arrays, which must start without
 *   whitespace, are left as they are);
 * - an array whose last line ends with a comma (`a: 0,0,1,`) is taken as continued on the next line and never
 *   converted to numbers: the comma before a closing brace is dropped.
 */
export function normalizeFbxAscii(text: string): string {
  const lines = text.split(/\r?\n/);
  let depth = 0;
  return lines
    .map((line, i) => {
      const body = line.trim();
      if (body.startsWith('}')) {
        depth = Math.max(0, depth - 1);
        return `${'\t'.repeat(depth)}${body}`;
      }
      const closes = (lines[i + 1] ?? '').trim().startsWith('}');
      const arrayLine = body.startsWith('a:') || /^[-+.\d]/.test(line);
      const kept = closes && arrayLine && body.endsWith(',') ? line.replace(/,\s*$/, '') : line;
      if (!/^[A-Za-z_]\w*:/.test(body)) return kept;
      const out = `${'\t'.repeat(depth)}${kept.trim()}`;
      if (body.endsWith('{')) depth++;
      return out;
    })
    .join('\n');
}

/**
 * Gives every ASCII FBX Texture node that names its file (`RelativeFilename`, else `FileName`) but has no Video object
 * connected a Video of that file. FBXLoader takes a texture's file name only from its Video (Kenney's kits write a
 * `Media: "Video::x"` reference and no Video object), so such a texture would load as a placeholder without a file and
 * the material come out untextured; the file is then found beside the model like any other side file.
 */
export function linkFbxTextureFiles(text: string): string {
  const videos = new Set([...text.matchAll(/^[ \t]*Video:[ \t]*(-?\d+)[ \t]*,/gm)].map((m) => m[1]));
  const linked = new Set<string>();
  for (const m of text.matchAll(/^[ \t]*C:[ \t]*"OO"[ \t]*,[ \t]*(-?\d+)[ \t]*,[ \t]*(-?\d+)/gm))
    if (videos.has(m[1])) linked.add(m[2] ?? '');
  const connections = /^[ \t]*Connections:[ \t]*\{[^\n]*\n/m.exec(text);
  if (!connections) return text;
  const added: string[] = [];
  // Ids well below 2^53 (the loader reads ids as JS numbers) that appear nowhere in the file.
  let next = 9_000_000_000;
  const freshId = () => {
    do next++;
    while (text.includes(String(next)));
    return String(next);
  };
  const withVideos = text.replace(
    /^(\t*)Texture:[ \t]*(-?\d+)[ \t]*,([^\n]*)\{\n([\s\S]*?)^\1\}/gm,
    (block, indent: string, id: string, _head: string, body: string) => {
      if (linked.has(id)) return block;
      const file =
        /^[ \t]*RelativeFilename:[ \t]*("[^"\n]+")/m.exec(body)?.[1] ?? /^[ \t]*FileName:[ \t]*("[^"\n]+")/m.exec(body)?.[1];
      if (!file) return block;
      const video = freshId();
      added.push(`\tC: "OO",${video},${id}\n`);
      return `${indent}Video: ${video}, "Video::", "Clip" {\n${indent}\tType: "Clip"\n${indent}\tRelativeFilename: ${file}\n${indent}}\n${block}`;
    },
  );
  if (added.length === 0) return text;
  const at = withVideos.indexOf(connections[0]) + connections[0].length;
  return `${withVideos.slice(0, at)}${added.join('')}${withVideos.slice(at)}`;
}

/**
 * Returns FBX bytes the loader will take: binary with a footer it understands; ASCII re-laid out, with the Video
 * objects its textures lack, and a leading comment line added when a valid file would trip the loader's
 * character-sampling check (comments are ignored by its parser).
 */
function fbxBytes(buf: Buffer): ArrayBuffer {
  if (buf.toString('latin1', 0, FBX_BINARY_MAGIC.length) === FBX_BINARY_MAGIC) {
    return exactArrayBuffer(buf.length >= 27 ? normalizeFbxFooter(buf) : buf);
  }
  const text = linkFbxTextureFiles(normalizeFbxAscii(decodeText(buf)));
  for (let pad = 0; pad < 64; pad++) {
    const candidate = pad === 0 ? text : `;${' '.repeat(pad)}\n${text}`;
    if (fbxLoaderAcceptsAscii(candidate)) return exactArrayBuffer(Buffer.from(candidate, 'utf8'));
  }
  return exactArrayBuffer(buf);
}

/**
 * The same FBX with its animation curves renamed out of the loader's sight (same length, so binary offsets hold):
 * FBXLoader's animation parser fails on some files (a take without a layer, curves of unknown targets), and the
 * model is worth more than its animation.
 */
function withoutAnimation(bytes: ArrayBuffer): ArrayBuffer {
  const buf = Buffer.from(bytes);
  if (buf.toString('latin1', 0, FBX_BINARY_MAGIC.length) === FBX_BINARY_MAGIC) {
    const name = Buffer.from('\u000eAnimationCurve', 'latin1');
    for (let i = buf.indexOf(name); i >= 0; i = buf.indexOf(name, i + 1)) buf[i + 1] = 0x58;
    return exactArrayBuffer(buf);
  }
  return exactArrayBuffer(Buffer.from(buf.toString('utf8').replace(/^(\s*)AnimationCurve:/gm, '$1XnimationCurve:'), 'utf8'));
}

/**
 * Parses an OBJ (with its MTL when present next to it), FBX (binary or ASCII), 3DS, DAE, STL or PLY file into a
 * three.js scene in glTF's frame (Y up, metres), with the frame the source was in:
 * - FBX: its GlobalSettings' axes and unit (`source-frame.ts`) on one root node;
 * - 3DS: Z-up (the loader keeps the file's axes), turned upright on one root node;
 * - STL and PLY: no axis or unit in the format; taken as Z-up (as the CAD, 3D-print and Blender tools that write them
 *   are) and metres, the geometry turned upright; an STL from Unity's writer has its front on +X (`stlFrame`);
 * - DAE: the loader applies the document's up_axis and unit itself; they are only recorded;
 * - OBJ: Y-up by convention, no unit: kept as written.
 */
export function parseWithThree(
  file: string,
  format: ThreeFormat,
  warnings: string[],
): { result: Object3D; blobs: Map<string, Blob>; frame: SourceFrame } {
  const baseDir = `${path.dirname(file)}/`;
  const buf = fs.readFileSync(file);
  if (format === 'fbx') {
    const bytes = hideFbxUpAxis(fbxBytes(buf));
    const parsed = withNodeShims<Object3D>(
      () => new FBXLoader().parse(bytes, baseDir),
      (err) => {
        if (!String((err as Error)?.stack).includes('AnimationParser')) return undefined;
        warnings.push('The animation of this FBX could not be read; the model is kept without it');
        return () => new FBXLoader().parse(withoutAnimation(bytes), baseDir);
      },
    );
    const { matrix, frame } = fbxFrame(readFbxSettings(buf));
    return { result: underFrame(parsed.result, matrix), blobs: parsed.blobs, frame };
  }
  if (format === 'stl') {
    const { matrix, frame } = stlFrame(buf);
    return { result: meshFromStl(exactArrayBuffer(buf), matrix), blobs: new Map<string, Blob>(), frame };
  }
  if (format === 'ply') return { result: meshFromPly(exactArrayBuffer(buf)), blobs: new Map<string, Blob>(), frame: Z_UP_FRAME };
  if (format === 'dae') {
    const text = decodeText(buf);
    return { ...withNodeShims<Object3D>(() => colladaScene(text, baseDir)), frame: colladaFrame(text) };
  }
  if (format === '3ds') {
    const parsed = withNodeShims<Object3D>(() =>
      applyTdsKeyframer(buf, new TDSLoader().parse(exactArrayBuffer(buf), baseDir) as Group),
    );
    return { result: underFrame(parsed.result, Z_UP_TO_Y_UP), blobs: parsed.blobs, frame: Z_UP_FRAME };
  }
  const obj = withNodeShims<Object3D>(() => {
    const text = facesOnlyObj(stripInlineComments(decodeText(buf)), warnings);
    const loader = new OBJLoader();
    const mtlName = /^mtllib[ \t]+(.+)$/m.exec(text)?.[1]?.trim();
    if (mtlName) {
      const mtlPath = path.resolve(baseDir, mtlName);
      const fallback = listFiles(path.dirname(file)).find(
        (f) => path.basename(f).toLowerCase() === path.basename(mtlName).toLowerCase(),
      );
      const found = mtlPath.startsWith(path.dirname(file) + path.sep) && fs.existsSync(mtlPath) ? mtlPath : fallback;
      if (found) {
        const creator = new MTLLoader().parse(stripInlineComments(decodeText(fs.readFileSync(found))), baseDir);
        creator.preload();
        loader.setMaterials(creator);
      } else warnings.push(`Material library ${mtlName} not found; using a default material`);
    }
    return loader.parse(text);
  });
  return { ...obj, frame: GLTF_FRAME };
}

/**
 * A Collada document's declared up axis and unit (in metres), which ColladaLoader applies (a Z-up document by a
 * quarter turn about X, which puts its -Y in front).
 */
export function colladaFrame(text: string): SourceFrame {
  const up = /<up_axis>\s*([XYZ])_UP\s*<\/up_axis>/i.exec(text)?.[1]?.toLowerCase() as 'x' | 'y' | 'z' | undefined;
  const meter = Number(/<unit\b[^>]*\bmeter\s*=\s*"([^"]+)"/i.exec(text)?.[1]);
  return {
    upAxis: up ?? 'y',
    frontAxis: up === 'z' ? '-y' : 'z',
    unitScale: Number.isFinite(meter) && meter > 0 ? meter : 1,
  };
}

/**
 * A Collada document as three.js shows it. ColladaLoader turns a Z-up file upright and applies its `<unit>` through
 * the transform of the Scene it returns, which the glTF exporter would leave out (it writes a scene's children, not
 * the scene's own transform): that transform moves to a plain group, the model's root node.
 */
function colladaScene(text: string, baseDir: string): Object3D {
  const warn = console.warn;
  // The loader warns about every Z-up file; the conversion is handled here.
  console.warn = () => undefined;
  let parsed: ReturnType<ColladaLoader['parse']>;
  try {
    parsed = new ColladaLoader().parse(text, baseDir);
  } finally {
    console.warn = warn;
  }
  if (!parsed?.scene) throw new Error('not a Collada document');
  const root = new Group();
  root.name = parsed.scene.name;
  root.position.copy(parsed.scene.position);
  root.quaternion.copy(parsed.scene.quaternion);
  root.scale.copy(parsed.scene.scale);
  for (const child of [...parsed.scene.children]) root.add(child);
  (root as Object3D & { animations?: unknown }).animations = parsed.scene.animations;
  return root;
}

/**
 * Small GLB models made in code for the 3D scene benchmark and screenshots (no downloads): furniture-like props
 * from boxes and cylinders, a "character" with node animations named idle / walk / wave, and heavy sculptures
 * (dense spheres, optionally textured like a shop's scanned product: a base colour and a normal map) to make a
 * scene of a chosen size. These are what a creator would upload; the bench runs them through the product's
 * pipeline (`processModel`) before serving them.
 */
import { Document, NodeIO } from '@gltf-transform/core';
import sharp from 'sharp';

function boxGeometry(w, h, d, x = 0, y = 0, z = 0) {
  const hx = w / 2;
  const hz = d / 2;
  const faces = [
    [
      [1, 0, 0],
      [
        [hx, 0, -hz],
        [hx, h, -hz],
        [hx, h, hz],
        [hx, 0, hz],
      ],
    ],
    [
      [-1, 0, 0],
      [
        [-hx, 0, hz],
        [-hx, h, hz],
        [-hx, h, -hz],
        [-hx, 0, -hz],
      ],
    ],
    [
      [0, 1, 0],
      [
        [-hx, h, -hz],
        [-hx, h, hz],
        [hx, h, hz],
        [hx, h, -hz],
      ],
    ],
    [
      [0, -1, 0],
      [
        [-hx, 0, hz],
        [-hx, 0, -hz],
        [hx, 0, -hz],
        [hx, 0, hz],
      ],
    ],
    [
      [0, 0, 1],
      [
        [-hx, 0, hz],
        [hx, 0, hz],
        [hx, h, hz],
        [-hx, h, hz],
      ],
    ],
    [
      [0, 0, -1],
      [
        [hx, 0, -hz],
        [-hx, 0, -hz],
        [-hx, h, -hz],
        [hx, h, -hz],
      ],
    ],
  ];
  const pos = [];
  const nor = [];
  const idx = [];
  for (const [n, quad] of faces) {
    const b = pos.length / 3;
    for (const p of quad) {
      pos.push(p[0] + x, p[1] + y, p[2] + z);
      nor.push(...n);
    }
    idx.push(b, b + 1, b + 2, b, b + 2, b + 3);
  }
  return { pos, nor, idx };
}

function sphereGeometry(r, seg, rings, cx = 0, cy = 0, cz = 0) {
  const pos = [];
  const nor = [];
  const uv = [];
  const idx = [];
  for (let i = 0; i <= rings; i++) {
    const v = (i / rings) * Math.PI;
    for (let j = 0; j <= seg; j++) {
      const u = (j / seg) * Math.PI * 2;
      const nx = Math.sin(v) * Math.cos(u);
      const ny = Math.cos(v);
      const nz = Math.sin(v) * Math.sin(u);
      // A little relief so dense spheres are not flat-looking.
      const k = r * (1 + 0.04 * Math.sin(u * 7) * Math.sin(v * 5));
      pos.push(cx + nx * k, cy + ny * k, cz + nz * k);
      nor.push(nx, ny, nz);
      uv.push(j / seg, i / rings);
    }
  }
  for (let i = 0; i < rings; i++)
    for (let j = 0; j < seg; j++) {
      const a = i * (seg + 1) + j;
      const b = a + seg + 1;
      idx.push(a, b, a + 1, b, b + 1, a + 1);
    }
  return { pos, nor, uv, idx };
}

/** Deterministic value noise in [0, 1) on an integer lattice (a hash of the cell and a seed). */
function lattice(x, y, seed) {
  let h = (x * 374761393 + y * 668265263 + seed * 2147483647) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Fractal value noise, tileable horizontally with period `period` cells at the first octave. */
function fbm(x, y, seed, period, octaves = 5) {
  let sum = 0;
  let amp = 0.5;
  let f = 1;
  for (let o = 0; o < octaves; o++) {
    const px = x * f;
    const py = y * f;
    const ix = Math.floor(px);
    const iy = Math.floor(py);
    const fx = px - ix;
    const fy = py - iy;
    const sx = fx * fx * (3 - 2 * fx);
    const sy = fy * fy * (3 - 2 * fy);
    const p = period * f;
    const n = (a, b) => lattice(((a % p) + p) % p, b, seed + o);
    const top = n(ix, iy) + (n(ix + 1, iy) - n(ix, iy)) * sx;
    const bottom = n(ix, iy + 1) + (n(ix + 1, iy + 1) - n(ix, iy + 1)) * sx;
    sum += amp * (top + (bottom - top) * sy);
    amp *= 0.5;
    f *= 2;
  }
  return sum;
}

/**
 * A product's textures as a scan would give them, `size` px square PNGs: a veined stone base colour with fine
 * grain, and the normal map of its relief (what a 3D shop's sculpture or vase carries).
 */
async function productTextures(size, seed) {
  const height = new Float32Array(size * size);
  const color = Buffer.alloc(size * size * 3);
  const tint = [
    [0.92, 0.89, 0.84],
    [0.55, 0.62, 0.7],
    [0.78, 0.66, 0.52],
    [0.62, 0.72, 0.6],
    [0.85, 0.78, 0.8],
  ][seed % 5];
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const u = (x / size) * 8;
      const v = (y / size) * 8;
      const n = fbm(u, v, seed, 8);
      const vein = Math.abs(Math.sin(u * 2.2 + v * 0.7 + n * 9));
      const grain = lattice(x, y, seed + 99);
      const h = n * 0.7 + grain * 0.3;
      height[y * size + x] = h;
      const k = (0.55 + 0.45 * vein ** 0.35) * (0.9 + 0.1 * grain);
      for (let c = 0; c < 3; c++) color[(y * size + x) * 3 + c] = Math.round(255 * Math.min(1, tint[c] * k));
    }
  const normal = Buffer.alloc(size * size * 3);
  const at = (x, y) => height[(((y + size) % size) * size + ((x + size) % size)) | 0];
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const dx = (at(x + 1, y) - at(x - 1, y)) * 2;
      const dy = (at(x, y + 1) - at(x, y - 1)) * 2;
      const l = Math.hypot(dx, dy, 1);
      normal[(y * size + x) * 3] = Math.round(((-dx / l) * 0.5 + 0.5) * 255);
      normal[(y * size + x) * 3 + 1] = Math.round(((-dy / l) * 0.5 + 0.5) * 255);
      normal[(y * size + x) * 3 + 2] = Math.round(((1 / l) * 0.5 + 0.5) * 255);
    }
  const png = (raw) =>
    sharp(raw, { raw: { width: size, height: size, channels: 3 } })
      .png()
      .toBuffer();
  return { color: await png(color), normal: await png(normal) };
}

function merge(parts) {
  const out = { pos: [], nor: [], idx: [] };
  for (const p of parts) {
    const base = out.pos.length / 3;
    out.pos.push(...p.pos);
    out.nor.push(...p.nor);
    for (const i of p.idx) out.idx.push(i + base);
  }
  return out;
}

function addMesh(doc, buffer, name, geo, color, metal = 0, rough = 0.7, textures = null) {
  const material = doc
    .createMaterial(`${name}-mat`)
    .setBaseColorFactor([...color, 1])
    .setMetallicFactor(metal)
    .setRoughnessFactor(rough);
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(new Float32Array(geo.pos)).setBuffer(buffer))
    .setAttribute('NORMAL', doc.createAccessor().setType('VEC3').setArray(new Float32Array(geo.nor)).setBuffer(buffer))
    .setIndices(doc.createAccessor().setType('SCALAR').setArray(new Uint32Array(geo.idx)).setBuffer(buffer))
    .setMaterial(material);
  if (textures) {
    prim.setAttribute('TEXCOORD_0', doc.createAccessor().setType('VEC2').setArray(new Float32Array(geo.uv)).setBuffer(buffer));
    material
      .setBaseColorTexture(doc.createTexture(`${name}-color`).setImage(textures.color).setMimeType('image/png'))
      .setNormalTexture(doc.createTexture(`${name}-normal`).setImage(textures.normal).setMimeType('image/png'));
  }
  return doc.createMesh(name).addPrimitive(prim);
}

const hex = (h) => [1, 3, 5].map((i) => (Number.parseInt(h.slice(i, i + 2), 16) / 255) ** 2.2);

/**
 * Builds a GLB of one named model; returns { bytes: Uint8Array, triangles, clips }. Sculptures: `segments` (density)
 * and `texture` (px: a base colour and a normal map of that size; 0 for none), `seed` (its pattern).
 */
export async function makeModel(kind, opts = {}) {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const scene = doc.createScene(kind);
  let geo;
  let color = hex('#a0785a');
  const clips = [];
  if (kind === 'table') {
    geo = merge([
      boxGeometry(1.4, 0.06, 0.8, 0, 0.72),
      ...[
        [-0.62, -0.32],
        [0.62, -0.32],
        [-0.62, 0.32],
        [0.62, 0.32],
      ].map(([x, z]) => boxGeometry(0.06, 0.72, 0.06, x, 0, z)),
    ]);
  } else if (kind === 'chair') {
    geo = merge([
      boxGeometry(0.46, 0.05, 0.46, 0, 0.45),
      boxGeometry(0.46, 0.5, 0.05, 0, 0.5, -0.2),
      ...[
        [-0.2, -0.2],
        [0.2, -0.2],
        [-0.2, 0.2],
        [0.2, 0.2],
      ].map(([x, z]) => boxGeometry(0.04, 0.45, 0.04, x, 0, z)),
    ]);
    color = hex('#3f6fb5');
  } else if (kind === 'plinth') {
    geo = merge([boxGeometry(0.7, 1.0, 0.7), boxGeometry(0.8, 0.05, 0.8, 0, 1.0)]);
    color = hex('#eeeeee');
  } else if (kind === 'plant') {
    geo = merge([boxGeometry(0.4, 0.4, 0.4), sphereGeometry(0.45, 16, 12, 0, 0.95, 0)]);
    color = hex('#4e9a4a');
  } else if (kind === 'character') {
    geo = merge([
      boxGeometry(0.36, 0.7, 0.22, 0, 0.8),
      sphereGeometry(0.16, 16, 12, 0, 1.68, 0),
      boxGeometry(0.12, 0.8, 0.14, -0.1, 0),
      boxGeometry(0.12, 0.8, 0.14, 0.1, 0),
    ]);
    color = hex('#e0a060');
  } else if (kind === 'sculpture') {
    const seg = opts.segments ?? 256;
    geo = sphereGeometry(0.8, seg, Math.round(seg / 2), 0, 0.9, 0);
    color = hex('#c0c4cc');
  } else {
    geo = boxGeometry(1, 1, 1);
  }
  const textures =
    kind === 'sculpture' && opts.texture ? await productTextures(opts.texture, opts.seed ?? opts.segments ?? 0) : null;
  if (textures) color = [1, 1, 1];
  const sculpture = kind === 'sculpture';
  const mesh = addMesh(doc, buffer, kind, geo, color, sculpture ? (textures ? 0.1 : 0.6) : 0, sculpture ? 0.35 : 0.7, textures);
  const node = doc.createNode(kind).setMesh(mesh);
  scene.addChild(node);
  if (kind === 'character') {
    // Node animations: idle (breathing), walk (bobbing), wave (turning): real clips for an AnimationMixer.
    const clip = (name, times, values, path = 'translation') => {
      const input = doc.createAccessor().setType('SCALAR').setArray(new Float32Array(times)).setBuffer(buffer);
      const output = doc
        .createAccessor()
        .setType(path === 'rotation' ? 'VEC4' : 'VEC3')
        .setArray(new Float32Array(values))
        .setBuffer(buffer);
      const sampler = doc.createAnimationSampler().setInput(input).setOutput(output).setInterpolation('LINEAR');
      const channel = doc.createAnimationChannel().setTargetNode(node).setTargetPath(path).setSampler(sampler);
      doc.createAnimation(name).addSampler(sampler).addChannel(channel);
      clips.push(name);
    };
    clip('idle', [0, 1, 2], [0, 0, 0, 0, 0.02, 0, 0, 0, 0]);
    clip('walk', [0, 0.25, 0.5], [0, 0, 0, 0, 0.06, 0, 0, 0, 0]);
    const s = Math.sin(0.3);
    const c = Math.cos(0.3);
    clip('wave', [0, 0.5, 1], [0, 0, 0, 1, 0, s, 0, c, 0, 0, 0, 1], 'rotation');
  }
  const bytes = await new NodeIO().writeBinary(doc);
  return { bytes, triangles: geo.idx.length / 3, clips };
}

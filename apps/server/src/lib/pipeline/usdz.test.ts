import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cubeGlb, cubeObjZip, denseSphereGlb } from '../../../test/fixtures/models';
import { processModel } from './model';
import { usdzImage } from './textures';
import { glbToUsdz } from './usdz';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-usdz-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

interface ZipEntry {
  name: string;
  method: number;
  dataOffset: number;
  data: Buffer;
}

/** Reads a stored (uncompressed) zip's local file headers in order, as AR Quick Look does. */
function readZip(bytes: Buffer): ZipEntry[] {
  const out: ZipEntry[] = [];
  let at = 0;
  while (bytes.readUInt32LE(at) === 0x04034b50) {
    const method = bytes.readUInt16LE(at + 8);
    const size = bytes.readUInt32LE(at + 18);
    const nameLen = bytes.readUInt16LE(at + 26);
    const extraLen = bytes.readUInt16LE(at + 28);
    const name = bytes.subarray(at + 30, at + 30 + nameLen).toString('utf8');
    const dataOffset = at + 30 + nameLen + extraLen;
    out.push({ name, method, dataOffset, data: bytes.subarray(dataOffset, dataOffset + size) });
    at = dataOffset + size;
  }
  expect(bytes.readUInt32LE(at)).toBe(0x02014b50); // the central directory follows the last file
  return out;
}

/** The USDZ rules (openusd.org "USDZ file format"): stored, 64-byte aligned, the root layer first. */
function expectValidUsdz(bytes: Buffer) {
  const entries = readZip(bytes);
  const root = entries[0];
  if (!root) throw new Error('empty USDZ');
  expect(root.name).toMatch(/\.usd[ac]$/);
  for (const e of entries) {
    expect(e.method, e.name).toBe(0);
    expect(e.dataOffset % 64, e.name).toBe(0);
    expect(e.name).toMatch(/\.(usda|usdc|png|jpg)$/);
  }
  const layer = root.data.toString('utf8');
  expect(layer.startsWith('#usda 1.0')).toBe(true);
  expect(layer).toContain('metersPerUnit = 1');
  const geometry = entries
    .filter((e) => e.name.startsWith('geometries/'))
    .map((e) => e.data.toString('utf8'))
    .join('\n');
  expect(geometry).toContain('def Mesh');
  // every file the root layer references is in the archive
  for (const m of layer.matchAll(/@\.?\/?([^@<]+)@/g)) expect(entries.map((e) => e.name)).toContain(m[1]);
  return { entries, layer, geometry };
}

async function process(name: string, bytes: Buffer | string) {
  const inDir = fs.mkdtempSync(path.join(dir, 'in-'));
  const inputPath = path.join(inDir, name);
  fs.writeFileSync(inputPath, bytes);
  return processModel({ inputPath, originalName: name, workDir: path.join(inDir, 'work') });
}

describe('the AR Quick Look USDZ of processed models', () => {
  it.each([
    ['textured cube (GLB)', 'cube.glb', cubeGlb, true],
    ['textured cube (OBJ + MTL zip)', 'cube.zip', cubeObjZip, true],
    ['dense sphere (meshopt-compressed)', 'statue.glb', () => denseSphereGlb(), false],
    ['rigged sphere', 'rigged.glb', () => denseSphereGlb(40, 40, true), false],
  ] as const)(
    'the pipeline writes a valid USDZ for the %s',
    async (_label, name, make, textured) => {
      const r = await process(name, await make());
      expect(r.usdzPath).toBeDefined();
      expect(r.report.warnings.join('\n')).not.toContain('USDZ');
      const { entries, layer } = expectValidUsdz(fs.readFileSync(r.usdzPath!));
      if (textured) {
        // an opaque texture is a JPEG, one with alpha a PNG (`usdzImage`); either way, what its name says
        const image = entries.find((e) => /\.(png|jpg)$/.test(e.name));
        expect(image).toBeDefined();
        if (image!.name.endsWith('.png')) expect(image!.data.subarray(1, 4).toString('latin1')).toBe('PNG');
        else expect([...image!.data.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
        expect(layer).toContain('asset inputs:file = @textures/');
      }
    },
    240_000,
  );

  it('keeps the real size: a 1 m cube spans 1 m in the USDZ, no fitting', async () => {
    const { geometry } = expectValidUsdz(Buffer.from(await glbToUsdz(await cubeGlb())));
    const points = /point3f\[\] points = \[([^\]]+)\]/.exec(geometry)?.[1] ?? '';
    const xs = [...points.matchAll(/\(([-\d.e]+),/g)].map((m) => Number(m[1]));
    expect(xs.length).toBeGreaterThan(0);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(1, 3);
  }, 120_000);

  it('writes opaque textures as JPEG and textures with alpha as PNG', async () => {
    const create = (channels: 3 | 4) =>
      sharp({ create: { width: 64, height: 32, channels, background: { r: 200, g: 80, b: 20, alpha: 0.5 } } })
        .png()
        .toBuffer();
    const opaque = await usdzImage(await create(3), 32, 16, false);
    expect(opaque).toMatchObject({ mime: 'image/jpeg', width: 32, height: 16 });
    expect(await sharp(opaque.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 32, height: 16 });
    const cutOut = await usdzImage(await create(4), 32, 16, true);
    expect(cutOut.mime).toBe('image/png');
    expect(await sharp(cutOut.bytes).metadata()).toMatchObject({ format: 'png', hasAlpha: true });
  });

  it('refuses bytes that are not a GLB', async () => {
    await expect(glbToUsdz(new TextEncoder().encode('not a model'))).rejects.toThrow();
  });
});

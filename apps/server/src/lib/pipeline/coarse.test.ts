import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEXTURE_PREVIEW_EXTRA } from '@xr/contract/scenes';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cubeGlb, denseSphereGlb } from '../../../test/fixtures/models';
import { COARSE_MAX_SHARE, previewBytes } from './coarse';
import { countDocument, createIO, validateGlb } from './gltf-io';
import { processModel } from './model';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-coarse-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function process(name: string, bytes: Buffer) {
  const inDir = fs.mkdtempSync(path.join(dir, 'in-'));
  const inputPath = path.join(inDir, name);
  fs.writeFileSync(inputPath, bytes);
  return processModel({ inputPath, originalName: name, workDir: path.join(inDir, 'work') });
}

describe('the coarse level of detail of dense models', () => {
  it('gives a dense static model a valid, much lighter GLB whose textures are the previews', async () => {
    const r = await process('statue.glb', await denseSphereGlb());
    expect(r.report.triangles).toBeGreaterThan(15_000);
    expect(r.coarseGlbPath).toBeDefined();
    const bytes = fs.readFileSync(r.coarseGlbPath!);
    expect((await validateGlb(bytes)).errors).toEqual([]);
    expect(bytes.includes(Buffer.from('EXT_meshopt_compression'))).toBe(true);
    const io = await createIO();
    const coarse = await io.readBinary(bytes);
    const triangles = countDocument(coarse).triangles;
    expect(triangles).toBeGreaterThan(100);
    expect(triangles).toBeLessThanOrEqual(r.report.triangles * COARSE_MAX_SHARE);
    expect(bytes.length).toBeLessThan(fs.statSync(r.glbPath).size / 3);
    const [tex] = coarse.getRoot().listTextures();
    expect(tex?.getMimeType()).toBe('image/webp');
    expect(tex?.getExtras()[TEXTURE_PREVIEW_EXTRA]).toBeUndefined();
    const meta = await sharp(tex!.getImage()!).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(128);
    // the model itself keeps its full texture and its preview
    const full = await io.read(r.glbPath);
    expect(full.getRoot().listTextures()[0]?.getExtras()[TEXTURE_PREVIEW_EXTRA]).toMatch(/^data:image\/webp;base64,/);
    expect(countDocument(full).triangles).toBe(r.report.triangles);
  });

  it('gives none to light models and to characters (skinned)', async () => {
    expect((await process('cube.glb', await cubeGlb())).coarseGlbPath).toBeUndefined();
    const rigged = await process('rigged.glb', await denseSphereGlb(100, 100, true));
    expect(rigged.report.skins).toBe(1);
    expect(rigged.report.triangles).toBeGreaterThan(15_000);
    expect(rigged.coarseGlbPath).toBeUndefined();
  });

  it('reads only well-formed image data URLs as previews', () => {
    expect(previewBytes('data:image/webp;base64,AAEC')?.bytes).toEqual(new Uint8Array([0, 1, 2]));
    expect(previewBytes('data:image/webp;base64,AAEC')?.mime).toBe('image/webp');
    for (const bad of [
      null,
      42,
      '',
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:image/webp;base64,AA\u0000EC',
      'javascript:alert(1)',
      'data:image/webp,plain',
    ])
      expect(previewBytes(bad)).toBeNull();
  });
});

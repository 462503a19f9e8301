import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { TEXTURE_PREVIEW_EXTRA } from '@xr/contract/scenes';
import { MeshoptDecoder } from 'meshoptimizer';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cubeFbxAscii, cubeFbxBinary } from '../../../test/fixtures/fbx';
import { CUBE_MTL, checkerPng, cubeDocument, cubeGlb, cubeGltfZip, cubeObj, cubeObjZip } from '../../../test/fixtures/models';
import { cube3ds } from '../../../test/fixtures/tds';
import { makeZip } from '../../../test/fixtures/zip';
import { PipelineError } from './errors';
import { validateGlb } from './gltf-io';
import { processModel } from './model';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-model-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function run(name: string, data: Buffer | string, extra: Record<string, Buffer | string> = {}) {
  const inDir = fs.mkdtempSync(path.join(dir, 'in-'));
  const inputPath = path.join(inDir, name);
  fs.writeFileSync(inputPath, data);
  for (const [n, d] of Object.entries(extra)) {
    fs.mkdirSync(path.dirname(path.join(inDir, n)), { recursive: true });
    fs.writeFileSync(path.join(inDir, n), d);
  }
  const steps: number[] = [];
  const result = await processModel({
    inputPath,
    originalName: name,
    workDir: path.join(inDir, 'work'),
    onProgress: (p) => steps.push(p),
  });
  expect(steps[0]).toBe(0);
  expect(steps.at(-1)).toBe(100);
  expect([...steps].sort((a, b) => a - b)).toEqual(steps);
  return result;
}

async function expectGood(result: Awaited<ReturnType<typeof processModel>>, textured: boolean) {
  const bytes = fs.readFileSync(result.glbPath);
  expect((await validateGlb(bytes)).errors).toEqual([]);
  expect(bytes.subarray(0, 4).toString()).toBe('glTF');
  expect(bytes.includes(Buffer.from('EXT_meshopt_compression'))).toBe(true);
  expect(result.report.triangles).toBe(12);
  expect(result.report.meshes).toBeGreaterThanOrEqual(1);
  expect(result.report.materials).toBeGreaterThanOrEqual(1);
  expect(result.report.textures).toBe(textured ? 1 : 0);
  expect(result.report.bytesBefore).toBeGreaterThan(0);
  expect(result.report.bytesAfter).toBe(bytes.length);
  const meta = await sharp(result.thumbnailPath).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 512]);
  const stats = await sharp(result.thumbnailPath).stats();
  // Non-uniform: the model stands out from the background gradient.
  expect(stats.channels.some((c) => c.stdev > 8)).toBe(true);
  expect(stats.isOpaque).toBe(true);
}

/** The pipeline's output GLB as a document (meshopt-compressed). */
async function readOutput(glbPath: string) {
  await MeshoptDecoder.ready;
  return new NodeIO()
    .registerExtensions(ALL_EXTENSIONS)
    .registerDependencies({ 'meshopt.decoder': MeshoptDecoder })
    .read(glbPath);
}

describe('processModel', () => {
  it('optimises a GLB', async () => {
    await expectGood(await run('cube.glb', await cubeGlb()), true);
  });

  it('optimises a .gltf + .bin + texture zip', async () => {
    const r = await run('cube.zip', await cubeGltfZip());
    await expectGood(r, true);
    expect(r.report.warnings).toEqual([]);
  });

  it('converts an OBJ + MTL + texture zip', async () => {
    const r = await run('cube.zip', await cubeObjZip());
    await expectGood(r, true);
    expect(r.report.warnings).toEqual([]);
  });

  it('converts a lone OBJ (default material) and an OBJ next to its MTL', async () => {
    await expectGood(await run('lone.obj', cubeObj(false)), false);
    const r = await run('cube.obj', cubeObj(), { 'cube.mtl': CUBE_MTL, 'textures/checker.png': await checkerPng() });
    await expectGood(r, true);
  });

  it('converts an ASCII FBX', async () => {
    await expectGood(await run('cube.fbx', cubeFbxAscii()), false);
    // This header trips FBXLoader's ASCII sniffing on its own; the pipeline works around it.
    const odd = cubeFbxAscii().replace(/^; -+$/m, '; XR Studio test cube');
    await expectGood(await run('odd.fbx', odd), false);
  });

  it('textures an ASCII FBX whose Texture node names its file but has no Video object', async () => {
    // Kenney's ASCII kits: `FileName: "Textures/x.png"` and a `Media` reference, no Video; the file's case differs.
    const r = await run('kit.fbx', cubeFbxAscii(false, { videolessTexture: 'Textures/checker.png' }), {
      'Textures/Checker.PNG': await checkerPng(),
    });
    await expectGood(r, true);
    expect(r.report.warnings).toEqual([]);
    const materials = (await readOutput(r.glbPath)).getRoot().listMaterials();
    expect(materials.map((m) => [m.getName(), !!m.getBaseColorTexture()])).toEqual([['Paint', true]]);
  });

  it('draws a skinned FBX whose faces alternate between materials as one primitive per material', async () => {
    const r = await run('rig.fbx', cubeFbxAscii(true, { faceMaterials: [0, 1, 0, 1, 1, 0] }));
    expect(r.report.triangles).toBe(12);
    const out = await readOutput(r.glbPath);
    expect(out.getRoot().listSkins()).toHaveLength(1);
    const meshes = out.getRoot().listMeshes();
    expect(meshes).toHaveLength(1);
    const primitives = meshes[0]!.listPrimitives();
    expect(primitives.map((p) => p.getMaterial()?.getName()).sort()).toEqual(['Paint', 'Trim']);
    // Each primitive holds all the faces of its material: three quads, six triangles.
    expect(primitives.map((p) => (p.getIndices()?.getCount() ?? p.getAttribute('POSITION')!.getCount()) / 3)).toEqual([6, 6]);
  });

  it('converts a binary FBX with a texture', async () => {
    const r = await run(
      'cube.zip',
      makeZip([
        { name: 'cube.fbx', data: cubeFbxBinary() },
        { name: 'checker.png', data: await checkerPng() },
      ]),
    );
    await expectGood(r, true);
  });

  it('converts a binary FBX with an embedded texture', async () => {
    const r = await run('embedded.fbx', cubeFbxBinary('checker.png', await checkerPng()));
    await expectGood(r, true);
    expect(r.report.warnings).toEqual([]);
  });

  it('caps textures at 2048 px as WebP and warns about missing ones', async () => {
    const doc = await cubeDocument();
    const big = await sharp(await checkerPng())
      .resize(3000, 1500)
      .png()
      .toBuffer();
    doc.getRoot().listTextures()[0]!.setImage(big);
    const r = await run('big.glb', Buffer.from(await new NodeIO().writeBinary(doc)));
    await MeshoptDecoder.ready;
    const out = await new NodeIO()
      .registerExtensions(ALL_EXTENSIONS)
      .registerDependencies({ 'meshopt.decoder': MeshoptDecoder })
      .read(r.glbPath);
    const tex = out.getRoot().listTextures()[0]!;
    expect(tex.getMimeType()).toBe('image/webp');
    expect(tex.getSize()).toEqual([2048, 1024]);
    // its first version for the viewer's first frame: a WebP of at most 128 px in the image's extras
    const json = await new NodeIO()
      .registerExtensions(ALL_EXTENSIONS)
      .registerDependencies({ 'meshopt.decoder': MeshoptDecoder })
      .binaryToJSON(fs.readFileSync(r.glbPath));
    const preview = (json.json.images?.[0]?.extras as Record<string, unknown> | undefined)?.[TEXTURE_PREVIEW_EXTRA];
    expect(preview).toMatch(/^data:image\/webp;base64,/);
    const previewBytes = Buffer.from(String(preview).split(',')[1]!, 'base64');
    expect(previewBytes.length).toBeLessThan(8 * 1024);
    expect(await sharp(previewBytes).metadata()).toMatchObject({ format: 'webp', width: 128, height: 64 });
    const missing = await run(
      'missing.zip',
      makeZip([
        { name: 'cube.obj', data: cubeObj() },
        { name: 'cube.mtl', data: CUBE_MTL },
      ]),
    );
    await expectGood(missing, false);
    expect(missing.report.warnings.join()).toMatch(/checker.png is not in the upload; the model is kept without it/);
  });

  it('converts a 3DS, plain and textured', async () => {
    await expectGood(await run('cube.3ds', cube3ds()), false);
    const textured = await run(
      'cube3ds.zip',
      makeZip([
        { name: 'CUBE.3DS', data: cube3ds('CHECKER.PNG') },
        { name: 'checker.png', data: await checkerPng() },
      ]),
    );
    await expectGood(textured, true);
  });

  it('refuses a .max with the export advice', async () => {
    const err = await run('scene.max', Buffer.from('not really max')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PipelineError);
    expect((err as PipelineError).reason).toBe('max_unsupported');
    expect((err as PipelineError).message).toMatch(/FBX or glTF/);
  });

  it('refuses unknown formats and broken models', async () => {
    const a = await run('x.blend', Buffer.from('BLENDER')).catch((e: PipelineError) => e.reason);
    expect(a).toBe('unsupported_format');
    const b = await run('x.glb', Buffer.from('glTF garbage')).catch((e: PipelineError) => e.reason);
    expect(b).toBe('invalid_model');
    const c = await run('x.fbx', Buffer.from('garbage that is no fbx')).catch((e: PipelineError) => e.reason);
    expect(c).toBe('invalid_model');
  });
});

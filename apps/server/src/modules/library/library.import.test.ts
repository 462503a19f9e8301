import fs from 'node:fs/promises';
import path from 'node:path';
import type { LibraryModel } from '@xr/contract/library';
import { MODEL_COARSE_OUTPUT } from '@xr/contract/model-outputs';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body } from '../../../test/commerce';
import { auth, login, makeUser } from '../../../test/factories';
import { cubeFbxBinary } from '../../../test/fixtures/fbx';
import { checkerPng, cubeGlb, cubeGltfZip, cubeObjZip, denseSphereGlb } from '../../../test/fixtures/models';
import { cube3ds } from '../../../test/fixtures/tds';
import { createJobQueue } from '../../lib/jobs';
import { createPipelinePool, type PipelinePool } from '../../lib/pipeline/pool';
import { createLocalStorage } from '../../lib/storage';
import { type ImportReport, importFolder, nameFromFile } from './library.import';
import { createLibraryService, type LibraryService } from './library.service';

let t: TestApp;
let app: FastifyInstance;
let creator: string;
let library: LibraryService;
let pipeline: PipelinePool;
let folder: string;

beforeAll(async () => {
  t = await createTestApp({ MARKET_CACHE_SECONDS: '0' });
  app = t.app;
  const c = await makeUser(t, { roles: ['creator'] });
  creator = await login(t, c.email, c.password);
  const { db } = t.database;
  pipeline = createPipelinePool({ workers: 1 });
  library = createLibraryService({
    db,
    storage: createLocalStorage(path.join(t.config.dataDir, 'files')),
    pipeline,
    jobs: createJobQueue({ db }),
    tmpDir: path.join(t.config.dataDir, 'tmp'),
    cacheMs: 0,
  });
  folder = path.join(t.config.dataDir, 'import-me');
  await fs.mkdir(path.join(folder, 'nested'), { recursive: true });
  await fs.writeFile(path.join(folder, 'plain_cube.glb'), await cubeGlb());
  await fs.writeFile(path.join(folder, 'gltf-cube.zip'), await cubeGltfZip());
  await fs.writeFile(path.join(folder, 'nested', 'obj_cube.zip'), await cubeObjZip());
  await fs.writeFile(path.join(folder, 'fbx-cube.fbx'), cubeFbxBinary('checker.png', await checkerPng()));
  await fs.writeFile(path.join(folder, 'solid.3ds'), cube3ds());
  await fs.writeFile(path.join(folder, 'scene.max'), Buffer.from('not readable'));
  await fs.writeFile(path.join(folder, 'readme.txt'), 'ignored');
  await fs.writeFile(
    path.join(folder, 'library.json'),
    JSON.stringify({
      'nested/obj_cube.zip': {
        names: { zh: '棋盘方块', tc: '棋盤方塊', en: 'Checker cube' },
        category: 'shapes',
        tags: ['geometry', 'school'],
      },
    }),
  );
}, 120_000);
afterAll(async () => {
  await pipeline.destroy();
  await t.close();
});

describe('npm run library:import', () => {
  let first: ImportReport;

  it('runs the pipeline over a folder of FBX, OBJ zip, 3DS, glTF zip and GLB files and adds them with thumbnails', async () => {
    first = await importFolder({ folder, library, pipeline, tmpDir: path.join(t.config.dataDir, 'tmp') });
    expect(first.failed).toEqual([
      expect.objectContaining({ file: 'scene.max', reason: 'max_unsupported', message: expect.stringContaining('export') }),
    ]);
    const files = [...first.added.map((a) => a.file), ...first.skipped.map((s) => s.file)].sort();
    expect(files).toEqual(['fbx-cube.fbx', 'gltf-cube.zip', 'nested/obj_cube.zip', 'plain_cube.glb', 'solid.3ds']);
    expect(first.added.length).toBeGreaterThanOrEqual(3);

    const page = body<{ list: LibraryModel[]; total: number }>(
      await app.inject({ method: 'GET', url: '/api/library/model_page?category=imported&limit=50', headers: auth(creator) }),
    ).data;
    const checker = body<{ list: LibraryModel[] }>(
      await app.inject({
        method: 'GET',
        url: `/api/library/model_page?keyword=${encodeURIComponent('棋盘')}`,
        headers: { ...auth(creator), 'accept-language': 'zh' },
      }),
    ).data.list;
    expect(page.total + checker.length).toBe(first.added.length);
    for (const m of page.list) {
      expect(m.tags.map((x) => x.id)).toContain('imported');
      expect(m.triangles).toBeGreaterThanOrEqual(12);
      expect(m.size[0]).toBeGreaterThan(0);
    }
    if (first.added.some((a) => a.file === 'plain_cube.glb')) expect(page.list.map((m) => m.names.en)).toContain('Plain cube');
    expect(checker[0]).toMatchObject({ name: '棋盘方块', category: 'shapes' });
    expect(checker[0]!.tags.map((x) => x.id).sort()).toEqual(['geometry', 'imported', 'school']);

    const m = page.list[0]!;
    const png = await app.inject({ method: 'GET', url: m.thumbnail });
    expect(png.statusCode).toBe(200);
    expect((await sharp(png.rawPayload).metadata()).format).toBe('png');
    const glb = await app.inject({ method: 'GET', url: m.url });
    expect(glb.rawPayload.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(glb.rawPayload.byteLength).toBe(m.bytes);
  }, 180_000);

  it('adds nothing the second time', async () => {
    const again = await importFolder({ folder, library, pipeline, tmpDir: path.join(t.config.dataDir, 'tmp') });
    expect(again.added).toEqual([]);
    expect(again.skipped).toHaveLength(5);
  }, 180_000);

  it("keeps a dense model's coarse version for the 3D viewer's first frame (none for a light one)", async () => {
    const dense = path.join(t.config.dataDir, 'import-dense');
    await fs.mkdir(dense, { recursive: true });
    await fs.writeFile(path.join(dense, 'dense_sphere.glb'), await denseSphereGlb(100, 100));
    const report = await importFolder({ folder: dense, library, pipeline, tmpDir: path.join(t.config.dataDir, 'tmp') });
    expect(report.failed).toEqual([]);
    const id = report.added[0]!.id;
    const cube = first.added.find((a) => a.file === 'plain_cube.glb')?.id ?? first.skipped[0]!.id;
    const resolved = await library.sceneLookup.resolve([id, cube]);
    const coarseUrl = resolved.get(id)!.urls[MODEL_COARSE_OUTPUT];
    expect(coarseUrl).toBe(`/api/library/file/${id}/${MODEL_COARSE_OUTPUT}.glb`);
    expect(resolved.get(cube)!.urls[MODEL_COARSE_OUTPUT]).toBeUndefined();

    const [coarse, model] = await Promise.all([
      app.inject({ method: 'GET', url: coarseUrl! }),
      app.inject({ method: 'GET', url: resolved.get(id)!.urls.model! }),
    ]);
    expect(coarse.statusCode).toBe(200);
    expect(coarse.headers['content-type']).toBe('model/gltf-binary');
    expect(coarse.rawPayload.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(coarse.rawPayload.byteLength * 3).toBeLessThan(model.rawPayload.byteLength);
    expect((await app.inject({ method: 'GET', url: `/api/library/file/${cube}/${MODEL_COARSE_OUTPUT}.glb` })).statusCode).toBe(
      404,
    );
  }, 180_000);

  it('refuses a missing folder and names files readably', async () => {
    await expect(importFolder({ folder: path.join(folder, 'nope'), library, pipeline, tmpDir: folder })).rejects.toThrow(
      'Not a folder',
    );
    expect(nameFromFile('/x/red_chair-01.fbx')).toBe('Red chair 01');
    expect(nameFromFile('.glb')).toBe('Glb');
  });
});

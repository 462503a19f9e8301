import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { panoramaJpeg, tinyMp4 } from '../../../test/fixtures/media';
import { cubeGlb } from '../../../test/fixtures/models';
import { PipelineError } from './errors';
import { createPipelinePool, type PipelinePool } from './pool';

let dir: string;
let pool: PipelinePool;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-pool-'));
  pool = createPipelinePool({ workers: 1, memoryMb: 1024 });
});
afterAll(async () => {
  await pool.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

function write(name: string, data: Buffer | string) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, data);
  return file;
}

describe('pipeline pool (worker threads)', () => {
  it('runs each step in a worker thread (the TypeScript worker loads under vitest) with progress', async () => {
    const steps: number[] = [];
    const r = await pool.processModel({
      inputPath: write('cube.glb', await cubeGlb()),
      originalName: 'cube.glb',
      workDir: path.join(dir, 'm1'),
      onProgress: (p) => steps.push(p),
    });
    expect(r.report).toMatchObject({ triangles: 12, meshes: 1 });
    expect(fs.statSync(r.glbPath).size).toBe(r.report.bytesAfter);
    expect(fs.existsSync(r.thumbnailPath)).toBe(true);
    expect(steps.at(-1)).toBe(100);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
    expect(pool.stats()).toEqual({ threads: 1, completed: 1 });

    const pano = await pool.processPanorama({
      inputPath: write('pano.jpg', await panoramaJpeg(1024, 512)),
      workDir: path.join(dir, 'p1'),
    });
    expect(pano.previews.map((p) => p.width)).toEqual([512, 1024]);
    const video = await pool.probeVideo({ inputPath: write('v.mp4', tinyMp4()) });
    expect(video.container).toBe('mp4');
    expect(pool.stats().completed).toBe(3);
  });

  it('brings refusals back as PipelineError with their reason', async () => {
    const input = write('again.glb', await cubeGlb());
    const max = await pool
      .processModel({ inputPath: input, originalName: 'scene.max', workDir: path.join(dir, 'm2') })
      .catch((e: unknown) => e);
    expect(max).toBeInstanceOf(PipelineError);
    expect(max).toMatchObject({ reason: 'max_unsupported', message: expect.stringContaining('export the scene') });
    const pano = await pool
      .processPanorama({ inputPath: write('not.jpg', 'not an image'), workDir: path.join(dir, 'p2') })
      .catch((e: PipelineError) => e.reason);
    expect(pano).toBe('unsupported_format');
    const video = await pool.probeVideo({ inputPath: write('not.mp4', 'nope') }).catch((e: PipelineError) => e.reason);
    expect(video).toBe('unsupported_format');
  });

  it('cancels a step through its signal', async () => {
    const controller = new AbortController();
    controller.abort();
    const err = await pool
      .processModel({
        inputPath: write('c.glb', await cubeGlb()),
        originalName: 'c.glb',
        workDir: path.join(dir, 'm3'),
        signal: controller.signal,
      })
      .catch((e: Error) => e);
    expect(err).toMatchObject({ name: 'AbortError' });
  });

  it('a step that exceeds the worker memory cap fails with out_of_memory, and the pool carries on', async () => {
    const small = createPipelinePool({ workers: 1, memoryMb: 64 });
    try {
      // A 20 MB OBJ: parsing it as text takes far more than 64 MB of JS heap.
      const lines: string[] = [];
      for (let i = 0; i < 300_000; i++) lines.push(`v ${i % 97} ${(i * 7) % 89} ${(i * 13) % 83}.123456789`);
      for (let i = 1; i + 2 <= 300_000; i += 3) lines.push(`f ${i} ${i + 1} ${i + 2}`);
      const err = await small
        .processModel({ inputPath: write('big.obj', lines.join('\n')), originalName: 'big.obj', workDir: path.join(dir, 'm4') })
        .catch((e: PipelineError) => e);
      expect(err).toBeInstanceOf(PipelineError);
      expect(err).toMatchObject({ reason: 'out_of_memory', message: expect.stringContaining('64 MB') });
      const ok = await small.processModel({
        inputPath: write('c2.glb', await cubeGlb()),
        originalName: 'c2.glb',
        workDir: path.join(dir, 'm5'),
      });
      expect(ok.report.triangles).toBe(12);
    } finally {
      await small.destroy();
    }
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NodeIO } from '@gltf-transform/core';
import { jobFailureMessage } from '@xr/contract/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkerPng, cubeDocument, cubeObj } from '../../../test/fixtures/models';
import { makeZip } from '../../../test/fixtures/zip';
import type { PipelineError } from './errors';
import { validateGlb } from './gltf-io';
import { processModel, withoutServerPaths } from './model';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-model-reports-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs the pipeline on files written to a fresh folder; returns the result or the refusal, and the folders used. */
async function run(name: string, files: Record<string, Buffer | string>) {
  const inDir = fs.mkdtempSync(path.join(dir, 'in-'));
  for (const [n, d] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(inDir, n)), { recursive: true });
    fs.writeFileSync(path.join(inDir, n), d);
  }
  const workDir = path.join(inDir, 'work');
  const outcome = await processModel({ inputPath: path.join(inDir, name), originalName: name, workDir }).then(
    (r) => ({ ok: true as const, r }),
    (e: unknown) => ({ ok: false as const, e: e as PipelineError }),
  );
  return { outcome, inDir, workDir };
}

/** The textured cube as a .gltf whose texture is `textures/wood.png` and whose buffer is `scene.bin`. */
async function cubeGltf() {
  const doc = await cubeDocument();
  doc.getRoot().listBuffers()[0]!.setURI('scene.bin');
  doc.getRoot().listTextures()[0]!.setURI('textures/wood.png');
  const { json, resources } = await new NodeIO().writeJSON(doc);
  return { gltf: JSON.stringify(json), bin: Buffer.from(resources['scene.bin']!), png: await checkerPng() };
}

describe('models with nothing to show', () => {
  it('refuses an OBJ whose only triangle is degenerate (zero area) as no_geometry', async () => {
    for (const obj of [
      'v 0 0 0\nv 1 0 0\nv 2 0 0\nf 1 2 3\n', // collinear corners
      'v 0 0 0\nv 1 1 1\nf 1 2 2\n', // a repeated corner
    ]) {
      const { outcome } = await run('flat.obj', { 'flat.obj': obj });
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.e.reason).toBe('no_geometry');
    }
  });

  it('keeps a model with one real triangle beside degenerate ones', async () => {
    const { outcome } = await run('mixed.obj', { 'mixed.obj': 'v 0 0 0\nv 1 0 0\nv 2 0 0\nv 0 1 0\nf 1 2 3\nf 1 2 4\n' });
    expect(outcome.ok && outcome.r.report.triangles).toBe(1);
  });
});

describe('files the model references but the upload lacks', () => {
  it('names the missing .bin and texture of a lone .gltf, and says how to add them, in every language', async () => {
    const { gltf } = await cubeGltf();
    const { outcome, inDir } = await run('scene.gltf', { 'scene.gltf': gltf });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.e.reason).toBe('missing_files');
    expect(outcome.e.files).toEqual(['scene.bin', 'textures/wood.png']);
    const en = jobFailureMessage('missing_files', 'en', { files: outcome.e.files });
    expect(en).toContain('“scene.bin”, “textures/wood.png”');
    expect(en).toMatch(/together with these files.*zip/);
    for (const lang of ['zh', 'tc'] as const) {
      const text = jobFailureMessage('missing_files', lang, { files: outcome.e.files });
      expect(text).toContain('“scene.bin”、“textures/wood.png”');
      expect(text).toContain('zip');
    }
    expect(outcome.e.files!.join()).not.toContain(inDir);
  });

  it('refuses a .gltf zip without its .bin as missing_files, not as a damaged file', async () => {
    const { gltf, png } = await cubeGltf();
    const zip = makeZip([
      { name: 'model/scene.gltf', data: gltf },
      { name: 'model/textures/wood.png', data: png },
    ]);
    const { outcome } = await run('model.zip', { 'model.zip': zip });
    expect(!outcome.ok && outcome.e.reason).toBe('missing_files');
    expect(!outcome.ok && outcome.e.files).toEqual(['scene.bin']);
  });

  it('keeps a .gltf without one of its textures, with a warning naming it as the model does', async () => {
    const { gltf, bin } = await cubeGltf();
    const { outcome, inDir, workDir } = await run('scene.gltf', { 'scene.gltf': gltf, 'scene.bin': bin });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.r.report.triangles).toBe(12);
    expect(outcome.r.report.textures).toBe(0);
    expect((await validateGlb(fs.readFileSync(outcome.r.glbPath))).errors).toEqual([]);
    const text = outcome.r.report.warnings.join('\n');
    expect(text).toContain('Texture textures/wood.png is not in the upload');
    expect(text).toMatch(/zip/);
    for (const folder of [inDir, workDir, os.tmpdir()]) expect(text).not.toContain(folder);
  });

  it('names an OBJ texture given as a Windows path without any server path', async () => {
    const mtl =
      'newmtl checker\nKd 1 1 1\nmap_Kd .\\Texture.jpg\nnewmtl other\nKd 1 1 1\nmap_Kd C:\\Users\\bob\\maps\\Wood.jpg\n';
    const obj = cubeObj().replace('usemtl checker', 'usemtl checker');
    const zip = makeZip([
      { name: 'cube.obj', data: obj },
      { name: 'cube.mtl', data: mtl },
    ]);
    const { outcome, inDir } = await run('cube.zip', { 'cube.zip': zip });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const text = outcome.r.report.warnings.join('\n');
    expect(text).toContain('Texture Texture.jpg is not in the upload; the model is kept without it');
    for (const folder of [inDir, path.join(inDir, 'work'), os.tmpdir(), '/source/']) expect(text).not.toContain(folder);
    expect(text).not.toContain('.\\');
  });
});

describe('withoutServerPaths', () => {
  it('names files relative to the upload', () => {
    const roots = ['/srv/data/tmp/jobs/job-7-1/out/source', '/srv/data/tmp/jobs/job-7-1/out'];
    expect(withoutServerPaths('Texture /srv/data/tmp/jobs/job-7-1/out/source/.\\Texture.jpg not found', roots)).toBe(
      'Texture Texture.jpg not found',
    );
    expect(withoutServerPaths('Texture /srv/data/tmp/jobs/job-7-1/out/source/maps/wood.png not found', roots)).toBe(
      'Texture maps/wood.png not found',
    );
    // another absolute path of the server keeps only its file name; the creator's own references stay as written
    expect(withoutServerPaths('Material library /var/lib/xr/x/scene.mtl not found', roots)).toBe(
      'Material library scene.mtl not found',
    );
    expect(withoutServerPaths('Texture C:\\Users\\bob\\wood.png not found', roots)).toBe(
      'Texture C:\\Users\\bob\\wood.png not found',
    );
    expect(withoutServerPaths('Texture textures/wood.png is not in the upload', roots)).toBe(
      'Texture textures/wood.png is not in the upload',
    );
  });
});

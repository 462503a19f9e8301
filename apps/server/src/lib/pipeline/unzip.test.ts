import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeZip } from '../../../test/fixtures/zip';
import { PipelineError } from './errors';
import { processModel } from './model';
import { safeUnzip } from './unzip';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-unzip-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
async function reasonOf(zip: Buffer, limits?: Parameters<typeof safeUnzip>[2]) {
  const file = path.join(dir, `z${n++}.zip`);
  fs.writeFileSync(file, zip);
  const out = path.join(dir, `out${n}`);
  const err = await safeUnzip(file, out, limits).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PipelineError);
  return (err as PipelineError).reason;
}

describe('safeUnzip', () => {
  it('extracts nested folders', async () => {
    const file = path.join(dir, 'ok.zip');
    fs.writeFileSync(
      file,
      makeZip([
        { name: 'a/b/c.txt', data: 'hello' },
        { name: 'd.txt', data: 'x', store: true },
      ]),
    );
    const files = await safeUnzip(file, path.join(dir, 'ok'));
    expect(files.sort()).toEqual([path.join('a', 'b', 'c.txt'), 'd.txt']);
    expect(fs.readFileSync(path.join(dir, 'ok', 'a', 'b', 'c.txt'), 'utf8')).toBe('hello');
  });

  it('refuses entries escaping the folder', async () => {
    expect(await reasonOf(makeZip([{ name: '../evil.txt', data: 'x' }]))).toBe('zip_escape');
    expect(await reasonOf(makeZip([{ name: 'a/../../evil.txt', data: 'x' }]))).toBe('zip_escape');
    expect(await reasonOf(makeZip([{ name: '/etc/evil.txt', data: 'x' }]))).toBe('zip_escape');
    expect(fs.existsSync(path.join(dir, 'evil.txt'))).toBe(false);
  });

  it('refuses symbolic links', async () => {
    expect(await reasonOf(makeZip([{ name: 'link', data: '/etc/passwd', symlink: true }]))).toBe('zip_symlink');
  });

  it('refuses zip bombs by ratio, total size and lying headers', async () => {
    const zeros = Buffer.alloc(20 * 1024 * 1024);
    expect(await reasonOf(makeZip([{ name: 'zeros.bin', data: zeros }]))).toBe('zip_bomb');
    const some = Buffer.alloc(200_000, 7);
    expect(
      await reasonOf(makeZip([{ name: 'a.bin', data: some, store: true }]), {
        maxTotalBytes: 100_000,
        maxEntries: 10,
        maxRatio: 200,
      }),
    ).toBe('zip_bomb');
    expect(await reasonOf(makeZip([{ name: 'liar.bin', data: Buffer.alloc(5 * 1024 * 1024, 1), declaredSize: 1000 }]))).toBe(
      'zip_bomb',
    );
    expect(
      await reasonOf(makeZip(Array.from({ length: 20 }, (_, i) => ({ name: `f${i}`, data: 'x' }))), {
        maxTotalBytes: 1e9,
        maxEntries: 10,
        maxRatio: 200,
      }),
    ).toBe('zip_bomb');
  });

  it('gives processModel the same reasons', async () => {
    const file = path.join(dir, 'escape.zip');
    fs.writeFileSync(file, makeZip([{ name: '../x.obj', data: 'v 0 0 0' }]));
    const err = await processModel({ inputPath: file, originalName: 'escape.zip', workDir: path.join(dir, 'w') }).catch((e) => e);
    expect(err.reason).toBe('zip_escape');
    const gltf = path.join(dir, 'gltf-escape.zip');
    const json = { asset: { version: '2.0' }, buffers: [{ uri: '../../../../../../etc/hostname', byteLength: 4 }] };
    fs.writeFileSync(gltf, makeZip([{ name: 'a.gltf', data: JSON.stringify(json) }]));
    const e1 = await processModel({ inputPath: gltf, originalName: 'a.zip', workDir: path.join(dir, 'w1') }).catch((e) => e);
    expect(e1.reason).toBe('zip_escape');
    const empty = path.join(dir, 'empty.zip');
    fs.writeFileSync(empty, makeZip([{ name: 'readme.txt', data: 'nothing' }]));
    const e2 = await processModel({ inputPath: empty, originalName: 'empty.zip', workDir: path.join(dir, 'w2') }).catch((e) => e);
    expect(e2.reason).toBe('no_model_in_archive');
    const max = path.join(dir, 'max.zip');
    fs.writeFileSync(max, makeZip([{ name: 'scene.max', data: 'x' }]));
    const e3 = await processModel({ inputPath: max, originalName: 'max.zip', workDir: path.join(dir, 'w3') }).catch((e) => e);
    expect(e3.reason).toBe('max_unsupported');
  });
});

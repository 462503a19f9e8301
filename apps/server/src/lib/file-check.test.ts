import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cubeFbxAscii, cubeFbxBinary } from '../../test/fixtures/fbx';
import { tinyMp4, tinyWebm } from '../../test/fixtures/media';
import { cubeGlb, cubeGltfZip, cubeObj, cubeObjZip } from '../../test/fixtures/models';
import { boxDae, boxPly, boxStlAscii, boxStlBinary } from '../../test/fixtures/source-formats';
import { cube3ds } from '../../test/fixtures/tds';
import { checkFile, isUnsafeEntryName } from './file-check';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'xr-check-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

let n = 0;
async function check(ext: string, data: Buffer | string): Promise<string> {
  const file = path.join(dir, `f${n++}`);
  await fs.writeFile(file, data);
  try {
    await checkFile(file, ext);
    return 'ok';
  } catch (err) {
    return (err as { key?: string }).key ?? String(err);
  }
}

const wav = () => {
  const b = Buffer.alloc(44 + 8);
  b.write('RIFF', 0);
  b.writeUInt32LE(b.length - 8, 4);
  b.write('WAVE', 8);
  return b;
};

describe('content checks', () => {
  it('accepts every supported format made by the fixtures', async () => {
    const jpg = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const webp = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#888' } })
      .webp()
      .toBuffer();
    const cases: [string, Buffer | string][] = [
      ['glb', await cubeGlb()],
      ['zip', await cubeGltfZip()],
      ['zip', await cubeObjZip()],
      ['obj', cubeObj(false)],
      // Windows tools save text as UTF-16.
      ['obj', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(cubeObj(false), 'utf16le')])],
      ['obj', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(Buffer.from(cubeObj(false), 'utf16le')).swap16()])],
      ['obj', `${cubeObj(false)}l 1 2\np 3\n`],
      ['fbx', cubeFbxAscii()],
      ['fbx', cubeFbxBinary()],
      ['fbx', cubeFbxBinary('checker.png', undefined, { compress: true, footer: 'sdk' })],
      ['fbx', cubeFbxBinary('checker.png', undefined, { compress: true, footer: 'none' })],
      ['3ds', cube3ds()],
      ['dae', boxDae()],
      ['dae', `\uFEFF<?xml version="1.0"?>\n<!-- exported -->\n${boxDae().replace(/^<\?xml[^>]*>\s*/, '')}`],
      ['stl', boxStlBinary()],
      ['stl', Buffer.concat([Buffer.from('solid but binary'), boxStlBinary().subarray(16)])],
      ['stl', boxStlAscii()],
      ['ply', boxPly()],
      ['jpg', jpg],
      ['webp', webp],
      ['mp4', tinyMp4()],
      ['webm', tinyWebm()],
      ['mp3', Buffer.concat([Buffer.from('ID3'), Buffer.alloc(20)])],
      ['wav', wav()],
      ['gltf', JSON.stringify({ asset: { version: '2.0' } })],
    ];
    for (const [ext, data] of cases) expect(await check(ext, data), ext).toBe('ok');
  });

  it('refuses wrong magic bytes, cut files and .max', async () => {
    expect(await check('fbx', 'hello')).toBe('fileTypeMismatch');
    expect(await check('3ds', 'hello')).toBe('fileTypeMismatch');
    expect(await check('dae', '<?xml version="1.0"?><svg/>')).toBe('fileTypeMismatch');
    expect(await check('stl', 'hello')).toBe('fileTypeMismatch');
    expect(await check('ply', 'hello')).toBe('fileTypeMismatch');
    expect(await check('obj', Buffer.from([0, 1, 2, 3]))).toBe('fileTypeMismatch');
    expect(await check('mp4', tinyMp4().subarray(0, 200))).toBe('fileTruncated');
    expect(await check('mp3', 'not audio')).toBe('fileTypeMismatch');
    expect(await check('wav', wav().subarray(0, 30))).toBe('fileTruncated');
    const fbx = cubeFbxBinary();
    expect(await check('fbx', fbx.subarray(0, fbx.length - 200))).toBe('fileTruncated');
    const stl = boxStlBinary();
    expect(await check('stl', stl.subarray(0, stl.length - 50))).toBe('fileTruncated');
    expect(await check('stl', boxStlAscii().slice(0, 200))).toBe('fileTruncated');
    const tds = cube3ds();
    expect(await check('3ds', tds.subarray(0, tds.length - 20))).toBe('fileTruncated');
    expect(await check('gltf', '{"asset": ')).toBe('fileTruncated');
    expect(await check('png', '')).toBe('fileTruncated');
    expect(await check('max', 'anything')).toBe('fileMaxExported');
  });

  it('knows unsafe zip entry names', () => {
    for (const bad of ['../x', 'a/../../x', '/etc/passwd', 'C:\\win.ini', 'a\\..\\..\\x'])
      expect(isUnsafeEntryName(bad), bad).toBe(true);
    for (const good of ['a/b/c.png', 'model..final.obj', './a.obj']) expect(isUnsafeEntryName(good), good).toBe(false);
  });
});

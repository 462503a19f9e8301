import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { panoramaJpeg, tinyMp4, tinyWebm } from '../../../test/fixtures/media';
import { ffmpegPath } from '../ffmpeg';
import { PipelineError } from './errors';
import { processPanorama } from './panorama';
import { probeVideo } from './video';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-media-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, data: Buffer) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, data);
  return file;
}

describe('processPanorama', () => {
  it('makes previews of a 2:1 panorama without tiles up to 4096 px', async () => {
    const inputPath = write('pano-4k.jpg', await panoramaJpeg(4096, 2048));
    const steps: number[] = [];
    const r = await processPanorama({ inputPath, workDir: path.join(dir, 'p1'), onProgress: (p) => steps.push(p) });
    expect([r.width, r.height, r.ratioOk, r.warnings]).toEqual([4096, 2048, true, []]);
    expect(r.previews.map((p) => [p.width, p.height])).toEqual([
      [512, 256],
      [2048, 1024],
      [4096, 2048],
    ]);
    for (const p of r.previews) {
      const m = await sharp(p.path).metadata();
      // Baseline JPEGs: the viewer draws only whole pictures, and a progressive file decodes about twice as slowly.
      expect([m.format, m.width, m.height, m.isProgressive]).toEqual(['jpeg', p.width, p.height, false]);
    }
    expect(r.tiles).toBeUndefined();
    expect(steps.at(-1)).toBe(100);
  });

  it('cuts 8×4 tiles for a panorama wider than 4096 px', async () => {
    const inputPath = write('pano-8k.jpg', await panoramaJpeg(8000, 4000));
    const r = await processPanorama({ inputPath, workDir: path.join(dir, 'p2') });
    expect(r.ratioOk).toBe(true);
    expect(r.previews.map((p) => p.width)).toEqual([512, 2048, 4096]);
    const t = r.tiles!;
    expect([t.cols, t.rows, t.width, t.tileWidth, t.tileHeight]).toEqual([8, 4, 8000, 1000, 1000]);
    expect(t.files).toHaveLength(32);
    // Every tile is written (the encodes run side by side) and cut from its own place of the panorama.
    for (const f of t.files) expect(fs.statSync(f.path).size).toBeGreaterThan(0);
    const corner = await sharp(path.join(t.dir, t.pattern.replace('{col}', '7').replace('{row}', '3'))).metadata();
    expect([corner.width, corner.height, corner.format]).toEqual([1000, 1000, 'jpeg']);
  });

  it('warns about a ratio other than 2:1 but still processes it', async () => {
    const inputPath = write('wide.jpg', await panoramaJpeg(1600, 600));
    const r = await processPanorama({ inputPath, workDir: path.join(dir, 'p3') });
    expect(r.ratioOk).toBe(false);
    expect(r.warnings[0]).toMatch(/not 2:1/);
    expect(r.previews.map((p) => p.width)).toEqual([512, 1600]);
  });

  it('accepts 2:1 within 1%', async () => {
    const r = await processPanorama({
      inputPath: write('near.jpg', await panoramaJpeg(2000, 995)),
      workDir: path.join(dir, 'p4'),
    });
    expect(r.ratioOk).toBe(true);
  });

  it('refuses images over 40 megapixels', async () => {
    const big = await sharp({ create: { width: 9000, height: 4500, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const err = await processPanorama({ inputPath: write('big.jpg', big), workDir: path.join(dir, 'p5') }).catch((e) => e);
    expect(err).toBeInstanceOf(PipelineError);
    expect(err.reason).toBe('too_many_pixels');
    expect(fs.existsSync(path.join(dir, 'p5'))).toBe(false);
  });

  it('refuses truncated and non-image files', async () => {
    const jpeg = await panoramaJpeg(2048, 1024);
    const cut = jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
    const a = await processPanorama({ inputPath: write('cut.jpg', cut), workDir: path.join(dir, 'p6') }).catch((e) => e);
    expect(a.reason).toBe('truncated');
    const b = await processPanorama({ inputPath: write('x.jpg', Buffer.from('hello')), workDir: path.join(dir, 'p7') }).catch(
      (e) => e,
    );
    expect(b.reason).toBe('unsupported_format');
  });
});

describe('probeVideo', () => {
  it('reads an MP4 (moov after mdat)', async () => {
    const data = tinyMp4({ width: 640, height: 320, durationMs: 2500 });
    const r = await probeVideo({ inputPath: write('v.mp4', data) });
    expect(r).toEqual({
      container: 'mp4',
      durationSeconds: 2.5,
      width: 640,
      height: 320,
      codec: 'avc1.64001f',
      bytes: data.length,
    });
  });

  it('reads a WebM', async () => {
    const data = tinyWebm({ width: 1280, height: 640, durationMs: 3000 });
    const r = await probeVideo({ inputPath: write('v.webm', data) });
    expect(r).toEqual({ container: 'webm', durationSeconds: 3, width: 1280, height: 640, codec: 'V_VP9', bytes: data.length });
  });

  it('refuses other files and a truncated MP4', async () => {
    const a = await probeVideo({ inputPath: write('v.txt', Buffer.from('not a video at all')) }).catch((e) => e);
    expect(a.reason).toBe('unsupported_format');
    const mp4 = tinyMp4();
    const b = await probeVideo({ inputPath: write('cut.mp4', mp4.subarray(0, mp4.length - 200)) }).catch((e) => e);
    expect(b).toBeInstanceOf(PipelineError);
    expect(b.reason).toBe('truncated');
  });

  it('cuts a poster frame of a real video (640 px wide); a video ffmpeg cannot decode has none and still passes', async () => {
    const bin = ffmpegPath();
    expect(bin).toBeTruthy();
    const inputPath = path.join(dir, 'real.mp4');
    // biome-ignore format: one argument per pair reads better
    execFileSync(bin!, [
      '-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=512x256:rate=10', '-t', '3',
      '-c:v', 'libx264', '-pix_fmt', 'yuv420p', inputPath,
    ]);
    const workDir = fs.mkdtempSync(path.join(dir, 'poster-'));
    const r = await probeVideo({ inputPath, workDir });
    expect([r.container, r.width, r.height]).toEqual(['mp4', 512, 256]);
    expect(r.posterPath).toBe(path.join(workDir, 'poster.jpg'));
    const meta = await sharp(r.posterPath!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 640, 320]);
    // a header-only MP4 (no decodable frames): metadata yes, poster no
    const fake = await probeVideo({
      inputPath: write('header-only.mp4', tinyMp4()),
      workDir: fs.mkdtempSync(path.join(dir, 'p-')),
    });
    expect(fake.container).toBe('mp4');
    expect(fake.posterPath).toBeUndefined();
  });
});

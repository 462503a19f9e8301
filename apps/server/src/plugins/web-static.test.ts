import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebStatic, webCacheControl } from './web-static';

const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-web-static-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const html = '<!doctype html><html><body><div id="root"></div></body></html>';
  fs.writeFileSync(path.join(dir, 'index.html'), html);
  fs.writeFileSync(path.join(dir, 'index.html.br'), zlib.brotliCompressSync(html));
  const asset = path.join(dir, 'assets/index-B2lc2aMR.js');
  fs.writeFileSync(asset, js);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(js));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(js));
  app = Fastify();
  await registerWebStatic(app, dir);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('web static files', () => {
  it('sends the brotli file to a browser that accepts it, with immutable caching for a hashed name', async () => {
    const r = await app.inject({ url: '/assets/index-B2lc2aMR.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(r.rawPayload).toString()).toBe(js);
  });

  it('sends the gzip file to a gzip-only client and the plain file to one that accepts neither', async () => {
    const gz = await app.inject({ url: '/assets/index-B2lc2aMR.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);
    const plain = await app.inject({ url: '/assets/index-B2lc2aMR.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('revalidates index.html on every load, at / and by name', async () => {
    for (const url of ['/', '/index.html']) {
      const r = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.brotliDecompressSync(r.rawPayload).toString(), url).toContain('<div id="root">');
    }
  });

  it('names hashed build files only', () => {
    expect(webCacheControl('/srv/dist/assets/vendor-DqwBHXAc.js')).toContain('immutable');
    expect(webCacheControl('/srv/dist/assets/public-BPxldH3H.css')).toContain('immutable');
    expect(webCacheControl('/srv/dist/favicon.svg')).toBe('no-cache');
    expect(webCacheControl('/srv/dist/index.html')).toBe('no-cache');
  });
});

import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalStorage,
  createS3Storage,
  presignGet,
  S3_PART_BYTES,
  type S3Options,
  type Storage,
  storedContentType,
  verifySignedKey,
} from './storage';

const text = async (s: Readable | null) => {
  if (!s) return null;
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks).toString();
};

async function exercise(storage: Storage) {
  await storage.check();
  await storage.put('assets/1/a b.txt', Buffer.from('hello'));
  await storage.put('assets/1/stream.txt', Readable.from([Buffer.from('str'), Buffer.from('eam')]));
  expect(await storage.stat('assets/1/a b.txt')).toEqual({ size: 5 });
  expect(await text(await storage.get('assets/1/stream.txt'))).toBe('stream');
  expect(await storage.get('assets/1/missing.txt')).toBeNull();
  expect(await storage.stat('assets/1/missing.txt')).toBeNull();
  await storage.delete('assets/1/stream.txt');
  expect(await storage.stat('assets/1/stream.txt')).toBeNull();
  await expect(storage.put('../escape.txt', Buffer.from('x'))).rejects.toThrow(/unsafe/);
}

describe('local storage', () => {
  it('stores, reads, deletes and signs expiring URLs', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'xr-store-'));
    const storage = createLocalStorage(root, 'a-secret-of-sixteen');
    await exercise(storage);
    const url = new URL(await storage.signedUrl('assets/1/a b.txt', 60), 'http://x');
    expect(url.pathname).toBe('/api/files/signed/assets/1/a%20b.txt');
    const expires = Number(url.searchParams.get('expires'));
    const sig = url.searchParams.get('sig') ?? '';
    expect(verifySignedKey('a-secret-of-sixteen', 'assets/1/a b.txt', expires, sig)).toBe(true);
    expect(verifySignedKey('a-secret-of-sixteen', 'assets/1/other.txt', expires, sig)).toBe(false);
    expect(verifySignedKey('another-secret-xx', 'assets/1/a b.txt', expires, sig)).toBe(false);
    expect(verifySignedKey('a-secret-of-sixteen', 'assets/1/a b.txt', Math.floor(Date.now() / 1000) - 1, sig)).toBe(false);
    await fs.rm(root, { recursive: true, force: true });
  });
});

describe('S3 storage against s3rver', () => {
  let server: S3rver;
  let dir: string;
  let options: S3Options;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'xr-s3-'));
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'xr-test' }] });
    const address = (await server.run()) as AddressInfo;
    options = {
      endpoint: `http://127.0.0.1:${address.port}`,
      bucket: 'xr-test',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    };
  });
  afterAll(async () => {
    await server.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('stores, reads and deletes objects', async () => {
    await exercise(createS3Storage(options));
  });

  it('streams a file larger than one part as a multipart upload without holding it in memory', async () => {
    const storage = createS3Storage(options);
    const parts = Math.ceil((S3_PART_BYTES * 2.5) / (1024 * 1024));
    // 1 MiB chunks with distinct bytes, generated lazily: the whole body never exists in memory at once
    const chunk = (i: number) => Buffer.alloc(1024 * 1024, i % 251);
    async function* body() {
      for (let i = 0; i < parts; i++) yield chunk(i);
    }
    await storage.put('assets/3/big.bin', Readable.from(body()), 'application/octet-stream', parts * 1024 * 1024);
    expect(await storage.stat('assets/3/big.bin')).toEqual({ size: parts * 1024 * 1024 });
    let offset = 0;
    let same = true;
    for await (const c of (await storage.get('assets/3/big.bin'))!) {
      const b = Buffer.from(c);
      for (let k = 0; k < b.length; k += 4096) if (b[k] !== Math.floor((offset + k) / (1024 * 1024)) % 251) same = false;
      offset += b.length;
    }
    expect(offset).toBe(parts * 1024 * 1024);
    expect(same).toBe(true);
    await storage.delete('assets/3/big.bin');
  });

  it('answers presigned GET URLs', async () => {
    const storage = createS3Storage(options);
    await storage.put('assets/2/model.glb', Buffer.from('glTF-bytes'));
    const res = await fetch(await storage.signedUrl('assets/2/model.glb', 60));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('glTF-bytes');
    await expect(createS3Storage({ ...options, bucket: 'missing-bucket' }).check()).rejects.toBeTruthy();
  });

  it('serves a USDZ as model/vnd.usdz+zip, also one stored without a type (AR Quick Look needs it)', async () => {
    const storage = createS3Storage(options);
    await storage.put('assets/2/model_usdz.usdz', Buffer.from('PK-usdz'));
    const url = await storage.signedUrl('assets/2/model_usdz.usdz', 60);
    expect(new URL(url).searchParams.get('response-content-type')).toBe('model/vnd.usdz+zip');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('model/vnd.usdz+zip');
    expect(storedContentType('a/b.USDZ')).toBe('model/vnd.usdz+zip');
    expect(storedContentType('a/b.txt')).toBeUndefined();
  });

  it('signs exactly as AWS documents (s3rver does not check V4 signatures, so the published example does)', () => {
    const url = presignGet(
      {
        endpoint: 'https://s3.amazonaws.com',
        bucket: 'examplebucket',
        region: 'us-east-1',
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        forcePathStyle: false,
      },
      'test.txt',
      86400,
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z' +
        '&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });
});

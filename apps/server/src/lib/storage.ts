import crypto from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';

/**
 * File storage behind one interface. Keys are relative paths such as `public/avatars/12/ab.png`.
 * Local disk under DATA_DIR/files is the default; an S3-compatible backend plugs in behind the same methods.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Writes a file (streams are streamed, never read whole into memory); `size` is the byte count when known. */
  put(key: string, body: Buffer | Readable, contentType?: string, size?: number): Promise<void>;
  get(key: string): Promise<Readable | null>;
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
  check(): Promise<void>;
  /**
   * A URL that reads the file until `expiresInSeconds` from now without any other credential: an HMAC-signed
   * `/api/files/signed/…` path for local disk, a presigned GET for S3.
   */
  signedUrl(key: string, expiresInSeconds: number): Promise<string>;
}

/** HMAC of a key and its expiry (seconds since the epoch) for local signed URLs. */
export function signKey(secret: string, key: string, expires: number): string {
  return crypto.createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');
}

/** True when the signature matches and the expiry has not passed (constant-time comparison). */
export function verifySignedKey(secret: string, key: string, expires: number, sig: string): boolean {
  if (!Number.isFinite(expires) || expires * 1000 < Date.now()) return false;
  const want = Buffer.from(signKey(secret, key, expires));
  const got = Buffer.from(sig);
  return want.length === got.length && crypto.timingSafeEqual(want, got);
}

function safeKey(key: string): string {
  const norm = path.posix.normalize(key);
  if (norm.startsWith('..') || path.posix.isAbsolute(norm) || norm.includes('\0')) throw new Error(`unsafe storage key: ${key}`);
  return norm;
}

/**
 * The storage the configuration names: S3-compatible object storage when `S3_*` is set, else files under
 * `<DATA_DIR>/files` (the server and its command-line tools open the same one).
 */
export function configuredStorage(c: { s3?: S3Options | null; dataDir: string; uploads: { urlSecret: string } }): Storage {
  return c.s3 ? createS3Storage(c.s3) : createLocalStorage(path.join(c.dataDir, 'files'), c.uploads.urlSecret);
}

/** Local-disk storage rooted at `root`; keys can never escape it. Signed URLs use `signingSecret`. */
export function createLocalStorage(root: string, signingSecret = 'xr-studio-dev-file-secret'): Storage {
  const full = (key: string) => path.join(root, safeKey(key));
  return {
    kind: 'local',
    async signedUrl(key, expiresInSeconds) {
      const k = safeKey(key);
      const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
      const encoded = k.split('/').map(encodeURIComponent).join('/');
      return `/api/files/signed/${encoded}?expires=${expires}&sig=${signKey(signingSecret, k, expires)}`;
    },
    async put(key, body) {
      const file = full(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.part`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(tmp));
        await fs.rename(tmp, file);
      } catch (err) {
        await fs.rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      const file = full(key);
      try {
        await fs.access(file);
      } catch {
        return null;
      }
      return createReadStream(file);
    },
    async stat(key) {
      try {
        const s = await fs.stat(full(key));
        return { size: s.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await fs.rm(full(key), { force: true });
    },
    async check() {
      await fs.mkdir(root, { recursive: true });
      const probe = path.join(root, '.health');
      await fs.writeFile(probe, String(Date.now()));
      await fs.rm(probe, { force: true });
    },
  };
}

export interface S3Options {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

const hmac = (key: Buffer | string, data: string) => crypto.createHmac('sha256', key).update(data).digest();
const sha256hex = (data: string) => crypto.createHash('sha256').update(data).digest('hex');
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Content types the storage itself sets on files whose clients insist on them: AR Quick Look (iOS) opens a USDZ only
 * when it comes as `model/vnd.usdz+zip`. The signed local route types files by extension already (`publicContentType`);
 * S3 answers with the type the object was stored with, so a USDZ is stored with its type and its presigned URL also
 * asks S3 to answer with it (`response-content-type`), which covers objects stored before without one.
 */
const STORED_TYPES: Record<string, string> = {
  usdz: 'model/vnd.usdz+zip',
  glb: 'model/gltf-binary',
};

/** The content type the storage gives a key by its extension, if it is one of `STORED_TYPES`. */
export function storedContentType(key: string): string | undefined {
  const dot = key.lastIndexOf('.');
  return dot < 0 ? undefined : STORED_TYPES[key.slice(dot + 1).toLowerCase()];
}

/**
 * A SigV4 presigned GET URL (query-string authentication), so no extra SDK package is needed. `overrides` are
 * signed `response-*` parameters (e.g. `response-content-type`) that S3 applies to its answer.
 */
export function presignGet(
  o: S3Options,
  key: string,
  expiresInSeconds: number,
  now = new Date(),
  overrides: Record<string, string> = {},
): string {
  const base = new URL(o.endpoint ?? `https://s3.${o.region}.amazonaws.com`);
  const encodedKey = key.split('/').map(rfc3986).join('/');
  const host = o.forcePathStyle ? base.host : `${o.bucket}.${base.host}`;
  const basePath = base.pathname.replace(/\/$/, '');
  const pathName = o.forcePathStyle ? `${basePath}/${rfc3986(o.bucket)}/${encodedKey}` : `${basePath}/${encodedKey}`;
  const amzDate = now.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${o.region}/s3/aws4_request`;
  const query: [string, string][] = [
    ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
    ['X-Amz-Credential', `${o.accessKeyId}/${scope}`],
    ['X-Amz-Date', amzDate],
    ['X-Amz-Expires', String(expiresInSeconds)],
    ['X-Amz-SignedHeaders', 'host'],
    ...Object.entries(overrides),
  ];
  const canonicalQuery = query
    .map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`)
    .sort()
    .join('&');
  const canonical = ['GET', pathName, canonicalQuery, `host:${host}\n`, 'host', 'UNSIGNED-PAYLOAD'].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256hex(canonical)].join('\n');
  const kDate = hmac(`AWS4${o.secretAccessKey}`, day);
  const kSigning = hmac(hmac(hmac(kDate, o.region), 's3'), 'aws4_request');
  const signature = crypto.createHmac('sha256', kSigning).update(toSign).digest('hex');
  return `${base.protocol}//${host}${pathName}?${canonicalQuery}&X-Amz-Signature=${signature}`;
}

/**
 * Deletes these keys, ignoring failures: for files whose rows are already gone (a failed delete leaves an orphan
 * file, never a broken row).
 */
export async function deleteQuietly(storage: Storage, keys: Iterable<string>): Promise<void> {
  await Promise.all([...keys].map((k) => storage.delete(k).catch(() => undefined)));
}

/** Part size of multipart writes (S3 needs at least 5 MiB; 10,000 parts of 16 MiB allow 160 GB files). */
export const S3_PART_BYTES = 16 * 1024 * 1024;
/** Parts sent at once: the memory a write holds is about `S3_PART_BYTES × S3_PARTS_AT_ONCE`, whatever the file size. */
const S3_PARTS_AT_ONCE = 4;

/**
 * S3-compatible storage (AWS, MinIO, s3rver…). `put` goes through lib-storage's managed upload: bodies up to one part
 * are one PutObject, larger ones a multipart upload streamed part by part (so a multi-GB 360 video is never held in
 * memory and S3's 5 GB single-PUT cap does not apply); a failed multipart upload is aborted, leaving no parts behind.
 */
export function createS3Storage(o: S3Options): Storage {
  // The AWS SDK (about 20 MiB once loaded) is imported on the first call, so a server on local disk never loads it.
  let sdk:
    | Promise<{ s3: typeof import('@aws-sdk/client-s3'); Upload: typeof import('@aws-sdk/lib-storage').Upload; client: S3Client }>
    | undefined;
  const load = () => {
    sdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([s3, lib]) => ({
      s3,
      Upload: lib.Upload,
      client: new s3.S3Client({
        region: o.region,
        endpoint: o.endpoint,
        forcePathStyle: o.forcePathStyle,
        credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey },
      }),
    }));
    sdk.catch(() => {
      sdk = undefined;
    });
    return sdk;
  };
  const isMissing = (err: unknown) => {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const { Upload, client } = await load();
      await new Upload({
        client,
        params: { Bucket: o.bucket, Key: safeKey(key), Body: body, ContentType: contentType ?? storedContentType(key) },
        partSize: S3_PART_BYTES,
        queueSize: S3_PARTS_AT_ONCE,
        leavePartsOnError: false,
      }).done();
    },
    async get(key) {
      try {
        const { s3, client } = await load();
        const res = await client.send(new s3.GetObjectCommand({ Bucket: o.bucket, Key: safeKey(key) }));
        return (res.Body as Readable | undefined) ?? null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async stat(key) {
      try {
        const { s3, client } = await load();
        const res = await client.send(new s3.HeadObjectCommand({ Bucket: o.bucket, Key: safeKey(key) }));
        return { size: res.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      const { s3, client } = await load();
      await client.send(new s3.DeleteObjectCommand({ Bucket: o.bucket, Key: safeKey(key) }));
    },
    async check() {
      const { s3, client } = await load();
      await client.send(new s3.HeadBucketCommand({ Bucket: o.bucket }));
    },
    async signedUrl(key, expiresInSeconds) {
      const type = storedContentType(key);
      return presignGet(o, safeKey(key), expiresInSeconds, new Date(), type ? { 'response-content-type': type } : {});
    },
  };
}

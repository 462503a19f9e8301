import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, makeProject } from '../../../test/commerce';
import { auth, login, makeUser } from '../../../test/factories';
import { cubeGlb } from '../../../test/fixtures/models';

let t: TestApp;
let server: S3rver;
let dir: string;
let client: S3Client;
let token: string;
let ownerId: number;

const b64 = (s: string) => Buffer.from(s).toString('base64');

async function upload(meta: Record<string, string>, data: Buffer) {
  const create = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...auth(token),
      'tus-resumable': '1.0.0',
      'upload-length': String(data.length),
      'upload-metadata': Object.entries(meta)
        .map(([k, v]) => `${k} ${b64(v)}`)
        .join(','),
    },
  });
  expect(create.statusCode).toBe(201);
  return t.app.inject({
    method: 'PATCH',
    url: create.headers.location as string,
    headers: {
      ...auth(token),
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    payload: data,
  });
}

const keys = async () =>
  ((await client.send(new ListObjectsV2Command({ Bucket: 'xr-uploads' }))).Contents ?? []).map((o) => o.Key ?? '');

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'xr-s3-up-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'xr-uploads' }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  t = await createTestApp({
    S3_ENDPOINT: endpoint,
    S3_BUCKET: 'xr-uploads',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  const u = await makeUser(t);
  ownerId = u.id;
  token = await login(t, u.email, u.password);
});
afterAll(async () => {
  await t.close();
  await server.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('uploads on S3-compatible storage', () => {
  it('refuses bad content leaving nothing in the bucket, stores and processes a good file, and presigns its URL', async () => {
    const p = await makeProject(t, ownerId, { status: 'draft', isPublic: false });
    const bad = await upload({ filename: 'fake.glb', kind: 'model3d', project_id: String(p.id) }, Buffer.from('not a model'));
    expect(bad.statusCode).toBe(400);
    expect(await keys()).toEqual([]);

    const ok = await upload({ filename: 'cube.glb', kind: 'model3d', project_id: String(p.id) }, await cubeGlb());
    expect(ok.statusCode).toBe(204);
    let status = '';
    for (let i = 0; i < 200 && status !== 'ready' && status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const res = body<{ assets: { status: string }[] }>(
        await t.app.inject({ method: 'GET', url: `/api/project/asset_status?project_id=${p.id}`, headers: auth(token) }),
      );
      status = res.data.assets[0]?.status ?? '';
    }
    expect(status).toBe('ready');
    const content = body<{ assets: { original_url: string; outputs: Record<string, string> }[] }>(
      await t.app.inject({ method: 'GET', url: `/api/project/content?id=${p.id}`, headers: auth(token) }),
    );
    const original = await fetch(content.data.assets[0]?.original_url ?? '');
    expect(original.status).toBe(200);
    expect(
      Buffer.from(await original.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('glTF');
    const model = await fetch(content.data.assets[0]?.outputs.model ?? '');
    expect(model.status).toBe(200);

    await t.app.inject({ method: 'POST', url: '/api/project/del_project', headers: auth(token), payload: { id: p.id } });
    expect((await keys()).filter((k) => !k.endsWith('.info'))).toEqual([]);
  });
});

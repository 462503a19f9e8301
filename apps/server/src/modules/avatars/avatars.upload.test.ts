import { Document, NodeIO } from '@gltf-transform/core';
import type { AvatarItem, AvatarPageReply } from '@xr/contract/avatars';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, type Shopper, shopper } from '../../../test/commerce';
import { cubeGlb } from '../../../test/fixtures/models';
import { tusCreate, tusUpload } from '../../../test/uploads';

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ PIPELINE_WORKERS: '1' });
  app = t.app;
});
afterAll(async () => {
  await t?.close();
});

/** A flat grid of `cols` × `rows` quads: 2 × cols × rows triangles. */
async function gridGlb(cols: number, rows: number): Promise<Buffer> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const positions = new Float32Array((cols + 1) * (rows + 1) * 3);
  for (let y = 0, i = 0; y <= rows; y++) for (let x = 0; x <= cols; x++, i += 3) positions.set([x / cols - 0.5, y / rows, 0], i);
  const indices = new Uint32Array(cols * rows * 6);
  for (let y = 0, i = 0; y < rows; y++)
    for (let x = 0; x < cols; x++, i += 6) {
      const a = y * (cols + 1) + x;
      const b = a + cols + 1;
      indices.set([a, a + 1, b, a + 1, b + 1, b], i);
    }
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(positions).setBuffer(buffer))
    .setIndices(doc.createAccessor().setType('SCALAR').setArray(indices).setBuffer(buffer))
    .setMaterial(doc.createMaterial('skin'));
  doc.createScene('scene').addChild(doc.createNode('body').setMesh(doc.createMesh('body').addPrimitive(prim)));
  return Buffer.from(await new NodeIO().writeBinary(doc));
}

/** The GLB with `extensionsUsed` and top-level `extensions` added to its JSON chunk (how a VRM looks). */
function withExtension(glb: Buffer, name: string, data: unknown): Buffer {
  const jsonLength = glb.readUInt32LE(12);
  const json = JSON.parse(glb.toString('utf8', 20, 20 + jsonLength));
  json.extensionsUsed = [...(json.extensionsUsed ?? []), name];
  json.extensions = { ...(json.extensions ?? {}), [name]: data };
  let text = Buffer.from(JSON.stringify(json));
  text = Buffer.concat([text, Buffer.alloc((4 - (text.length % 4)) % 4, 0x20)]);
  const rest = glb.subarray(20 + jsonLength);
  const header = Buffer.alloc(20);
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(20 + text.length + rest.length, 8);
  header.writeUInt32LE(text.length, 12);
  header.writeUInt32LE(0x4e4f534a, 16);
  return Buffer.concat([header, text, rest]);
}

const page = async (who: Shopper) =>
  body<AvatarPageReply>(
    await app.inject({ url: '/api/avatar/avatar_page?limit=50', headers: { ...who.headers, 'accept-language': 'en' } }),
  ).data;

async function settled(who: Shopper, id: number): Promise<AvatarItem> {
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    const a = (await page(who)).list.find((x) => x.id === id);
    if (a?.model && a.model.status !== 'processing') return a;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('avatar still processing');
}

async function uploadAvatar(who: Shopper, filename: string, data: Buffer) {
  const res = await tusUpload(app, who.token, { filename, kind: 'avatar' }, data);
  expect(res.statusCode, res.body).toBe(204);
  return Number(res.headers['x-avatar-id']);
}

describe('uploaded avatars', () => {
  it('accepts a GLB: ready with its figures, a rendered preview, a signed model URL, and in use', async () => {
    const user = await shopper(t);
    const id = await uploadAvatar(user, 'Robot.glb', await cubeGlb());
    const a = await settled(user, id);
    expect(a.model).toMatchObject({ status: 'ready', format: 'glb', reason: null });
    expect(a.model?.stats).toMatchObject({ triangles: 12, textures: 1, texture_size: 256, bones: 0 });
    expect(a).toMatchObject({ name: 'Robot', kind: 'model', status: 'in_use' });
    expect(a.preview).toMatch(/\.png$/);
    expect((await app.inject({ url: a.preview ?? '' })).statusCode).toBe(200);
    const file = await app.inject({ url: a.model?.url ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.toString('latin1', 0, 4)).toBe('glTF');
  });

  it('keeps a VRM’s extension data; refuses a .vrm without it', async () => {
    const user = await shopper(t);
    const vrm = withExtension(await cubeGlb(), 'VRMC_vrm', { specVersion: '1.0', meta: { name: 'Cube' } });
    const a = await settled(user, await uploadAvatar(user, 'cube.vrm', vrm));
    expect(a.model).toMatchObject({ status: 'ready', format: 'vrm' });
    const delivered = (await app.inject({ url: a.model?.url ?? '' })).rawPayload;
    const json = JSON.parse(delivered.toString('utf8', 20, 20 + delivered.readUInt32LE(12)));
    expect(json.extensionsUsed).toContain('VRMC_vrm');
    expect(json.extensions.VRMC_vrm.meta.name).toBe('Cube');

    const plain = await settled(user, await uploadAvatar(user, 'plain.vrm', await cubeGlb()));
    expect(plain.model).toMatchObject({ status: 'failed', reason: 'invalid_model' });
    // A refused model cannot be put in use.
    const use = await app.inject({
      method: 'POST',
      url: '/api/avatar/set_avatar_status',
      payload: { id: plain.id, status: 'in_use' },
      headers: user.headers,
    });
    expect(body(use).code).toBe(40981);
  });

  it('fails an avatar over the triangle budget with its reason, naming the figure and the limit', async () => {
    const user = await shopper(t);
    const a = await settled(user, await uploadAvatar(user, 'dense.glb', await gridGlb(200, 180)));
    expect(a.model).toMatchObject({ status: 'failed', reason: 'avatar_too_many_triangles', url: null });
    expect(a.model?.error).toBe('The avatar has too many triangles: at most 70,000 (found 72,000)');
    expect(a.model?.stats?.triangles).toBe(72_000);
    expect(a.status).toBe('alternative');
  });

  it('refuses uploads without a token, of other types, and over the allowance before any byte', async () => {
    const glb = await cubeGlb();
    const anon = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(anon.statusCode).toBe(401);
    const free = await shopper(t, { vip_date: null });
    expect((await tusCreate(app, free.token, { filename: 'a.fbx', kind: 'avatar' }, 100)).statusCode).toBe(400);
    expect((await tusCreate(app, free.token, { filename: 'a.glb', kind: 'avatar' }, 60 * 1024 * 1024)).statusCode).toBe(413);
    await settled(free, await uploadAvatar(free, 'one.glb', glb));
    const over = await tusCreate(app, free.token, { filename: 'two.glb', kind: 'avatar' }, glb.length);
    expect(over.statusCode).toBe(413);
    expect(JSON.parse(over.body)).toMatchObject({
      code: 41310,
      message: 'Your plan allows 1 custom avatar(s): delete one first',
    });
  });
});

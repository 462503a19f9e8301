import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AvatarItem, AvatarPageReply, LibraryAvatarPageReply } from '@xr/contract/avatars';
import type { ImportPackReport } from '@xr/contract/library';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, type Shopper, shopper } from '../../../test/commerce';
import { skinnedDocument, toGlb } from '../../../test/fixtures/animated';
import { cubeGlb } from '../../../test/fixtures/models';
import { createAvatarsService } from './avatars.service';

let t: TestApp;
let app: FastifyInstance;
let packs: string;
let report: ImportPackReport;

const get = <T>(url: string, who: Shopper, lang = 'en') =>
  app.inject({ url: `/api${url}`, headers: { ...who.headers, 'accept-language': lang } }).then((r) => {
    if (r.statusCode !== 200) throw new Error(r.body);
    return body<T>(r).data;
  });
/** What rooms read of each user (the service over the same database). */
const looksFor = (ids: number[]) =>
  createAvatarsService({
    db: t.database.db,
    storage: { signedUrl: async (k: string) => `/signed/${k}` } as never,
    jobs: { byIds: async () => [] } as never,
    allowance: async () => null,
    urlTtlSeconds: 60,
  }).looksFor(ids);
const post = (url: string, payload: object, who: Shopper, lang = 'en') =>
  app.inject({ method: 'POST', url: `/api${url}`, payload, headers: { ...who.headers, 'accept-language': lang } });

/** A pack as distributed: a licence, a rigged knight with a clip and a static crate. */
beforeAll(async () => {
  packs = await fs.mkdtemp(path.join(os.tmpdir(), 'xr-avatar-packs-'));
  const kit = path.join(packs, 'Hero Kit');
  await fs.mkdir(kit, { recursive: true });
  await fs.writeFile(
    path.join(kit, 'License.txt'),
    'Hero Kit\n\nCreated/distributed by Kenney (www.kenney.nl)\n\nLicense: (Creative Commons Zero, CC0)\n',
  );
  await fs.writeFile(path.join(kit, 'knight.glb'), await toGlb(skinnedDocument()));
  await fs.writeFile(path.join(kit, 'crate.glb'), await cubeGlb());
  t = await createTestApp({ MARKET_CACHE_SECONDS: '0', LIBRARY_IMPORT_DIR: packs });
  app = t.app;
  const admin = await shopper(t, { roles: ['admin'] });
  const r = await post('/library/import_pack', { path: 'Hero Kit' }, admin);
  expect(r.statusCode).toBe(200);
  report = body<ImportPackReport>(r).data;
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fs.rm(packs, { recursive: true, force: true });
});

describe('library characters as avatars', () => {
  it('lists the rigged characters only, named in the caller language, with thumbnail, model, clips and height', async () => {
    expect(report.failed).toEqual([]);
    const knightId = report.added.find((a) => a.file === 'knight.glb')?.id;
    expect(knightId).toBeDefined();
    const user = await shopper(t);
    const zh = await get<LibraryAvatarPageReply>('/avatar/library_avatar_page?page=1&limit=20', user, 'zh');
    expect(zh.total).toBe(1);
    expect(zh.list[0]).toMatchObject({
      model_id: knightId,
      name: '骑士',
      thumbnail: `/api/library/file/${knightId}/thumbnail.png`,
      url: `/api/library/file/${knightId}/model.glb`,
      clips: ['Bend'],
      avatar_id: null,
    });
    expect(zh.list[0]?.height).toBeGreaterThanOrEqual(0);
    const tc = await get<LibraryAvatarPageReply>('/avatar/library_avatar_page?page=1&limit=20', user, 'tc');
    expect(tc.list[0]?.name).toBe('騎士');
  });

  it('puts a chosen character in use (made once, outside the allowance), and rooms get its model', async () => {
    const user = await shopper(t);
    const [character] = (await get<LibraryAvatarPageReply>('/avatar/library_avatar_page', user, 'en')).list;
    const first = await post('/avatar/use_library_avatar', { model_id: character!.model_id }, user, 'en');
    expect(first.statusCode).toBe(200);
    const item = body<AvatarItem>(first).data;
    expect(item).toMatchObject({
      name: 'Knight',
      kind: 'model',
      status: 'in_use',
      library_model_id: character!.model_id,
      preview: character!.thumbnail,
      model: { format: 'glb', status: 'ready', url: character!.url },
    });

    const mine = await get<AvatarPageReply>('/avatar/avatar_page?page=1&limit=50', user);
    expect(mine.list.map((a) => [a.is_default, a.status])).toEqual([
      [true, 'alternative'],
      [false, 'in_use'],
    ]);
    expect(mine.custom_count).toBe(0);
    const listed = await get<LibraryAvatarPageReply>('/avatar/library_avatar_page', user);
    expect(listed.list[0]?.avatar_id).toBe(item.id);

    // back to the default, then the character again: the same avatar, no second one
    const def = mine.list.find((a) => a.is_default)!;
    expect((await post('/avatar/set_avatar_status', { id: def.id, status: 'in_use' }, user)).statusCode).toBe(200);
    const again = body<AvatarItem>(await post('/avatar/use_library_avatar', { model_id: character!.model_id }, user)).data;
    expect(again).toMatchObject({ id: item.id, status: 'in_use' });
    expect((await get<AvatarPageReply>('/avatar/avatar_page?page=1&limit=50', user)).total).toBe(2);

    const looks = await looksFor([user.id]);
    expect(looks.get(user.id)).toEqual({ kind: 'model', url: character!.url, format: 'glb' });
    const file = await app.inject({ url: character!.url });
    expect(file.statusCode).toBe(200);

    // deleting the avatar leaves the library's files alone
    expect((await post('/avatar/del_avatar', { id: item.id }, user)).statusCode).toBe(200);
    expect((await app.inject({ url: character!.url })).statusCode).toBe(200);
    expect((await looksFor([user.id])).get(user.id)?.kind).toBe('parametric');
  });

  it('refuses a prop, an unknown model and a user without /avatar-list', async () => {
    const user = await shopper(t);
    const crateId = report.added.find((a) => a.file === 'crate.glb')!.id;
    expect((await post('/avatar/use_library_avatar', { model_id: crateId }, user)).statusCode).toBe(404);
    expect((await post('/avatar/use_library_avatar', { model_id: 999999 }, user)).statusCode).toBe(404);
    const nobody = await shopper(t, { roles: [] });
    expect((await post('/avatar/use_library_avatar', { model_id: crateId }, nobody)).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/avatar/library_avatar_page', headers: nobody.headers })).statusCode).toBe(403);
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Document } from '@gltf-transform/core';
import { AVATAR_BUDGET, type AvatarItem, type AvatarPageReply, type LibraryAvatarPageReply } from '@xr/contract/avatars';
import { ErrorCode } from '@xr/contract/errors';
import type { ImportPackReport } from '@xr/contract/library';
import { translateMessage } from '@xr/contract/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, type Shopper, shopper } from '../../../test/commerce';
import { skinnedDocument, toGlb } from '../../../test/fixtures/animated';
import { cubeGlb } from '../../../test/fixtures/models';
import { AppError } from '../../lib/errors';
import { measureAvatarGlb } from './avatars.budget';
import { createAvatarsRepository } from './avatars.repository';
import { type AvatarLibrary, createAvatarsService } from './avatars.service';

let t: TestApp;
let app: FastifyInstance;
let packs: string;
let report: ImportPackReport;

const get = <T>(url: string, who: Shopper, lang = 'en') =>
  app.inject({ url: `/api${url}`, headers: { ...who.headers, 'accept-language': lang } }).then((r) => {
    if (r.statusCode !== 200) throw new Error(r.body);
    return body<T>(r).data;
  });
/** The avatars service over the test app's database (with a library of the test's own where given). */
const serviceWith = (library?: AvatarLibrary) =>
  createAvatarsService({
    db: t.database.db,
    storage: { signedUrl: async (k: string) => `/signed/${k}` } as never,
    jobs: { byIds: async () => [] } as never,
    allowance: async () => null,
    urlTtlSeconds: 60,
    ...(library ? { library } : {}),
  });
/** What rooms read of each user (the service over the same database). */
const looksFor = (ids: number[]) => serviceWith().looksFor(ids);
const post = (url: string, payload: object, who: Shopper, lang = 'en') =>
  app.inject({ method: 'POST', url: `/api${url}`, payload, headers: { ...who.headers, 'accept-language': lang } });

/**
 * A character over the avatar triangle budget: one mesh of `perMesh` triangles drawn by four nodes (the budget counts
 * every triangle drawn), with one texture-less material and no skin.
 */
async function heavyGlb(perMesh: number): Promise<Buffer> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const indices = new Uint32Array(perMesh * 3);
  for (let i = 0; i < indices.length; i++) indices[i] = i % 3;
  const prim = doc
    .createPrimitive()
    .setAttribute(
      'POSITION',
      doc
        .createAccessor()
        .setType('VEC3')
        .setArray(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0])),
    )
    .setIndices(doc.createAccessor().setType('SCALAR').setArray(indices));
  const mesh = doc.createMesh('body').addPrimitive(prim);
  const scene = doc.createScene('scene');
  for (let i = 0; i < 4; i++) scene.addChild(doc.createNode(`part ${i}`).setMesh(mesh).setTranslation([i, 0, 0]));
  for (const a of doc.getRoot().listAccessors()) a.setBuffer(buffer);
  return toGlb(doc);
}

/** The library as the avatars service sees it, offering one character with the given GLB. */
function fakeLibrary(id: number, glb: Uint8Array | null): AvatarLibrary {
  const character = {
    id,
    name: 'Giant',
    names: { zh: '巨人', tc: '巨人', en: 'Giant' },
    thumbnail: `/api/library/file/${id}/thumbnail.png`,
    url: `/api/library/file/${id}/model.glb`,
    clips: ['Idle'],
    height: 1.8,
  };
  return {
    animatedCharacters: async () => ({ list: [character], total: 1 }),
    animatedCharacter: async (want) => (want === id ? character : undefined),
    glbBytes: async (want) => (want === id ? glb : null),
  };
}

/**
 * A library of several characters (`null`: a GLB that cannot be read), paged as the library pages, counting how often
 * each GLB is read.
 */
function fakeLibraryOf(entries: [number, Uint8Array | null][]) {
  const reads = new Map<number, number>();
  const characterOf = (id: number) => ({
    id,
    name: `Character ${id}`,
    names: { zh: `角色 ${id}`, tc: `角色 ${id}`, en: `Character ${id}` },
    thumbnail: `/api/library/file/${id}/thumbnail.png`,
    url: `/api/library/file/${id}/model.glb`,
    clips: ['Idle', 'Wave'],
    height: 1.7,
  });
  const library: AvatarLibrary = {
    animatedCharacters: async ({ page, limit }) => ({
      list: entries.slice((page - 1) * limit, page * limit).map(([id]) => characterOf(id)),
      total: entries.length,
    }),
    animatedCharacter: async (id) => (entries.some(([e]) => e === id) ? characterOf(id) : undefined),
    glbBytes: async (id) => {
      reads.set(id, (reads.get(id) ?? 0) + 1);
      return entries.find(([e]) => e === id)?.[1] ?? null;
    },
  };
  return { library, reads };
}

/** The message a refusal is answered with (as the errors plugin builds it). */
function answerOf(err: unknown, lang: 'zh' | 'tc' | 'en'): string {
  if (!(err instanceof AppError)) throw err;
  const local = Object.fromEntries(Object.entries(err.localParams ?? {}).map(([k, v]) => [k, v[lang]]));
  return translateMessage(err.messageKey, lang, { ...err.params, ...local });
}

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
    expect(zh.over_budget).toBe(0);
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

describe('the avatar budget on library characters', () => {
  it('measures a library GLB as the avatar job measures an upload: every triangle drawn counts', async () => {
    expect(await measureAvatarGlb(await heavyGlb(20_000))).toEqual({ triangles: 80_000, textures: 0, textureSize: 0, bones: 0 });
  });

  it('records the figures of a character within the budget on its avatar', async () => {
    const user = await shopper(t);
    const [character] = (await get<LibraryAvatarPageReply>('/avatar/library_avatar_page', user)).list;
    const item = body<AvatarItem>(await post('/avatar/use_library_avatar', { model_id: character!.model_id }, user)).data;
    // the knight: a skinned strip of 8 triangles bent by three joints
    expect(item.model?.stats).toEqual({ triangles: 8, textures: 0, texture_size: 0, bones: 3 });
  });

  it('refuses a character over 70,000 triangles with the upload refusal text and figure, and makes no avatar', async () => {
    expect(AVATAR_BUDGET.triangles).toBe(70_000);
    const user = await shopper(t);
    const service = serviceWith(fakeLibrary(900_001, await heavyGlb(20_000)));
    const refused = await service.useLibrary(user, { model_id: 900_001 }, 'en').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe(ErrorCode.AVATAR_NOT_READY);
    expect((refused as AppError).field).toBe('model_id');
    expect(answerOf(refused, 'en')).toBe(
      'This character cannot be used as an avatar. The avatar has too many triangles: at most 70,000 (found 80,000)',
    );
    expect(answerOf(refused, 'zh')).toBe('该角色不能用作形象。形象模型的三角面过多：最多 70,000 个（实际 80,000）');
    expect(answerOf(refused, 'tc')).toBe('該角色不能用作形象。形象模型的三角面過多：最多 70,000 個（實際 80,000）');
    const mine = await service.page(user, { page: 1, limit: 50 }, 'en');
    expect(mine.list.map((a) => a.library_model_id ?? null)).toEqual([null]);

    // exactly 70,000 triangles is within the budget: such a character is taken
    const fits = serviceWith(fakeLibrary(900_002, await heavyGlb(17_500)));
    const item = await fits.useLibrary(user, { model_id: 900_002 }, 'en');
    expect(item).toMatchObject({ status: 'in_use', library_model_id: 900_002, model: { stats: { triangles: 70_000 } } });
  });

  it('refuses putting back in use a character taken before the budget applied to it', async () => {
    const user = await shopper(t);
    const service = serviceWith(fakeLibrary(900_003, await heavyGlb(20_000)));
    await service.page(user, { page: 1, limit: 50 }, 'en');
    const old = await createAvatarsRepository(t.database.db).insert({
      userId: user.id,
      name: 'Giant',
      kind: 'model',
      modelFilename: 'Giant.glb',
      modelFormat: 'glb',
      modelStatus: 'ready',
      libraryModelId: 900_003,
    });
    const refused = await service.setStatus(user, { id: old.id, status: 'in_use' }, 'en').catch((e: unknown) => e);
    expect((refused as AppError).code).toBe(ErrorCode.AVATAR_NOT_READY);
    expect(answerOf(refused, 'en')).toContain('at most 70,000 (found 80,000)');
    const inUse = (await service.page(user, { page: 1, limit: 50 }, 'en')).list.find((a) => a.status === 'in_use');
    expect(inUse?.is_default).toBe(true);
  });

  it('refuses a character whose GLB cannot be read, without a server error', async () => {
    const user = await shopper(t);
    const missing = await serviceWith(fakeLibrary(900_004, null))
      .useLibrary(user, { model_id: 900_004 }, 'en')
      .catch((e: unknown) => e);
    expect((missing as AppError).code).toBe(ErrorCode.AVATAR_NOT_READY);
    const broken = await serviceWith(fakeLibrary(900_005, new Uint8Array([1, 2, 3])))
      .useLibrary(user, { model_id: 900_005 }, 'en')
      .catch((e: unknown) => e);
    expect((broken as AppError).code).toBe(ErrorCode.AVATAR_NOT_READY);
  });
});

describe('the character list offers only characters within the avatar budget', () => {
  it('lists the fitting ones (count and pages over those only) and says how many the budget leaves out', async () => {
    const light = await toGlb(skinnedDocument());
    const heavy = await heavyGlb(20_000);
    const { library } = fakeLibraryOf([
      [901_001, light],
      [901_002, heavy],
      [901_003, light],
      [901_004, heavy],
      [901_005, light],
      [901_006, null],
    ]);
    const user = await shopper(t);
    const service = serviceWith(library);
    const first = await service.libraryPage(user, { page: 1, limit: 2 }, 'en');
    expect(first.list.map((c) => c.model_id)).toEqual([901_001, 901_003]);
    // the unreadable one is left out too (taking it would be refused), but it is not over the budget
    expect(first).toMatchObject({ total: 3, page: 1, limit: 2, over_budget: 2 });
    const second = await service.libraryPage(user, { page: 2, limit: 2 }, 'en');
    expect(second.list.map((c) => c.model_id)).toEqual([901_005]);
    expect(second.total).toBe(3);
    expect((await service.libraryPage(user, { page: 3, limit: 2 }, 'en')).list).toEqual([]);
    // what the list offers can be taken; what it leaves out is still refused when asked for by id
    await expect(service.useLibrary(user, { model_id: 901_003 }, 'en')).resolves.toMatchObject({ status: 'in_use' });
    const refused = await service.useLibrary(user, { model_id: 901_002 }, 'en').catch((e: unknown) => e);
    expect((refused as AppError).code).toBe(ErrorCode.AVATAR_NOT_READY);
    expect((await service.libraryPage(user, { page: 1, limit: 2 }, 'en')).list[1]?.avatar_id).not.toBeNull();
  });

  it('reads each GLB once: the figures are stored, and a restarted server lists from them', async () => {
    const light = await toGlb(skinnedDocument());
    const heavy = await heavyGlb(20_000);
    const entries: [number, Uint8Array | null][] = [
      [902_001, light],
      [902_002, heavy],
      [902_003, null],
    ];
    const user = await shopper(t);
    const before = fakeLibraryOf(entries);
    const service = serviceWith(before.library);
    expect((await service.libraryPage(user, { page: 1, limit: 10 }, 'en')).total).toBe(1);
    await service.libraryPage(user, { page: 1, limit: 10 }, 'en');
    // the readable ones once; the unreadable one is tried again at each list
    expect(Object.fromEntries(before.reads)).toEqual({ 902001: 1, 902002: 1, 902003: 2 });
    expect(await createAvatarsRepository(t.database.db).libraryStats([902_001, 902_002, 902_003])).toEqual(
      new Map([
        [902_001, { triangles: 8, textures: 0, textureSize: 0, bones: 3 }],
        [902_002, { triangles: 80_000, textures: 0, textureSize: 0, bones: 0 }],
      ]),
    );

    const after = fakeLibraryOf(entries);
    const restarted = serviceWith(after.library);
    const page = await restarted.libraryPage(user, { page: 1, limit: 10 }, 'en');
    expect(page).toMatchObject({ total: 1, over_budget: 1 });
    expect(page.list.map((c) => c.model_id)).toEqual([902_001]);
    const refused = await restarted.useLibrary(user, { model_id: 902_002 }, 'en').catch((e: unknown) => e);
    expect(answerOf(refused, 'en')).toContain('at most 70,000 (found 80,000)');
    expect(Object.fromEntries(after.reads)).toEqual({ 902003: 1 });
  });

  it('answers an empty list with the count over the budget when no character fits', async () => {
    const heavy = await heavyGlb(20_000);
    const user = await shopper(t);
    const service = serviceWith(
      fakeLibraryOf([
        [903_001, heavy],
        [903_002, heavy],
      ]).library,
    );
    expect(await service.libraryPage(user, { page: 1, limit: 12 }, 'zh')).toEqual({
      list: [],
      total: 0,
      page: 1,
      limit: 12,
      over_budget: 2,
    });
    // no library at all: nothing listed, nothing over the budget
    expect(await serviceWith().libraryPage(user, { page: 1, limit: 12 }, 'en')).toMatchObject({ total: 0, over_budget: 0 });
  });
});

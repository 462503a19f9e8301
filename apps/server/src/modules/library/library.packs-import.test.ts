import fs from 'node:fs/promises';
import path from 'node:path';
import type { ImportPackReport, LibraryCategoryItem, LibraryModel, LibrarySummary, ModelCredit } from '@xr/contract/library';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body } from '../../../test/commerce';
import { auth, login, makeUser } from '../../../test/factories';
import { cubeGlb, cubeObj, denseSphereGlb } from '../../../test/fixtures/models';

let t: TestApp;
let app: FastifyInstance;
let admin: string;
let creator: string;
let packs: string;

type PageOf<T> = { list: T[]; total: number };
const get = (url: string, token?: string, lang = 'en') =>
  app.inject({ method: 'GET', url: `/api${url}`, headers: { ...(token ? auth(token) : {}), 'accept-language': lang } });
const importPack = (p: string, token = admin, lang = 'en') =>
  app.inject({
    method: 'POST',
    url: '/api/library/import_pack',
    payload: { path: p },
    headers: { ...auth(token), 'accept-language': lang },
  });

/**
 * Two packs as they are distributed: a Kenney-style kit (licence naming its author, each model in two formats,
 * colour variants, one file copied under another name) and a pack whose licence names nobody.
 */
beforeAll(async () => {
  const dir = await fs.mkdtemp(path.join((await import('node:os')).tmpdir(), 'xr-packs-'));
  packs = dir;
  const kit = path.join(dir, 'Test Kit (1.0)');
  await fs.mkdir(path.join(kit, 'Models', 'GLB format'), { recursive: true });
  await fs.mkdir(path.join(kit, 'Models', 'OBJ format'), { recursive: true });
  await fs.writeFile(
    path.join(kit, 'License.txt'),
    '\n\tTest Kit (1.0)\n\n\tCreated/distributed by Kenney (www.kenney.nl)\n\n\tLicense: (Creative Commons Zero, CC0)\n\thttp://creativecommons.org/publicdomain/zero/1.0/\n',
  );
  const cube = await cubeGlb();
  await fs.writeFile(path.join(kit, 'Models', 'GLB format', 'knightBlue.glb'), cube);
  await fs.writeFile(path.join(kit, 'Models', 'OBJ format', 'knightBlue.obj'), cubeObj(false));
  await fs.writeFile(path.join(kit, 'Models', 'GLB format', 'knightRed.glb'), await denseSphereGlb(6, 6));
  await fs.writeFile(path.join(kit, 'Models', 'GLB format', 'chairCushion.glb'), await denseSphereGlb(5, 5));
  // the same bytes under another name: a duplicate
  await fs.writeFile(path.join(kit, 'Models', 'GLB format', 'zCopy.glb'), cube);
  const other = path.join(dir, 'Mystery Pack - May 2020');
  await fs.mkdir(other, { recursive: true });
  await fs.writeFile(path.join(other, 'LICENSE.md'), 'Do what you like with these.\n');
  await fs.writeFile(path.join(other, 'Tree_1.glb'), await denseSphereGlb(7, 7));
  await fs.writeFile(path.join(other, 'Tree_2.glb'), await denseSphereGlb(8, 8));

  t = await createTestApp({ MARKET_CACHE_SECONDS: '0', LIBRARY_IMPORT_DIR: dir });
  app = t.app;
  const a = await makeUser(t, { roles: ['admin'] });
  admin = await login(t, a.email, a.password);
  const c = await makeUser(t, { roles: ['creator'] });
  creator = await login(t, c.email, c.password);
}, 120_000);
afterAll(async () => {
  await t.close();
  await fs.rm(packs, { recursive: true, force: true });
});

describe('POST /library/import_pack', () => {
  let kit: ImportPackReport;

  it('imports a pack: one format per model, duplicates skipped, names through the glossary, credits kept', async () => {
    const r = await importPack('Test Kit (1.0)');
    expect(r.statusCode).toBe(200);
    kit = body<ImportPackReport>(r).data;
    expect(kit.failed).toEqual([]);
    expect(kit.added.map((a) => a.file).sort()).toEqual([
      'Models/GLB format/chairCushion.glb',
      'Models/GLB format/knightBlue.glb',
      'Models/GLB format/knightRed.glb',
    ]);
    expect(kit.skipped).toEqual([{ file: 'Models/GLB format/zCopy.glb', id: expect.any(Number) }]);

    const zh = body<PageOf<LibraryModel>>(await get('/library/model_page?keyword=Test%20Kit&limit=50', creator, 'zh')).data;
    expect(zh.total).toBe(3);
    const chair = zh.list.find((m) => m.names.en === 'Chair cushion')!;
    expect(chair).toMatchObject({ name: '椅子坐垫', category: 'furniture', variants: 1 });
    expect(chair.names.tc).toBe('椅子坐墊');
    expect(chair.credit).toEqual({ pack: 'Test Kit (1.0)', author: 'Kenney', license: 'CC0 1.0', url: 'https://kenney.nl' });
    const knight = zh.list.find((m) => m.names.en === 'Knight blue')!;
    expect(knight).toMatchObject({ name: '蓝色骑士', category: 'props', variant: 'Blue', variants: 2 });
  }, 180_000);

  it('groups variants under one card and counts models and variants honestly', async () => {
    const mystery = body<ImportPackReport>(await importPack('Mystery Pack - May 2020')).data;
    expect(mystery.added).toHaveLength(2);
    const grouped = body<PageOf<LibraryModel>>(await get('/library/model_page?grouped=1&limit=50', creator)).data;
    expect(grouped.total).toBe(3);
    expect(grouped.list.map((m) => [m.names.en, m.variants]).sort()).toEqual([
      ['Chair cushion', 1],
      ['Knight blue', 2],
      ['Tree 1', 2],
    ]);
    const tree = grouped.list.find((m) => m.names.en === 'Tree 1')!;
    expect(tree.credit).toEqual({ pack: 'Mystery Pack', author: null, license: null, url: null });
    const variants = body<PageOf<LibraryModel>>(
      await get(`/library/model_page?group=${encodeURIComponent(tree.group)}&limit=50`, creator),
    ).data;
    expect(variants.list.map((m) => m.names.en)).toEqual(['Tree 1', 'Tree 2']);
    const summary = body<LibrarySummary>(await get('/library/summary', creator)).data;
    expect(summary).toEqual({ models: 3, variants: 5, imported: 5, packs: 2 });
    // a category counts distinct models: the two knights are one, the two trees another
    const categories = body<LibraryCategoryItem[]>(await get('/library/category_list', creator)).data;
    const countOf = (id: string) => categories.find((c) => c.id === id)?.count;
    expect(countOf('furniture')).toBe(1);
    expect(countOf('props')).toBe(1);
    const treeCategory = tree.category;
    expect(countOf(treeCategory)).toBe(1);
  }, 180_000);

  it('skips every file of a pack imported again, before processing it', async () => {
    const again = body<ImportPackReport>(await importPack('Test Kit (1.0)')).data;
    expect(again.added).toEqual([]);
    expect(again.skipped).toHaveLength(4);
  }, 180_000);

  it("lists a scene's credits, publicly", async () => {
    const ids = kit.added.map((a) => a.id);
    const credits = body<ModelCredit[]>(await get(`/library/credit_list?ids=${ids.join(',')},999999`, undefined, 'tc')).data;
    expect(credits.map((c) => c.id)).toEqual([...ids].sort((a, b) => a - b));
    expect(credits.every((c) => c.credit?.author === 'Kenney')).toBe(true);
    expect(credits.map((c) => c.name)).toContain('椅子坐墊');
  });

  it('refuses creators, paths outside the pack folder and unknown packs, in the caller language', async () => {
    expect((await importPack('Test Kit (1.0)', creator)).statusCode).toBe(403);
    const outside = body(await importPack('../etc', admin, 'zh'));
    expect(outside.code).toBe(40001);
    expect(outside.message).toContain('素材包');
    const missing = body(await importPack('No Such Pack', admin, 'en'));
    expect(missing.message).toContain('No such folder or zip');
  });
});

import { describe, expect, it } from 'vitest';
import { body, makeProject, placeOrder, shopper } from '../../../test/commerce';
import { insertLibraryModel } from '../../../test/rows';
import {
  a,
  admin,
  app,
  creator,
  draftVersion,
  get,
  headersOf,
  type Lang,
  other,
  plain,
  post,
  product,
  revisionCount,
  save,
  saved,
  sceneDoc,
  sceneProject,
  t,
  tourDoc,
  tourProject,
  useScenesApp,
} from './scenes.test-kit';

// Saving scene documents: round trips, refusals of bad documents, and who may read, save, restore and submit.
useScenesApp();

describe('saving documents', () => {
  it('round-trips a tour: the saved document comes back as parsed, with signed media and the tile grid', async () => {
    const script = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const v = await saved(creator, tourProject, tourDoc({ text: script, hotspotTitle: '"; drop table projects; --' }), 0);
    expect(v).toBe(1);
    const res = await get(creator, `/project/scene_details?id=${tourProject}`);
    expect(res.statusCode).toBe(200);
    const d = body<{
      kind: string;
      version: number;
      state: string;
      access: string;
      document: ReturnType<typeof tourDoc>;
      media: Record<string, { kind: string; urls: Record<string, string>; tiles: unknown }>;
      review: { draft_version: number; state: string };
    }>(res).data;
    expect(d).toMatchObject({
      kind: 'tour',
      version: 1,
      state: 'draft',
      access: 'full',
      review: { draft_version: 1, state: 'none' },
    });
    // Stored and answered as text, verbatim (JSON-escaped), never turned into markup by the server.
    expect(d.document.scenes[0]?.hotspots[3]).toMatchObject({ text: { en: script } });
    expect(d.document.scenes[0]?.hotspots[1]).toMatchObject({ title: { en: '"; drop table projects; --' } });
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body).toContain(JSON.stringify(script).slice(1, -1));
    // Defaults are filled in on save.
    expect(d.document.scenes[1]).toMatchObject({ start_view: { yaw: 0, pitch: 0, zoom: 50 }, background_audio: null });
    const pano = d.media[String(a.pano)];
    expect(pano?.kind).toBe('image360');
    expect(pano?.tiles).toEqual({ width: 8192, cols: 2, rows: 1 });
    expect(Object.keys(pano?.urls ?? {}).sort()).toEqual(['original', 'preview_512', 'tile_0_0', 'tile_1_0']);
    expect(pano?.urls.tile_0_0).toMatch(/^\/api\/files\/signed\/assets\/p\/tile_0_0\.jpg\?expires=\d+&sig=/);
    expect(
      Object.keys(d.media)
        .map(Number)
        .sort((x, y) => x - y),
    ).toEqual([a.pano, a.vid360, a.img, a.aud, a.vid].sort((x, y) => x - y));
    expect(d.media[String(a.vid)]?.urls.original).toMatch(/^\/api\/files\/signed\//);
  });

  it('round-trips a 3D scene with model clips and a product card', async () => {
    const v = await saved(creator, sceneProject, sceneDoc(), 0);
    const d = body<{
      document: { objects: { id: string; transform?: unknown }[] };
      media: Record<string, { urls: Record<string, string>; clips: string[] }>;
      products: Record<string, unknown>;
      library: Record<string, unknown>;
    }>(await get(creator, `/project/scene_details?id=${sceneProject}`)).data;
    expect(v).toBe(1);
    expect(d.document.objects[0]?.transform).toEqual({ position: [1, 0, -2], rotation: [0, 0, 0], scale: [1, 1, 1] });
    expect(d.media[String(a.model)]?.clips).toEqual(['walk', 'wave']);
    expect(Object.keys(d.media[String(a.model)]?.urls ?? {}).sort()).toEqual(['model', 'original', 'thumbnail']);
    expect(d.products[String(product)]).toEqual({
      id: product,
      name: 'Sold chair',
      price: 25,
      cover: '/api/files/public/covers/test.svg',
      purchasable: true,
    });
    expect(d.library).toEqual({});
  });

  it('answers the same version for an unchanged save, and writes no revision', async () => {
    const before = await revisionCount(sceneProject);
    const v = await draftVersion(sceneProject);
    expect(await saved(creator, sceneProject, sceneDoc(), v)).toBe(v);
    expect(await revisionCount(sceneProject)).toBe(before);
  });
});

describe('refusals', () => {
  const fieldOf = (res: { json(): unknown }) => body<{ field: string; errors?: { field: string; message: string }[] }>(res).data;

  it('names the place and says why, in zh, tc and en', async () => {
    const doc = tourDoc({ url: 'javascript:alert(1)' });
    const cases: [Lang, string][] = [
      ['en', 'Enter a link starting with http:// or https://'],
      ['zh-CN', '请输入以 http:// 或 https:// 开头的链接'],
      ['zh-TW', '請輸入以 http:// 或 https:// 開頭的連結'],
    ];
    for (const [lang, message] of cases) {
      const res = await post(creator, '/project/save_scene', { id: tourProject, base_version: 1, document: doc }, lang);
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ code: 40001, message, data: { field: 'document.scenes.0.hotspots.2.url' } });
    }
    const missing = tourDoc() as { scenes: { hotspots: Record<string, unknown>[] }[] };
    delete missing.scenes[0]!.hotspots[0]!.position;
    expect(body(await save(creator, tourProject, missing, 1))).toMatchObject({
      message: 'This field is required',
      data: { field: 'document.scenes.0.hotspots.0.position' },
    });
    const ctl = await save(creator, tourProject, tourDoc({ text: 'bell\u0007' }), 1);
    expect(ctl.statusCode).toBe(400);
    expect(body(ctl)).toMatchObject({
      message: 'Control characters are not allowed',
      data: { field: 'document.scenes.0.hotspots.3.text.en' },
    });
  });

  it('refuses assets that are unknown, another user’s, not ready or of the wrong kind, all at once', async () => {
    const doc = tourDoc();
    doc.scenes[0]!.media.asset_id = a.foreign;
    doc.scenes[1]!.media.asset_id = 999_999;
    (doc.scenes[0]!.hotspots[1] as { asset_id: number }).asset_id = a.busy;
    (doc.scenes[1]!.hotspots[0] as { asset_id: number }).asset_id = a.aud;
    const res = await save(creator, tourProject, doc, 1);
    expect(res.statusCode).toBe(400);
    const data = fieldOf(res);
    expect(data.errors).toEqual([
      { field: 'document.scenes.0.media.asset_id', message: `Asset ${a.foreign} does not exist or is not yours` },
      { field: 'document.scenes.0.hotspots.1.asset_id', message: `Asset ${a.busy} is not processed yet` },
      { field: 'document.scenes.1.media.asset_id', message: 'Asset 999999 does not exist or is not yours' },
      { field: 'document.scenes.1.hotspots.0.asset_id', message: `Asset ${a.aud} is of the wrong kind here (needed: video)` },
    ]);
    // A 360 image where the scene says 360 video.
    const swapped = tourDoc();
    swapped.scenes[1]!.media.asset_id = a.pano;
    expect(fieldOf(await save(creator, tourProject, swapped, 1)).field).toBe('document.scenes.1.media.asset_id');
    const zh = await post(creator, '/project/save_scene', { id: tourProject, base_version: 1, document: swapped }, 'zh-CN');
    expect(body(zh).message).toBe(`素材 ${a.pano} 的类型不适用于此处（需要：360 视频）`);
  });

  it('refuses unknown library models, products off the market, and a kind change; resolves library models', async () => {
    const lib = await save(creator, sceneProject, sceneDoc([{ id: 'chair', type: 'model', source: { library_id: 999_999 } }]), 1);
    expect(lib.statusCode).toBe(400);
    expect(body(lib)).toMatchObject({
      message: 'Model 999999 is not in the model library',
      data: { field: 'document.objects.3.source.library_id' },
    });
    // A model of the library (the library module is wired): accepted, and viewers get its public file URLs and clips.
    const chair = await insertLibraryModel(t, {
      key: `test-chair-${Date.now()}`,
      source: 'imported',
      kind: 'character',
      category: 'characters',
      nameZh: '椅子',
      nameTc: '椅子',
      nameEn: 'Chair',
      clips: ['idle', 'walk'],
    });
    const room = (await makeProject(t, creator.id, { catalog: '3d_model', status: 'draft', isPublic: false })).id;
    const placed = await save(creator, room, sceneDoc([{ id: 'chair', type: 'model', source: { library_id: chair } }]), 0);
    expect(placed.statusCode).toBe(200);
    const details = body<{ library: Record<string, { urls: Record<string, string>; clips: string[] }> }>(
      await get(creator, `/project/scene_details?id=${room}`),
    ).data;
    expect(details.library[String(chair)]).toMatchObject({
      urls: { model: `/api/library/file/${chair}/model.glb`, thumbnail: `/api/library/file/${chair}/thumbnail.png` },
      clips: ['idle', 'walk'],
    });
    const hidden = (await makeProject(t, other.id, { status: 'pending' })).id;
    const off = await save(
      creator,
      sceneProject,
      sceneDoc([{ id: 'h2', type: 'hotspot', hotspot: { id: 'h2', kind: 'product', project_id: hidden } }]),
      1,
    );
    expect(body(off)).toMatchObject({
      message: `Product ${hidden} is not in the market`,
      data: { field: 'document.objects.3.hotspot.project_id' },
    });
    const kind = await save(creator, tourProject, sceneDoc(), 1);
    expect(body(kind)).toMatchObject({ code: 40001, data: { field: 'document.kind' } });
    expect(body(kind).message).toContain('360 projects hold tours');
    // A 3D model project cannot start with a tour either.
    const fresh = (await makeProject(t, creator.id, { catalog: '3d_model', status: 'draft', isPublic: false })).id;
    expect(fieldOf(await save(creator, fresh, tourDoc(), 0)).field).toBe('document.kind');
    expect(await revisionCount(fresh)).toBe(0);
    // A multimedia project holds either kind; its first save fixes which.
    const mixed = (await makeProject(t, creator.id, { catalog: 'multimedia', status: 'draft', isPublic: false })).id;
    expect((await save(creator, mixed, tourDoc(), 0)).statusCode).toBe(200);
    expect(fieldOf(await save(creator, mixed, sceneDoc(), 1)).field).toBe('document.kind');
  });

  it('refuses hostile shapes cheaply and never answers 500 to junk', async () => {
    const huge = tourDoc() as { scenes: { hotspots: unknown[] }[] };
    huge.scenes[0]!.hotspots = Array.from({ length: 100_000 }, () => ({}));
    const many = await save(creator, tourProject, huge, 1);
    expect(many.statusCode).toBe(400);
    expect(body(many)).toMatchObject({ message: 'Too many items', data: { field: 'document.scenes.0.hotspots' } });

    let deep: unknown = 0;
    for (let i = 0; i < 2000; i++) deep = [deep];
    const nested = await save(creator, sceneProject, { ...sceneDoc(), objects: deep }, 1);
    expect(nested.statusCode).toBe(400);
    expect(body(nested).message).toBe('Nested too deeply');

    const big = tourDoc({ text: 'x'.repeat(1900) }) as { scenes: { hotspots: unknown[] }[] };
    const padding = Array.from({ length: 545 }, (_, i) => ({
      id: `p${i}`,
      kind: 'text',
      text: { en: 'y'.repeat(1900) },
      position: { yaw: 0, pitch: 0 },
    }));
    big.scenes[0]!.hotspots.push(...padding);
    const tooBig = await save(creator, tourProject, big, 1);
    expect(tooBig.statusCode).toBe(413);
    expect(body(tooBig)).toMatchObject({ code: 41301, message: 'The scene document is too large: at most 1 MB' });
    const huger = await app.inject({
      method: 'POST',
      url: '/api/project/save_scene',
      headers: { ...headersOf(creator), 'content-type': 'application/json' },
      payload: JSON.stringify({ id: tourProject, base_version: 1, document: { pad: 'z'.repeat(3_000_000) } }),
    });
    expect(huger.statusCode).toBe(413);

    const junk: unknown[] = [
      { id: tourProject, base_version: 1, document: null },
      { id: tourProject, base_version: 1, document: 'tour' },
      { id: tourProject, base_version: 1, document: [] },
      { id: tourProject, base_version: 1, document: { kind: 'tour' } },
      { id: tourProject, base_version: 1, document: { kind: 'movie' } },
      { id: tourProject, base_version: 1, document: { ...tourDoc(), schema_version: 99 } },
      { id: tourProject, base_version: 1, document: { ...tourDoc(), scenes: { length: 3 } } },
      { id: tourProject, base_version: 1, document: { ...tourDoc(), start_scene: { $ne: 1 } } },
      { id: tourProject, base_version: -1, document: tourDoc() },
      { id: tourProject, base_version: 'x', document: tourDoc() },
      { id: 'x', base_version: 1, document: tourDoc() },
      { id: 1e12, base_version: 1, document: tourDoc() },
      { id: tourProject, base_version: 1 },
      { id: tourProject, base_version: 1, document: tourDoc(), force: 'yes' },
      [],
      'nope',
    ];
    for (const payload of junk) {
      const res = await post(creator, '/project/save_scene', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    const raw = await app.inject({
      method: 'POST',
      url: '/api/project/save_scene',
      headers: { ...headersOf(creator), 'content-type': 'application/json' },
      payload: '{"id": 1, "document": {',
    });
    expect(raw.statusCode).toBe(400);
    const abyss = await app.inject({
      method: 'POST',
      url: '/api/project/save_scene',
      headers: { ...headersOf(creator), 'content-type': 'application/json' },
      payload: `{"id": ${tourProject}, "base_version": 1, "document": ${'['.repeat(200_000)}${']'.repeat(200_000)}}`,
    });
    expect(abyss.statusCode).toBe(400);
    for (const url of [
      '/project/scene_details?id=abc',
      '/project/scene_details?id=99999999999',
      `/project/scene_details?id=${tourProject}&version=latest`,
      `/project/scene_details?id=${tourProject}&version=-3`,
      '/project/scene_revisions?id=',
    ]) {
      expect((await get(creator, url)).statusCode, url).toBe(400);
    }
    expect((await post(creator, '/project/restore_scene', { id: tourProject, version: 'one' })).statusCode).toBe(400);
    expect((await post(creator, '/project/submit_scene', { id: null })).statusCode).toBe(400);
    // Nothing above was half-saved.
    expect(await draftVersion(tourProject)).toBe(1);
    expect(await revisionCount(tourProject)).toBe(1);
  });
});

describe('who may do what', () => {
  it('scene_details of a new project without a document: an empty draft for its owner, not found for others', async () => {
    const tour = (await makeProject(t, creator.id, { catalog: '360_image', status: 'draft', name: 'New tour' })).id;
    const scene = (await makeProject(t, creator.id, { catalog: '3d_model', status: 'draft', name: 'New scene' })).id;
    for (const [id, kind] of [
      [tour, 'tour'],
      [scene, 'scene'],
    ] as const) {
      const res = await get(creator, `/project/scene_details?id=${id}`);
      expect(res.statusCode).toBe(200);
      expect(body(res).data).toEqual({
        id,
        kind,
        version: 0,
        state: 'draft',
        access: 'full',
        document: null,
        media: {},
        library: {},
        products: {},
        review: { draft_version: 0, submitted_version: null, published_version: null, state: 'none', reason: '' },
      });
      // A version asked for still has to exist; nobody else learns the project exists.
      expect((await get(creator, `/project/scene_details?id=${id}&version=1`)).statusCode).toBe(404);
      expect((await get(creator, `/project/scene_details?id=${id}&version=submitted`)).statusCode).toBe(404);
      expect((await get(other, `/project/scene_details?id=${id}`)).statusCode).toBe(404);
      expect((await get(undefined, `/project/scene_details?id=${id}`)).statusCode).toBe(404);
    }
    // The first save starts at version 0 and the owner then gets the document.
    expect(await saved(creator, tour, tourDoc(), 0)).toBe(1);
    expect(body<{ version: number }>(await get(creator, `/project/scene_details?id=${tour}`)).data.version).toBe(1);
  });

  it('save, restore and submit: the owner only (401 anonymous, 403 without the creator area, 404 for others and admins)', async () => {
    const calls: [string, unknown][] = [
      ['/project/save_scene', { id: tourProject, base_version: 0, document: tourDoc(), force: true }],
      ['/project/restore_scene', { id: tourProject, version: 1 }],
      ['/project/submit_scene', { id: tourProject }],
    ];
    for (const [url, payload] of calls) {
      expect((await post(undefined, url, payload)).statusCode, url).toBe(401);
      expect((await post(plain, url, payload)).statusCode, url).toBe(403);
      expect((await post(other, url, payload)).statusCode, url).toBe(404);
      expect((await post(admin, url, payload)).statusCode, url).toBe(404);
    }
    expect((await post(creator, '/project/save_scene', { id: 99_999, base_version: 0, document: tourDoc() })).statusCode).toBe(
      404,
    );
  });

  it('revisions: owner and moderators; scene_details: drafts for the owner, published for visitors and buyers', async () => {
    expect((await get(undefined, `/project/scene_revisions?id=${tourProject}`)).statusCode).toBe(401);
    expect((await get(other, `/project/scene_revisions?id=${tourProject}`)).statusCode).toBe(404);
    expect((await get(plain, `/project/scene_revisions?id=${tourProject}`)).statusCode).toBe(404);
    expect((await get(admin, `/project/scene_revisions?id=${tourProject}`)).statusCode).toBe(200);
    // An unpublished draft project: nobody but its owner and moderators.
    expect((await get(undefined, `/project/scene_details?id=${tourProject}`)).statusCode).toBe(404);
    expect((await get(other, `/project/scene_details?id=${tourProject}`)).statusCode).toBe(404);
    expect((await get(admin, `/project/scene_details?id=${tourProject}&version=1`)).statusCode).toBe(200);

    // A published paid project with preview off: buyers get the full published document, visitors are told to buy.
    const p = (await makeProject(t, creator.id, { catalog: '360_image', price: 0, name: 'Bought tour' })).id;
    const v1 = await saved(creator, p, tourDoc(), 0);
    await post(creator, '/project/submit_scene', { id: p });
    await post(admin, '/approval/approve_project', { id: p });
    await saved(creator, p, tourDoc({ text: 'draft only' }), v1);
    const visitor = await get(undefined, `/project/scene_details?id=${p}`);
    expect(visitor.statusCode).toBe(403);
    expect(body(visitor).message).toBe('Get it free to view the full content');
    const buyer = await shopper(t);
    const order = await placeOrder(app, buyer, [p]);
    await app.inject({
      method: 'POST',
      url: '/api/pay/pay',
      headers: buyer.headers,
      payload: { order_on: order.data.order_on, pay_type: 'Free', path: '/', project_ids: String(p) },
    });
    const bought = body<{
      version: number;
      access: string;
      review: unknown;
      media: Record<string, { urls: object; tiles: unknown }>;
    }>(await get(buyer, `/project/scene_details?id=${p}`)).data;
    expect(bought).toMatchObject({ version: v1, access: 'full', review: null });
    expect(bought.media[String(a.pano)]?.tiles).toEqual({ width: 8192, cols: 2, rows: 1 });
    expect((await get(buyer, `/project/scene_details?id=${p}&version=${v1 + 1}`)).statusCode).toBe(404);
    expect((await get(buyer, `/project/scene_details?id=${p}&version=submitted`)).statusCode).toBe(404);
    expect((await get(buyer, `/project/scene_revisions?id=${p}`)).statusCode).toBe(404);

    // Anonymous preview on: the published document at preview quality (no tiles, no processed originals).
    const q = (await makeProject(t, creator.id, { catalog: '360_image', anonymousPreview: true, name: 'Preview tour' })).id;
    await saved(creator, q, tourDoc(), 0);
    await post(creator, '/project/submit_scene', { id: q });
    await post(admin, '/approval/approve_project', { id: q });
    const preview = body<{ access: string; media: Record<string, { urls: Record<string, string>; tiles: unknown }> }>(
      await get(undefined, `/project/scene_details?id=${q}`),
    ).data;
    expect(preview.access).toBe('preview');
    expect(Object.keys(preview.media[String(a.pano)]?.urls ?? {})).toEqual(['preview_512']);
    expect(preview.media[String(a.pano)]?.tiles).toBeNull();
    expect(Object.keys(preview.media[String(a.vid)]?.urls ?? {})).toEqual(['original']);
  });

  it('deleting a project deletes its document and revisions', async () => {
    const p = (await makeProject(t, creator.id, { catalog: '360_image', status: 'draft', isPublic: false })).id;
    await saved(creator, p, tourDoc(), 0);
    expect((await post(creator, '/project/del_project', { id: p })).statusCode).toBe(200);
    expect(await revisionCount(p)).toBe(0);
  });
});

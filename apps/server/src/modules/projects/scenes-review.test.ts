import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { body, makeProject, projectsOf, shopper } from '../../../test/commerce';
import { usersOf } from '../../../test/factories';
import { png, tusUpload, waitForAsset } from '../../../test/uploads';
import { createJobQueue } from '../../lib/jobs';
import { createLocalStorage } from '../../lib/storage';
import { createScenesService, noLibrary } from './scenes.service';
import {
  admin,
  app,
  creator,
  draftVersion,
  get,
  other,
  post,
  saved,
  sceneDoc,
  t,
  tourDoc,
  useScenesApp,
} from './scenes.test-kit';

// Scene documents in review and on the market, uploads to a project holding one, and seeding without HTTP.
useScenesApp();

describe('review and publishing', () => {
  it('keeps an approved project on the market with its published version while a newer draft is reviewed', async () => {
    const p = (await makeProject(t, creator.id, { catalog: '360_image', price: 0, anonymousPreview: true, name: 'Live tour' }))
      .id;
    const visitorSees = async () => {
      const res = await get(undefined, `/project/scene_details?id=${p}`);
      return res.statusCode === 200
        ? body<{ version: number; access: string; document: ReturnType<typeof tourDoc> }>(res).data
        : res.statusCode;
    };
    const v1 = await saved(creator, p, tourDoc({ text: 'first' }), 0);
    expect(await visitorSees()).toBe(404);
    const content0 = body<{ scene: unknown }>(await get(undefined, `/project/content?id=${p}`)).data;
    expect(content0.scene).toBeNull();
    expect(body<{ scene: unknown }>(await get(creator, `/project/content?id=${p}`)).data.scene).toEqual({
      kind: 'tour',
      version: 1,
    });

    const sub = body<{ review_status: string; scene_review: string }>(await post(creator, '/project/submit_scene', { id: p }));
    expect(sub.data).toEqual({ review_status: 'approved', scene_review: 'pending', submitted_version: v1 });
    const queue = body<{ list: { id: number; scene: unknown }[] }>(await get(admin, '/approval/project_review_page?limit=100'));
    expect(queue.data.list.find((r) => r.id === p)?.scene).toEqual({ kind: 'tour', version: v1, published_version: null });
    const forReview = await get(admin, `/project/scene_details?id=${p}&version=submitted`);
    expect(body<{ version: number }>(forReview).data.version).toBe(v1);
    expect((await post(admin, '/approval/approve_project', { id: p })).statusCode).toBe(200);
    expect((await post(admin, '/approval/approve_project', { id: p })).statusCode).toBe(409);

    const seen = await visitorSees();
    expect(seen).toMatchObject({ version: v1, access: 'preview' });
    expect(body<{ scene: unknown }>(await get(undefined, `/project/content?id=${p}`)).data.scene).toEqual({
      kind: 'tour',
      version: v1,
    });

    // A newer draft: visitors keep the published version, the creator sees the draft.
    const v2 = await saved(creator, p, tourDoc({ text: 'second' }), v1);
    expect(await visitorSees()).toMatchObject({
      version: v1,
      document: { scenes: [{ hotspots: [{}, {}, {}, { text: { en: 'first' } }] }, {}] },
    });
    expect(await draftVersion(p)).toBe(v2);
    await post(creator, '/project/submit_scene', { id: p });
    const details = body<{ review_status: string }>(await get(creator, `/project/project_details?id=${p}`)).data;
    expect(details.review_status).toBe('approved');
    const reject = await post(admin, '/approval/reject_project', { id: p, reason: 'Too dark' });
    expect(reject.statusCode).toBe(200);
    expect(await visitorSees()).toMatchObject({ version: v1 });
    const review = body<{ review: unknown }>(await get(creator, `/project/scene_details?id=${p}`)).data.review;
    expect(review).toEqual({
      draft_version: v2,
      submitted_version: null,
      published_version: v1,
      state: 'rejected',
      reason: 'Too dark',
    });
    const inbox = body<{ list: { content?: string; title?: string }[] }>(await get(creator, '/message/my_message_page?limit=50'));
    expect(JSON.stringify(inbox.data.list)).toContain('Too dark');
    const revisions = body<{ version: number; published: boolean }[]>(await get(admin, `/project/scene_revisions?id=${p}`)).data;
    expect(revisions.find((r) => r.version === v1)?.published).toBe(true);

    // Submitted again and approved: the new version is published.
    await post(creator, '/project/submit_scene', { id: p });
    expect((await post(admin, '/approval/approve_project', { id: p })).statusCode).toBe(200);
    expect(await visitorSees()).toMatchObject({ version: v2 });
  });

  it('sends a never-approved project to review as a whole; approval publishes its document', async () => {
    const p = (await makeProject(t, creator.id, { catalog: '3d_model', status: 'draft', isPublic: true, name: 'New room' })).id;
    expect(body(await post(creator, '/project/submit_scene', { id: p }))).toMatchObject({ code: 40001 });
    const v = await saved(creator, p, sceneDoc(), 0);
    const sub = body<{ review_status: string }>(await post(creator, '/project/submit_scene', { id: p }));
    expect(sub.data.review_status).toBe('pending');
    expect(body<{ review_status: string }>(await get(creator, `/project/project_details?id=${p}`)).data.review_status).toBe(
      'pending',
    );
    expect((await post(admin, '/approval/approve_project', { id: p })).statusCode).toBe(200);
    const buyer = await shopper(t);
    // Preview off: a signed-in visitor who did not buy it is told to buy; moderators see the published version.
    const refused = await get(buyer, `/project/scene_details?id=${p}`);
    expect(refused.statusCode).toBe(403);
    const admins = body<{ version: number; state: string }>(await get(admin, `/project/scene_details?id=${p}`)).data;
    expect(admins).toMatchObject({ version: v, state: 'published' });
  });

  it('pins the draft when form edits send an approved project back to review, and refuses a catalog of the other kind', async () => {
    const p = await makeProject(t, creator.id, { catalog: '360_image', name: 'Edited' });
    const v = await saved(creator, p.id, tourDoc(), 0);
    const form = {
      id: p.id,
      name: 'Edited again',
      catalog: '360_video',
      type: 'exhibition',
      price: '100.00',
      keywords: 'k',
      description: 'd',
      cover: p.cover,
      images: [],
      tag_ids: [],
      for_sale: true,
      is_public: true,
      anonymous_preview: true,
    };
    const wrong = await post(creator, '/project/up_project', { ...form, catalog: '3d_model' });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong)).toMatchObject({ data: { field: 'catalog' } });
    expect(body<{ review_status: string }>(await post(creator, '/project/up_project', form)).data.review_status).toBe('pending');
    const queue = body<{ list: { id: number; scene: unknown }[] }>(await get(admin, '/approval/project_review_page?limit=100'));
    expect(queue.data.list.find((r) => r.id === p.id)?.scene).toEqual({ kind: 'tour', version: v, published_version: null });
    await saved(creator, p.id, tourDoc({ text: 'after the pin' }), v);
    expect((await post(admin, '/approval/approve_project', { id: p.id })).statusCode).toBe(200);
    const pub = body<{ version: number }>(await get(undefined, `/project/content?id=${p.id}`)).data;
    expect(pub).toMatchObject({ scene: { kind: 'tour', version: v } });
  });
});

describe('uploads to a project that holds a document', () => {
  it('a real uploaded image becomes usable once processed, and does not send the approved project back to review', async () => {
    const p = (await makeProject(t, creator.id, { catalog: '360_image', name: 'Growing tour' })).id;
    const v1 = await saved(creator, p, tourDoc(), 0);
    await post(creator, '/project/submit_scene', { id: p });
    await post(admin, '/approval/approve_project', { id: p });
    const up = await tusUpload(
      app,
      creator.token,
      { filename: 'sign.png', kind: 'image', project_id: String(p) },
      await png(64, 32),
    );
    expect(up.statusCode).toBe(204);
    const status = await waitForAsset(app, p, creator.token);
    expect(status.assets[0]?.status).toBe('ready');
    expect(body<{ review_status: string }>(await get(creator, `/project/project_details?id=${p}`)).data.review_status).toBe(
      'approved',
    );
    const id = body<{ assets: { id: number }[] }>(await get(creator, `/project/asset_status?project_id=${p}`)).data.assets[0]?.id;
    const doc = tourDoc();
    (doc.scenes[0]!.hotspots[1] as { asset_id: number }).asset_id = id as number;
    const v2 = await saved(creator, p, doc, v1);
    const d = body<{ media: Record<string, { kind: string; urls: Record<string, string> }> }>(
      await get(creator, `/project/scene_details?id=${p}`),
    ).data;
    expect(d.media[String(id)]).toMatchObject({
      kind: 'image',
      urls: { original: expect.stringMatching(/^\/api\/files\/signed\//) },
    });
    const file = await app.inject({ method: 'GET', url: d.media[String(id)]?.urls.original as string });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(v2).toBe(v1 + 1);
  });
});

describe('seeding without HTTP', () => {
  it('saveDocument checks like a save and can publish at once (the demo catalogue)', async () => {
    const { db } = t.database;
    const scenes = createScenesService({
      db,
      projects: projectsOf(t),
      users: usersOf(t).profile,
      storage: createLocalStorage(path.join(t.config.dataDir, 'files')),
      jobs: createJobQueue({ db, log: app.log }),
      library: noLibrary,
      purchasedAmong: async () => new Set(),
      urlTtlSeconds: 60,
    });
    const p = (await makeProject(t, creator.id, { catalog: '3d_model', anonymousPreview: true, name: 'Seeded room' })).id;
    await expect(scenes.saveDocument(other.id, p, sceneDoc())).rejects.toMatchObject({ code: 40401 });
    await expect(scenes.saveDocument(creator.id, p, { kind: 'scene', objects: 'x' })).rejects.toMatchObject({ code: 40001 });
    expect(await scenes.saveDocument(creator.id, p, sceneDoc(), { publish: true })).toEqual({ version: 1 });
    const seen = body<{ version: number; state: string }>(await get(undefined, `/project/scene_details?id=${p}`)).data;
    expect(seen).toMatchObject({ version: 1, state: 'published' });
  });
});

import { SCENE_REVISIONS_MAX } from '@xr/contract/scenes';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { body, countQueries, makeProject } from '../../../test/commerce';
import { projectScenes, sceneRevisions } from './scenes.table';
import {
  admin,
  app,
  creator,
  draftVersion,
  get,
  headersOf,
  post,
  save,
  saved,
  t,
  tourDoc,
  tourProject,
  useScenesApp,
} from './scenes.test-kit';

// Versions of a scene document: two tabs, parallel saves, revisions kept while autosaving, restore, pruning.
useScenesApp();

describe('versions, revisions and restore', () => {
  it('refuses a save over an older version (two tabs) with 40940, and overwrites when forced', async () => {
    const base = await draftVersion(tourProject);
    const tabA = await saved(creator, tourProject, tourDoc({ text: 'tab A' }), base);
    expect(tabA).toBe(base + 1);
    const tabB = await save(creator, tourProject, tourDoc({ text: 'tab B' }), base);
    expect(tabB.statusCode).toBe(409);
    expect(body(tabB)).toMatchObject({
      code: 40940,
      message: 'A newer version of this scene was saved elsewhere: reload it, or overwrite it',
    });
    const zh = await post(creator, '/project/save_scene', { id: tourProject, base_version: base, document: tourDoc() }, 'zh-CN');
    expect(body(zh).message).toContain('请重新载入');
    const forced = await save(creator, tourProject, tourDoc({ text: 'tab B' }), base, true);
    expect(body<{ version: number }>(forced).data.version).toBe(base + 2);
    const d = body<{ document: ReturnType<typeof tourDoc> }>(await get(creator, `/project/scene_details?id=${tourProject}`));
    expect(d.data.document.scenes[0]?.hotspots[3]).toMatchObject({ text: { en: 'tab B' } });
    // Parallel saves on one base (autosave in two tabs at once): one wins, the others are told to reload.
    const now = await draftVersion(tourProject);
    const racing = await Promise.all([1, 2, 3, 4].map((i) => save(creator, tourProject, tourDoc({ text: `race ${i}` }), now)));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await draftVersion(tourProject)).toBe(now + 1);
    // A first save must start from 0.
    const fresh = (await makeProject(t, creator.id, { catalog: '360_video', status: 'draft', isPublic: false })).id;
    expect((await save(creator, fresh, tourDoc(), 3)).statusCode).toBe(409);
    expect(await saved(creator, fresh, tourDoc(), 0)).toBe(1);
  });

  it('keeps one revision a minute while autosaving, lists newest first with author and summary, and restores', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now() + 1000;
    const p = (await makeProject(t, creator.id, { catalog: '360_image', status: 'draft', isPublic: false })).id;
    vi.setSystemTime(start);
    let v = await saved(creator, p, tourDoc({ text: 'one' }), 0);
    // Autosaves every 5 s: the ones in between replace each other.
    for (const [i, s] of [5, 10, 15].entries()) {
      vi.setSystemTime(start + s * 1000);
      v = await saved(creator, p, tourDoc({ text: `auto ${i}` }), v);
    }
    vi.setSystemTime(start + 120_000);
    v = await saved(creator, p, tourDoc({ text: 'later' }), v);
    const list = body<{ version: number; author: string; published: boolean; submitted: boolean; summary: string }[]>(
      await get(creator, `/project/scene_revisions?id=${p}`),
    ).data;
    expect(list.map((r) => r.version)).toEqual([5, 4, 1]);
    expect(list[0]).toMatchObject({
      author: creator.username,
      published: false,
      submitted: false,
      summary: '2 scene(s), 5 hotspot(s)',
    });

    const zh = await app.inject({
      method: 'GET',
      url: `/api/project/scene_revisions?id=${p}`,
      headers: headersOf(creator, 'zh-CN'),
    });
    expect(body<{ summary: string }[]>(zh).data[0]?.summary).toBe('2 个场景，5 个热点');
    const restored = body<{ version: number }>(await post(creator, '/project/restore_scene', { id: p, version: 1 }));
    expect(restored.data.version).toBe(6);
    const d = body<{ version: number; document: ReturnType<typeof tourDoc> }>(
      await get(creator, `/project/scene_details?id=${p}`),
    );
    expect(d.data.version).toBe(6);
    expect(d.data.document.scenes[0]?.hotspots[3]).toMatchObject({ text: { en: 'one' } });
    expect((await post(creator, '/project/restore_scene', { id: p, version: 2 })).statusCode).toBe(404);
    // Any revision by number, for the creator.
    const old = body<{ document: ReturnType<typeof tourDoc> }>(await get(creator, `/project/scene_details?id=${p}&version=4`));
    expect(old.data.document.scenes[0]?.hotspots[3]).toMatchObject({ text: { en: 'auto 2' } });
  });

  it(`keeps at most ${SCENE_REVISIONS_MAX} revisions, never dropping the published one; a save is a handful of queries`, async () => {
    const p = (await makeProject(t, creator.id, { catalog: '360_image', status: 'draft', isPublic: false })).id;
    await saved(creator, p, tourDoc({ text: 'v1' }), 0);
    // Publish v1 through review.
    await post(creator, '/project/submit_scene', { id: p });
    expect((await post(admin, '/approval/approve_project', { id: p })).statusCode).toBe(200);
    // A long editing history, written directly: versions 2…104, two minutes apart.
    const last = SCENE_REVISIONS_MAX + 4;
    const [first] = await t.database.db.select().from(sceneRevisions).where(eq(sceneRevisions.projectId, p));
    const hour = Date.now() - 5 * 3600_000;
    await t.database.db.insert(sceneRevisions).values(
      Array.from({ length: last - 1 }, (_, i) => ({
        projectId: p,
        version: i + 2,
        document: first?.document ?? {},
        stats: { scenes: 2, hotspots: 5, models: 0, npcs: 0, lights: 0 },
        authorId: creator.id,
        createdAt: new Date(hour + i * 120_000),
      })),
    );
    await t.database.db.update(projectScenes).set({ draftVersion: last }).where(eq(projectScenes.projectId, p));
    const queries = await countQueries(t, async () => {
      expect(await saved(creator, p, tourDoc({ text: 'newest' }), last)).toBe(last + 1);
    });
    // session, project, assets, products; begin, lock (2), latest revisions, insert, update, prune, commit
    expect(queries).toBeLessThanOrEqual(14);
    const list = body<{ version: number; published: boolean }[]>(await get(creator, `/project/scene_revisions?id=${p}`)).data;
    expect(list).toHaveLength(SCENE_REVISIONS_MAX + 1);
    expect(list[0]?.version).toBe(last + 1);
    expect(list.at(-1)).toEqual(expect.objectContaining({ version: 1, published: true }));
    expect(list.at(-2)?.version).toBe(last + 2 - SCENE_REVISIONS_MAX);
  });
});

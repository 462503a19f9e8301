import type { MarketItem } from '@xr/contract/market';
import { documentRefs, parseAnyDocument } from '@xr/contract/scenes';
import { SEED_PROJECTS } from '@xr/demo-content/catalogue/projects';
import { runSeedContent, SEED_CONTENT_JOB, type SeedContentPayload } from '@xr/demo-content/content/documents';
import { SEED_MEDIA_JOB } from '@xr/demo-content/content/media';
import { type LibraryIds, SEED_MODELS } from '@xr/demo-content/content/scene-plan';
import type { EditorPort } from '@xr/demo-content/ports';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { body } from '../../test/commerce';
import { login } from '../../test/factories';

type Page<T> = { list: T[]; total: number; page: number; limit: number };
interface ContentView {
  access: string;
  assets: { id: number; kind: string; filename: string; outputs: Record<string, string> }[];
}

let t: TestApp;
let startSeconds = 0;
let mediaSeconds = 0;

const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

/** Waits until no job is queued or running (the media job queues the asset jobs of the panoramas it attaches). */
async function settle(timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const [r] = await rows<{ n: number }>(sql`select count(*)::int as n from jobs where status in ('queued', 'running')`);
    if (Number(r?.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('jobs did not finish');
}

beforeAll(async () => {
  const t0 = Date.now();
  t = await createTestApp({ SEED_DEMO: '1', SEED_MEDIA_WIDTH: '512', PIPELINE_WORKERS: '2' });
  startSeconds = (Date.now() - t0) / 1000;
  const t1 = Date.now();
  await settle(400_000);
  mediaSeconds = (Date.now() - t1) / 1000;
}, 600_000);
afterAll(async () => {
  await t?.close();
});

describe('demo catalogue media', () => {
  it('generates the content in a background job after a fast first start', async () => {
    const [job] = await rows<{
      status: string;
      error: string | null;
      result: { panoramas: number; tours: number; width: number };
    }>(sql`select status, error, result from jobs where type = ${SEED_MEDIA_JOB}`);
    expect(job?.status, job?.error ?? '').toBe('done');
    expect(job?.result.width).toBe(512);
    expect(job?.result.panoramas).toBeGreaterThanOrEqual(10);
    expect(job?.result.tours).toBe(SEED_PROJECTS.filter((p) => p.content.kind === 'tour').length);
    console.info(
      `first start with seeding: ${startSeconds.toFixed(1)} s; media and asset jobs at 512 px: ${mediaSeconds.toFixed(1)} s`,
    );
  });

  it('gives each 360 item processed panoramas, an image, a sound and covers cut from its start panorama', async () => {
    const list = body<Page<MarketItem>>(
      await t.app.inject({ method: 'GET', url: '/api/home_page/item_list?catalog=360_image&limit=50' }),
    ).data.list;
    expect(list.length).toBeGreaterThanOrEqual(8);
    const token = await login(t.app, 'admin@demo.test', 'Demo@12345');
    for (const item of list) {
      expect(item.cover, item.name).toMatch(/^\/api\/files\/public\/covers\/.+-content-0\.jpg$/);
      const content = body<ContentView>(
        await t.app.inject({
          method: 'GET',
          url: `/api/project/content?id=${item.id}`,
          headers: { authorization: `Bearer ${token}` },
        }),
      ).data;
      const kinds = content.assets.map((a) => a.kind);
      expect(kinds.filter((k) => k === 'image360').length, item.name).toBeGreaterThanOrEqual(2);
      expect(kinds).toEqual(expect.arrayContaining(['image', 'audio']));
      const pano = content.assets.find((a) => a.kind === 'image360');
      expect(Object.keys(pano?.outputs ?? {})).toEqual(expect.arrayContaining(['preview_512']));
    }
    const [first] = list;
    const res = await t.app.inject({ method: 'GET', url: first?.cover ?? '' });
    expect(res.statusCode).toBe(200);
    const img = sharp(res.rawPayload);
    const meta = await img.metadata();
    expect([meta.width, meta.height]).toEqual([1280, 720]);
    const { channels } = await img.stats();
    expect(channels.every((c) => c.stdev > 5)).toBe(true);
  });

  it('keeps the seeded projects approved, and 360 video items get a 360 video asset', async () => {
    const list = body<Page<MarketItem>>(
      await t.app.inject({ method: 'GET', url: '/api/home_page/item_list?catalog=360_video&limit=50' }),
    ).data.list;
    expect(list.length).toBeGreaterThanOrEqual(8);
    const token = await login(t.app, 'admin@demo.test', 'Demo@12345');
    const content = body<ContentView>(
      await t.app.inject({
        method: 'GET',
        url: `/api/project/content?id=${list[0]?.id}`,
        headers: { authorization: `Bearer ${token}` },
      }),
    ).data;
    expect(content.assets.map((a) => a.kind)).toEqual(expect.arrayContaining(['video360', 'video']));
    const pending = await rows<{ n: number }>(sql`select count(*)::int as n from projects where review_status <> 'approved'`);
    expect(Number(pending[0]?.n)).toBe(0);
  });

  it('saves a valid document per project once its assets are processed, referencing only its own assets', async () => {
    const [job] = await rows<{ status: string; payload: SeedContentPayload }>(
      sql`select status, payload from jobs where type = ${SEED_CONTENT_JOB}`,
    );
    // Without a scenes service wired in, the job finishes without saving.
    expect(job?.status).toBe('done');
    const assetsOf = async (projectId: number) =>
      rows<{ id: number; kind: string; status: string }>(
        sql`select id, kind, status from assets where project_id = ${projectId}`,
      );
    const editor = { assetsOfProject: assetsOf, setPictures: async () => undefined } as unknown as EditorPort;
    const saved: { author: number; project: number; doc: unknown }[] = [];
    const lib = Object.fromEntries(Object.keys(SEED_MODELS).map((k, i) => [k, 1000 + i])) as LibraryIds;
    const result = await runSeedContent(
      {
        editor,
        storage: undefined as never,
        publicUrl: (key) => key,
        log: t.app.log,
        saveDocument: async (author, project, doc) => {
          saved.push({ author, project, doc });
        },
        libraryIds: async () => lib,
      },
      job!.payload,
    );
    expect(result.toursSaved).toBe(job!.payload.tours.length);
    expect(result.scenesBuilt).toBe(job!.payload.scenes.length);
    const demoIds = new Set((await rows<{ id: number }>(sql`select id from projects`)).map((r) => r.id));
    for (const s of saved) {
      const parsed = parseAnyDocument(JSON.parse(JSON.stringify(s.doc)));
      expect(parsed.success).toBe(true);
      if (!parsed.success) continue;
      const own = new Map((await assetsOf(s.project)).map((a) => [a.id, a]));
      const refs = documentRefs(parsed.data);
      for (const id of refs.assets) {
        expect(own.get(id)?.status, `asset ${id} of project ${s.project}`).toBe('ready');
      }
      for (const id of refs.products) expect(demoIds.has(id) && id !== s.project).toBe(true);
      if (parsed.data.kind === 'tour')
        for (const scene of parsed.data.scenes) expect(own.get(scene.media.asset_id)?.kind).toBe(scene.media.type);
    }
  });
});

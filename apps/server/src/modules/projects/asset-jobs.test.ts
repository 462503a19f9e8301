import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, makeProject } from '../../../test/commerce';
import { auth, login, makeUser } from '../../../test/factories';
import { heavyGlb } from '../../../test/fixtures/heavy-model';
import { cubeGlb } from '../../../test/fixtures/models';
import { makeZip } from '../../../test/fixtures/zip';
import { tusUpload } from '../../../test/uploads';
import { buildApp } from '../../app';

let t: TestApp;
let app: FastifyInstance;
let owner: { id: number; token: string };
let heavy: Buffer;

interface JobState {
  status: string;
  progress: number;
  attempts: number;
  error: string | null;
  reason: string | null;
  result: { report?: { triangles: number } } | null;
}

async function jobOf(id: number): Promise<JobState> {
  const r = await t.database.db.execute(sql`select status, progress, attempts, error, reason, result from jobs where id = ${id}`);
  return (r as unknown as { rows: JobState[] }).rows[0]!;
}

async function assetStatus(projectId: number) {
  return body<{ assets: { status: string }[] }>(
    await app.inject({ method: 'GET', url: `/api/project/asset_status?project_id=${projectId}`, headers: auth(owner.token) }),
  ).data.assets[0]?.status;
}

/** The asset's status straight from the database (while no server is running). */
async function storedAssetStatus(projectId: number) {
  const r = await t.database.db.execute(sql`select status from assets where project_id = ${projectId}`);
  return (r as unknown as { rows: { status: string }[] }).rows[0]?.status;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(fn: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await fn();
    if (v !== undefined) return v;
    await sleep(50);
  }
  throw new Error('condition not reached');
}

const upload = async (name: string, data: Buffer) => {
  const p = await makeProject(t, owner.id, { status: 'draft', isPublic: false });
  const res = await tusUpload(app, owner.token, { filename: name, kind: 'model3d', project_id: String(p.id) }, data);
  expect(res.statusCode).toBe(204);
  return { projectId: p.id, jobId: Number(res.headers['x-job-id']) };
};

beforeAll(async () => {
  t = await createTestApp({ PIPELINE_WORKERS: '1' });
  app = t.app;
  const u = await makeUser(t);
  owner = { id: u.id, token: await login(t, u.email, u.password) };
  // 262,144 triangles and 2 textures: ~3 s of processing, which blocked the event loop up to ~0.45 s at a time in-process.
  heavy = await heavyGlb({ meshes: 2, textureSize: 1024 });
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('asset processing in worker threads', () => {
  it('keeps the API responsive while a heavy model is processed', async () => {
    const { jobId, projectId } = await upload('heavy.glb', heavy);
    // Health requests one after another while the job runs. Each answer is tagged with the job's progress as last
    // seen, so the answers show whether the API kept answering between the worker's progress steps (a step run on
    // this thread would hold every request until it ends). No clock is involved: only the order of events.
    const answers: { status: number; progress: number }[] = [];
    let seenProgress = -1;
    let done = false;
    const prober = (async () => {
      while (!done) {
        await sleep(50);
        const res = await app.inject({ method: 'GET', url: '/api/health' });
        answers.push({ status: res.statusCode, progress: seenProgress });
      }
    })();
    const progressSteps = new Set<number>();
    let job: JobState;
    try {
      for (;;) {
        job = await jobOf(jobId);
        if (job.status === 'running' && job.progress > 0 && job.progress < 100) {
          seenProgress = job.progress;
          progressSteps.add(job.progress);
        }
        if (job.status === 'done' || job.status === 'failed') break;
        await sleep(50);
      }
    } finally {
      done = true;
    }
    await prober;
    expect(job).toMatchObject({ status: 'done', progress: 100 });
    // Simplification within 0.01 % of the model's size merges a few of the terrain's nearly flat triangles.
    expect(job.result?.report?.triangles).toBeGreaterThan(0.95 * 262_144);
    expect(job.result?.report?.triangles).toBeLessThanOrEqual(262_144);
    expect(progressSteps.size).toBeGreaterThan(1);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // Answers came at two or more of the job's intermediate progress steps: the API answered while the step ran.
    const answeredAt = new Set(answers.filter((a) => a.progress > 0).map((a) => a.progress));
    expect(answeredAt.size).toBeGreaterThan(1);
    // A dense static model is delivered with its coarse level of detail beside it (the 3D viewer's first frame).
    const [asset] = body<{ assets: { outputs: Record<string, string> }[] }>(
      await app.inject({ method: 'GET', url: `/api/project/content?id=${projectId}`, headers: auth(owner.token) }),
    ).data.assets;
    expect(Object.keys(asset?.outputs ?? {})).toEqual(expect.arrayContaining(['model', 'model_coarse', 'thumbnail']));
  });

  it('a PipelineError raised in the worker fails the asset at once with its reason', async () => {
    const { projectId, jobId } = await upload('docs.zip', makeZip([{ name: 'readme.txt', data: 'no model here' }]));
    const job = await until(async () => {
      const j = await jobOf(jobId);
      return j.status === 'failed' ? j : undefined;
    });
    expect(job.attempts).toBe(1);
    // The detail stays in the job row (and the log); the API shows the reason code and its translated message.
    expect(job).toMatchObject({
      reason: 'no_model_in_archive',
      error: expect.stringMatching(/^The archive contains no model; accepted formats: .*\.dae.*\.stl/),
    });
    expect(await assetStatus(projectId)).toBe('failed');
    for (const [lang, text] of [
      ['en', 'The archive contains no model of an accepted format: glTF/GLB, FBX, OBJ, 3DS, DAE (Collada), STL, PLY'],
      ['zh', '压缩包中没有可识别的模型文件。可用格式：glTF/GLB、FBX、OBJ、3DS、DAE（Collada）、STL、PLY'],
      ['tc', '壓縮檔中沒有可識別的模型檔案。可用格式：glTF/GLB、FBX、OBJ、3DS、DAE（Collada）、STL、PLY'],
    ] as const) {
      const reply = await app.inject({
        method: 'GET',
        url: `/api/project/asset_status?project_id=${projectId}`,
        headers: { ...auth(owner.token), 'x-lang': lang },
      });
      expect(reply.json().data.assets[0].job).toMatchObject({ status: 'failed', reason: 'no_model_in_archive', error: text });
      expect(reply.body).not.toContain(os.tmpdir());
    }
  });

  it('a replacement keeps the working content until it is ready; a failed one leaves it in place with its reason', async () => {
    const p = await makeProject(t, owner.id, { status: 'draft', isPublic: false });
    const send = async (name: string, data: Buffer, replace: boolean) => {
      const meta = { filename: name, kind: 'model3d', project_id: String(p.id), ...(replace ? { replace: '1' } : {}) };
      const res = await tusUpload(app, owner.token, meta, data);
      expect(res.statusCode).toBe(204);
      return Number(res.headers['x-job-id']);
    };
    const settled = (jobId: number) =>
      until(async () => {
        const j = await jobOf(jobId);
        return j.status === 'done' || j.status === 'failed' ? j : undefined;
      });
    type View = {
      id: number;
      status: string;
      filename: string;
      job: { reason: string | null; error: string | null } | null;
    };
    const status = async (lang = 'en') =>
      body<{ assets: View[] }>(
        await app.inject({
          method: 'GET',
          url: `/api/project/asset_status?project_id=${p.id}`,
          headers: { ...auth(owner.token), 'accept-language': lang },
        }),
      ).data.assets;
    const delivered = async () =>
      body<{ assets: { id: number; outputs: Record<string, string> }[] }>(
        await app.inject({ method: 'GET', url: `/api/project/content?id=${p.id}`, headers: auth(owner.token) }),
      ).data.assets;

    await settled(await send('cube.glb', await cubeGlb(), false));
    const [first] = await status();
    expect(first).toMatchObject({ status: 'ready', job: expect.objectContaining({ reason: null, error: null }) });

    // A replacement that fails: the old model stays delivered, the failure is listed with its translated reason.
    const bad = await send('empty.zip', makeZip([{ name: 'notes.txt', data: 'no model' }]), true);
    expect(await settled(bad)).toMatchObject({ status: 'failed', attempts: 1 });
    const afterFail = await status();
    expect(afterFail.map((a) => [a.id, a.status])).toEqual([
      [first!.id, 'ready'],
      [expect.any(Number), 'failed'],
    ]);
    expect(afterFail[1]!.job).toMatchObject({
      reason: 'no_model_in_archive',
      error: 'The archive contains no model of an accepted format: glTF/GLB, FBX, OBJ, 3DS, DAE (Collada), STL, PLY',
    });
    expect((await status('zh'))[1]!.job?.error).toBe(
      '压缩包中没有可识别的模型文件。可用格式：glTF/GLB、FBX、OBJ、3DS、DAE（Collada）、STL、PLY',
    );
    expect((await delivered()).map((a) => a.id)).toEqual([first!.id]);

    // A good replacement: while it is processed the old model is what is delivered; once ready it takes its place.
    const good = await send('cube2.glb', await cubeGlb(), true);
    const during = await delivered();
    expect(during).toHaveLength(1);
    expect(during[0]!.outputs.model).toBeTruthy();
    expect(await settled(good)).toMatchObject({ status: 'done' });
    const final = await status();
    expect(final.map((a) => [a.filename, a.status])).toEqual([['cube2.glb', 'ready']]);
    expect((await delivered()).map((a) => a.id)).toEqual([final[0]!.id]);
  });

  it('closing the server cancels a running step: the job is queued again and finishes after a restart', async () => {
    const { projectId, jobId } = await upload('heavy2.glb', heavy);
    await until(async () => {
      const j = await jobOf(jobId);
      return j.status === 'running' && j.progress > 0 ? j : undefined;
    });
    await app.close();
    // The step was cancelled, not waited for: the queue puts a job back to `queued` only when its handler returns
    // on the stop signal (a handler that ignored it would be left `running` to its lease once the grace period ends,
    // one that finished would be `done`), and it has done so by the time closing resolves.
    expect(await jobOf(jobId)).toMatchObject({ status: 'queued' });
    expect(await storedAssetStatus(projectId)).toBe('processing');

    app = await buildApp(t.config, { database: t.database, logger: false });
    const job = await until(async () => {
      const j = await jobOf(jobId);
      return j.status === 'done' || j.status === 'failed' ? j : undefined;
    });
    expect(job).toMatchObject({ status: 'done', progress: 100 });
    expect(await assetStatus(projectId)).toBe('ready');
    await app.close();
  });
});

import { NodeIO } from '@gltf-transform/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, makeProject } from '../../../test/commerce';
import { auth, login, makeUser } from '../../../test/factories';
import { cubeDocument, cubeGlb } from '../../../test/fixtures/models';
import { makeZip } from '../../../test/fixtures/zip';
import { tusUpload } from '../../../test/uploads';

let t: TestApp;
let app: FastifyInstance;
let owner: { id: number; token: string };

interface AssetState {
  status: string;
  job: {
    status: string;
    reason: string | null;
    error: string | null;
    result: { report?: { triangles?: number; warnings?: string[] } } | null;
  } | null;
}

beforeAll(async () => {
  t = await createTestApp({ PIPELINE_WORKERS: '2' });
  app = t.app;
  const u = await makeUser(t);
  owner = { id: u.id, token: await login(t, u.email, u.password) };
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function assets(projectId: number, lang = 'en'): Promise<AssetState[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/project/asset_status?project_id=${projectId}`,
    headers: { ...auth(owner.token), 'x-lang': lang },
  });
  return body<{ assets: AssetState[] }>(res).data.assets;
}

/** A zip of a .gltf that references `scene.bin`, without it. */
async function gltfWithoutBin(): Promise<Buffer> {
  const doc = await cubeDocument();
  doc.getRoot().listBuffers()[0]!.setURI('scene.bin');
  const { json } = await new NodeIO().writeJSON(doc);
  return makeZip([{ name: 'model/scene.gltf', data: JSON.stringify(json) }]);
}

describe('asset_status', () => {
  it('answers ready or failed only once the report or the failure reason is written', async () => {
    const uploads = [
      { name: 'a.glb', data: await cubeGlb(), ends: 'ready' },
      { name: 'b.glb', data: await cubeGlb(), ends: 'ready' },
      { name: 'model.zip', data: await gltfWithoutBin(), ends: 'failed' },
      { name: 'c.glb', data: await cubeGlb(), ends: 'ready' },
      { name: 'flat.obj', data: Buffer.from('v 0 0 0\nv 1 0 0\nv 2 0 0\nf 1 2 3\n'), ends: 'failed' },
    ];
    const projects: { id: number; ends: string }[] = [];
    for (const u of uploads) {
      const p = await makeProject(t, owner.id, { status: 'draft', isPublic: false });
      const res = await tusUpload(app, owner.token, { filename: u.name, kind: 'model3d', project_id: String(p.id) }, u.data);
      expect(res.statusCode, `${u.name}: ${res.body}`).toBe(204);
      projects.push({ id: p.id, ends: u.ends });
    }
    // Polls every project's status as fast as the API answers while the jobs run, checking each answer.
    const seen = new Map<number, string>();
    let polls = 0;
    const deadline = Date.now() + 120_000;
    while (seen.size < projects.length && Date.now() < deadline) {
      // a breath between rounds, so that the job queue's own queries get their turn on the embedded database
      await new Promise((r) => setTimeout(r, 5));
      for (const p of projects) {
        if (seen.has(p.id)) continue;
        const [a] = await assets(p.id);
        polls++;
        if (!a) continue;
        if (a.status === 'ready') {
          expect(a.job?.status).toBe('done');
          expect(a.job?.result?.report?.triangles).toBe(12);
          expect(Array.isArray(a.job?.result?.report?.warnings)).toBe(true);
        } else if (a.status === 'failed') {
          expect(a.job?.status).toBe('failed');
          expect(a.job?.reason).toBeTruthy();
          expect(a.job?.error).toBeTruthy();
        } else {
          expect(['queued', 'processing']).toContain(a.status);
          continue;
        }
        seen.set(p.id, a.status);
      }
    }
    expect(polls).toBeGreaterThan(projects.length);
    expect(projects.map((p) => seen.get(p.id))).toEqual(projects.map((p) => p.ends));

    // The missing .bin is named in the failure's message, in the caller's language.
    const missing = projects[2]!.id;
    const [en] = await assets(missing, 'en');
    expect(en?.job?.reason).toBe('missing_files');
    expect(en?.job?.error).toContain('“scene.bin”');
    expect(en?.job?.error).not.toMatch(/damaged|export it again/);
    const [zh] = await assets(missing, 'zh');
    expect(zh?.job?.error).toContain('模型引用的以下文件不在上传内容中：“scene.bin”');
    expect(zh?.job?.error).toContain('zip');
  }, 180_000);
});

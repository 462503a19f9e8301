import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ShareInfo } from '@xr/contract/share';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, makeProject, type Shopper, shopper } from '../../../test/commerce';
import { insertAsset, setPublishedSceneVersion } from '../../../test/rows';
import { loadConfig } from '../../config';

const HOSTILE = '"><script>alert(1)</script>';
const page = (title: string, description: string) =>
  `<!doctype html>\n<html lang="zh-CN">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="description" content="${description}" />\n    <title>${title}</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n`;

let web: string;
let t: TestApp;
let app: FastifyInstance;
let creator: Shopper;
let ids: { pub: number; hostile: number; priv: number; paidOnly: number; noScene: number };

/** A published tour of two scenes on a ready 360 picture of the creator's. */
async function publishTour(projectId: number, on: TestApp = t, who: Shopper = creator) {
  const asset = await insertAsset(on, {
    projectId,
    ownerId: who.id,
    kind: 'image360',
    filename: 'hall.jpg',
    extension: 'jpg',
    originalKey: `assets/${projectId}/hall.jpg`,
    bytes: 100,
    outputs: {},
    status: 'ready',
  });
  const media = { type: 'image360', asset_id: asset.id };
  const document = {
    schema_version: 1,
    kind: 'tour',
    start_scene: 'hall',
    scenes: [
      { id: 'hall', name: { en: 'Hall', zh: '大厅' }, media, hotspots: [] },
      { id: 'yard', name: { en: 'Yard' }, media, hotspots: [] },
    ],
  };
  const res = await on.app.inject({
    method: 'POST',
    url: '/api/project/save_scene',
    headers: who.headers,
    payload: { id: projectId, base_version: 0, document },
  });
  expect(res.statusCode, res.body).toBe(200);
  await setPublishedSceneVersion(on, projectId, body<{ version: number }>(res).data.version);
}

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]+)/.exec(String(csp))?.[1];

beforeAll(async () => {
  web = await fs.mkdtemp(path.join(os.tmpdir(), 'xr-share-web-'));
  await fs.writeFile(path.join(web, 'index.html'), page('XR Studio', 'XR Studio: the app'));
  await fs.writeFile(path.join(web, 'viewer.html'), page('XR Studio', 'XR Studio: full screen'));
  t = await createTestApp({ WEB_DIST: web, MARKET_CACHE_SECONDS: '0' });
  app = t.app;
  creator = await shopper(t, { roles: ['creator'] });
  const open = { anonymousPreview: true, price: 0 } as const;
  ids = {
    pub: (await makeProject(t, creator.id, { ...open, name: 'Harbour walk', description: 'Piers & boats' })).id,
    hostile: (await makeProject(t, creator.id, { ...open, name: HOSTILE, description: '<img src=x onerror=alert(1)>' })).id,
    priv: (await makeProject(t, creator.id, { ...open, name: 'Secret plan', status: 'draft', isPublic: false })).id,
    paidOnly: (await makeProject(t, creator.id, { name: 'Paid vault', price: 30, anonymousPreview: false })).id,
    noScene: (await makeProject(t, creator.id, { ...open, name: 'Bare files' })).id,
  };
  for (const id of [ids.pub, ids.hostile, ids.priv, ids.paidOnly]) await publishTour(id);
});

afterAll(async () => {
  await t?.close();
  await fs.rm(web, { recursive: true, force: true });
});

describe('GET /api/share/info', () => {
  it('answers the link, the embed address and the start scenes of a public tour', async () => {
    const res = await get(`/api/share/info?id=${ids.pub}`);
    expect(res.statusCode, res.body).toBe(200);
    const { code, data } = body<ShareInfo>(res);
    expect(code).toBe(200);
    expect(data).toMatchObject({ id: ids.pub, name: 'Harbour walk', kind: 'tour' });
    expect(data.share_url).toBe(`http://localhost:80/s/${ids.pub}`);
    expect(data.embed_url).toBe(`http://localhost:80/viewer.html?id=${ids.pub}&kind=tour`);
    expect(data.cover).toBe('http://localhost/api/files/public/covers/test.svg');
    expect(data.scenes).toEqual([
      { id: 'hall', name: { en: 'Hall', zh: '大厅' } },
      { id: 'yard', name: { en: 'Yard' } },
    ]);
  });

  it('answers 404 naming nothing for private, paid-only, scene-less and unknown projects, 400 for a bad id', async () => {
    for (const id of [ids.priv, ids.paidOnly, ids.noScene, 999_999]) {
      const res = await get(`/api/share/info?id=${id}`);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.body).not.toMatch(/Secret|Paid vault|Bare files/);
    }
    for (const bad of ['abc', '-1', '99999999999', '']) {
      expect((await get(`/api/share/info?id=${bad}`)).statusCode).toBe(400);
    }
  });
});

describe('frame policy', () => {
  it("lets any site frame a public project's viewer", async () => {
    const res = await get(`/viewer.html?id=${ids.pub}&kind=tour&embed=1&autorotate=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(frameAncestors(res.headers['content-security-policy'])).toBe('*');
    // the rest of the policy stays as strict as everywhere else
    expect(res.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
  });

  it('denies frames to the viewer of every other project and to every other page', async () => {
    const urls = [
      `/viewer.html?id=${ids.priv}`,
      `/viewer.html?id=${ids.paidOnly}`,
      `/viewer.html?id=${ids.noScene}`,
      '/viewer.html?id=abc',
      '/viewer.html',
      '/',
      '/index.html',
      `/s/${ids.pub}`,
      `/api/share/info?id=${ids.pub}`,
      `/api/project/front_project_details?id=${ids.pub}`,
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe("'none'");
    }
  });

  it('names only the origins of EMBED_ALLOWED_ORIGINS when it is set', async () => {
    const other = await createTestApp({
      WEB_DIST: web,
      EMBED_ALLOWED_ORIGINS: 'https://blog.example.com, http://127.0.0.1:9999/',
    });
    try {
      const owner = await shopper(other, { roles: ['creator'] });
      const project = await makeProject(other, owner.id, { anonymousPreview: true, price: 0 });
      await publishTour(project.id, other, owner);
      const res = await other.app.inject({ method: 'GET', url: `/viewer.html?id=${project.id}` });
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(frameAncestors(res.headers['content-security-policy'])).toBe('https://blog.example.com http://127.0.0.1:9999');
      const home = await other.app.inject({ method: 'GET', url: '/' });
      expect(frameAncestors(home.headers['content-security-policy'])).toBe("'none'");
    } finally {
      await other.close();
    }
  });

  it('refuses an EMBED_ALLOWED_ORIGINS entry that is not an origin', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: web };
    for (const bad of ['blog.example.com', 'ftp://files.example.com', 'https://blog.example.com/page', 'javascript:alert(1)']) {
      expect(() => loadConfig({ ...base, EMBED_ALLOWED_ORIGINS: bad }), bad).toThrow();
    }
    expect(loadConfig({ ...base, EMBED_ALLOWED_ORIGINS: '*' }).embedAllowedOrigins).toEqual([]);
    expect(loadConfig(base).embedAllowedOrigins).toEqual([]);
  });
});

describe('link cards', () => {
  it('/s/<id> carries Open Graph and Twitter tags of a public project and hands over to its details page', async () => {
    const res = await get(`/s/${ids.pub}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<title>Harbour walk · XR Studio</title>');
    expect(html).toContain('<meta property="og:title" content="Harbour walk" />');
    expect(html).toContain('<meta property="og:description" content="Piers &amp; boats" />');
    expect(html).toContain(`<meta property="og:url" content="http://localhost:80/s/${ids.pub}" />`);
    expect(html).toContain('<meta property="og:image" content="http://localhost/api/files/public/covers/test.svg" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain(`<meta http-equiv="refresh" content="0; url=/#/product_details?id=${ids.pub}" />`);
  });

  it("the viewer page carries the project's card", async () => {
    const html = (await get(`/viewer.html?id=${ids.pub}&kind=tour`)).body;
    expect(html).toContain('<meta property="og:title" content="Harbour walk" />');
    expect(html).toContain(`<meta property="og:url" content="http://localhost:80/viewer.html?id=${ids.pub}&amp;kind=tour" />`);
  });

  it('escapes a hostile name and description', async () => {
    for (const url of [`/s/${ids.hostile}`, `/viewer.html?id=${ids.hostile}`]) {
      const html = (await get(url)).body;
      expect(html, url).not.toContain('<script>');
      expect(html, url).not.toContain('<img src=x');
      expect(html, url).toContain('content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
      expect(html, url).toContain('&lt;img src=x onerror=alert(1)&gt;');
    }
  });

  it('answers 404 for private, paid-only, unknown and malformed ids without naming them', async () => {
    for (const url of [`/s/${ids.priv}`, `/s/${ids.paidOnly}`, '/s/999999', '/s/abc', '/s/1e3', `/s/${'9'.repeat(40)}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toMatch(/Secret plan|Paid vault|og:title/);
    }
    const viewer = (await get(`/viewer.html?id=${ids.priv}`)).body;
    expect(viewer).not.toMatch(/Secret plan|og:title/);
  });

  it('the details call of a private project stays refused to visitors', async () => {
    const res = await get(`/api/project/front_project_details?id=${ids.priv}`);
    expect(res.statusCode).toBe(404);
  });
});

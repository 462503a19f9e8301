import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, freshDatabase, type TestApp } from '../test/app';
import { auth, login, makeUser } from '../test/factories';

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
});
afterAll(async () => {
  await t?.close();
});

/**
 * Builds the real app while collecting every route it registers (an onRoute hook added to the Fastify
 * instance before any plugin). `patch` can swap a module for the build, e.g. to add a bad route.
 */
async function buildCollectingRoutes(patch?: () => void): Promise<{ routes: RouteOptions[]; build: Promise<FastifyInstance> }> {
  const routes: RouteOptions[] = [];
  vi.resetModules();
  vi.doMock('fastify', async (importOriginal) => {
    const real = await importOriginal<typeof import('fastify')>();
    const wrapped = (opts?: Parameters<typeof real.default>[0]) => {
      const instance = real.default(opts);
      instance.addHook('onRoute', (route) => {
        routes.push(route);
      });
      return instance;
    };
    return { ...real, default: wrapped, fastify: wrapped };
  });
  patch?.();
  const { buildApp } = await import('./app');
  const { database, drop } = await freshDatabase();
  const build = buildApp(t.config, { database, logger: false }).then(
    async (built) => {
      await built.close();
      await drop();
      return built;
    },
    async (err) => {
      await drop();
      throw err;
    },
  );
  return { routes, build };
}

describe('access rules', () => {
  afterAll(() => {
    vi.doUnmock('fastify');
    vi.doUnmock('./modules/contact/contact.routes');
    vi.resetModules();
  });

  it('every route under /api (but the OpenAPI UI) carries an access rule', async () => {
    const { routes, build } = await buildCollectingRoutes();
    await build;
    const api = routes.filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs'));
    expect(api.length).toBeGreaterThan(40);
    const missing = api.filter((r) => !r.config?.access).map((r) => `${String(r.method)} ${r.url}`);
    expect(missing).toEqual([]);
    const rules = new Set(api.map((r) => JSON.stringify(r.config?.access)));
    expect(rules).toContain('"public"');
    expect(rules).toContain('"user"');
    expect(rules).toContain('{"permission":"/system/auth"}');
    const urls = api.map((r) => r.url);
    for (const url of ['/api/login', '/api/user/user_info', '/api/role/role_page', '/api/permissions/permissions_page']) {
      expect(urls).toContain(url);
    }
  });

  it('refuses to build an app where a module adds a route without one', async () => {
    const { build } = await buildCollectingRoutes(() => {
      vi.doMock('./modules/contact/contact.routes', async (importOriginal) => {
        const real = await importOriginal<typeof import('./modules/contact/contact.routes')>();
        const contactRoutes: typeof real.contactRoutes = async (instance, opts) => {
          await real.contactRoutes(instance, opts);
          instance.get('/forgotten', async () => 'no rule');
        };
        return { ...real, contactRoutes };
      });
    });
    await expect(build).rejects.toThrow('Route GET /api/forgotten has no access rule (config.access)');
  });
});

describe('OpenAPI', () => {
  it('serves a document generated from the route schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/login']?.post).toBeDefined();
    expect(doc.paths['/api/role/role_page']?.get).toBeDefined();
    expect(JSON.stringify(doc.paths['/api/role/role_page'])).toContain('user_count');
  });

  it('serves the UI at /api/docs', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(res.statusCode);
  });
});

describe('error envelope', () => {
  it('answers an unknown /api path with 404 and code 40401', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await app.inject({ method, url: '/api/no/such/call', headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 40401, message: 'Not found', data: null });
    }
    const zh = await app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'accept-language': 'zh' } });
    expect(zh.json()).toMatchObject({ code: 40401, message: '内容不存在' });
  });

  it('answers malformed JSON with 400 and the validation envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"username": "a@b.test", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 40001, message: 'The submitted data is invalid', data: null });
  });

  it('answers an unsupported content type with a 4xx envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/x-unknown' },
      payload: 'hello',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
  });

  it('answers an internal failure with 500 and code 50000, without leaking its detail', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    const token = await login(t, admin.email, admin.password);
    const secret = 'relation "secret_table" does not exist at /srv/app/internal.ts:42';
    const spy = vi.spyOn(t.database.db, 'select').mockImplementation(() => {
      throw new Error(secret);
    });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/api/role/role_page',
        headers: { ...auth(token), 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body).toEqual({ code: 50000, message: 'Something went wrong on our side, please try again later', data: null });
      expect(res.body).not.toContain('secret_table');
      expect(res.body).not.toContain('/srv/app');
      expect(res.body).not.toMatch(/stack|\bat\s+\S+\s+\(/i);
    } finally {
      spy.mockRestore();
    }
    const after = await app.inject({ method: 'GET', url: '/api/role/role_page', headers: auth(token) });
    expect(after.json().code).toBe(200);
  });
});

import { API_BODIES, BODIES_OUTSIDE_CONTRACT } from '@xr/contract/api-bodies';
import { API_REPLIES, REPLIES_OUTSIDE_CONTRACT } from '@xr/contract/api-replies';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { TestApp } from '../test/app';

/**
 * The contract's tables of reply and body schemas (which the web tests' fake server checks its replies and the pages'
 * requests against) are the same as the schemas the routes declare: every JSON route is in them, or in the short
 * lists of routes without a contract schema, and each entry describes what the route answers or takes.
 */

const routes = vi.hoisted(() => [] as RouteOptions[]);
// The route options (with their zod schemas) are only seen by an onRoute hook added before the modules register.
vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof import('fastify')>();
  const original = mod.default as unknown as (...args: unknown[]) => FastifyInstance;
  const make = ((...args: unknown[]) => {
    const app = original(...args);
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    return app;
  }) as typeof mod.default;
  return { ...mod, default: make, fastify: make };
});

const { createTestApp } = await import('../test/app');

const json = (s: z.ZodType, io: 'input' | 'output' = 'output') =>
  JSON.stringify(z.toJSONSchema(s, { io, unrepresentable: 'any' }));

/** Path (without /api) → the `data` schema of its code-200 envelope, for the routes answering one. */
function envelopeRoutes(): Map<string, z.ZodType> {
  const out = new Map<string, z.ZodType>();
  for (const route of routes) {
    if (route.method === 'HEAD' || !route.url.startsWith('/api/')) continue;
    const reply = (route.schema?.response as Record<string, unknown> | undefined)?.[200];
    if (!(reply instanceof z.ZodObject) || !('code' in reply.shape) || !('data' in reply.shape)) continue;
    out.set(route.url.slice('/api'.length), reply.shape.data as z.ZodType);
  }
  return out;
}

/** Path (without /api) → the body schema it declares, for the routes taking a body. */
function bodyRoutes(): Map<string, z.ZodType> {
  const out = new Map<string, z.ZodType>();
  for (const route of routes) {
    const body = route.schema?.body;
    if (!route.url.startsWith('/api/') || !(body instanceof z.ZodType)) continue;
    out.set(route.url.slice('/api'.length), body);
  }
  return out;
}

describe('API_REPLIES and API_BODIES', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('has the reply schema each route declares', () => {
    const server = envelopeRoutes();
    expect(server.size).toBeGreaterThan(100);
    const drift: string[] = [];
    for (const [path, data] of server) {
      const entry = API_REPLIES[path];
      if (!entry) {
        if (!REPLIES_OUTSIDE_CONTRACT.includes(path))
          drift.push(`${path}: not in API_REPLIES (packages/contract/src/api-replies.ts): add its reply schema there`);
      } else if (entry !== data && json(entry) !== json(data)) {
        drift.push(`${path}: API_REPLIES has another schema than the route`);
      }
    }
    for (const path of Object.keys(API_REPLIES)) if (!server.has(path)) drift.push(`${path}: no such JSON route`);
    for (const path of REPLIES_OUTSIDE_CONTRACT) {
      if (!server.has(path)) drift.push(`${path} (REPLIES_OUTSIDE_CONTRACT): no such JSON route`);
      if (API_REPLIES[path]) drift.push(`${path} (REPLIES_OUTSIDE_CONTRACT): also in API_REPLIES`);
    }
    expect(drift).toEqual([]);
  });

  it('has the body schema each route declares', () => {
    const server = bodyRoutes();
    expect(server.size).toBeGreaterThan(100);
    const drift: string[] = [];
    for (const [path, body] of server) {
      const entry = API_BODIES[path];
      if (!entry) {
        if (!BODIES_OUTSIDE_CONTRACT.includes(path))
          drift.push(`${path}: not in API_BODIES (packages/contract/src/api-bodies.ts): add its body schema there`);
      } else if (entry !== body && json(entry, 'input') !== json(body, 'input')) {
        drift.push(`${path}: API_BODIES has another schema than the route`);
      }
    }
    for (const path of Object.keys(API_BODIES)) if (!server.has(path)) drift.push(`${path}: no route takes this body`);
    for (const path of BODIES_OUTSIDE_CONTRACT) {
      if (!server.has(path)) drift.push(`${path} (BODIES_OUTSIDE_CONTRACT): no such route with a body`);
      if (API_BODIES[path]) drift.push(`${path} (BODIES_OUTSIDE_CONTRACT): also in API_BODIES`);
    }
    expect(drift).toEqual([]);
  });
});

import type { WorldEntry, WorldJoinReply } from '@xr/contract/world';
import { WorldEvent } from '@xr/contract/world';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, type Shopper, shopper } from '../../../test/commerce';
import { ask, makeSceneProject, socketKit, urlOf } from '../../../test/world';

/*
 * What the world's test files share: one listening app per file (node id `world-test`), an administrator, a creator
 * with a scene project and three users, and the calls they make. A test file calls `useWorldApp()` once at its top;
 * the bindings below hold that file's app and people from its `beforeAll` on (ES module exports are live).
 */

export let t: TestApp;
export let app: FastifyInstance;
let url: string;
export let admin: Shopper;
export let author: Shopper;
export let alice: Shopper;
export let bob: Shopper;
export let carol: Shopper;
/** The author's project with a published 3D scene, the room of `addWorld` by default. */
export let projectId: number;
/** The file's socket.io clients (closed after its tests). */
export let kit: ReturnType<typeof socketKit>;

export function useWorldApp(): void {
  beforeAll(async () => {
    kit = socketKit();
    t = await createTestApp({ WORLD_NODE_ID: 'world-test' });
    app = t.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = urlOf(app);
    [admin, author, alice, bob, carol] = await Promise.all([
      shopper(t, { roles: ['admin'] }),
      shopper(t, { roles: ['creator'] }),
      shopper(t, { roles: ['user'] }),
      shopper(t, { roles: ['user'] }),
      shopper(t, { roles: ['user'] }),
    ]);
    projectId = (await makeSceneProject(t, author.id)).id;
  });
  afterAll(async () => {
    kit?.closeAll();
    await t?.close();
  });
}

export const call = async (method: 'GET' | 'POST', path: string, who?: Shopper, payload?: unknown) =>
  app.inject({
    method,
    url: `/api${path}`,
    payload: method === 'POST' ? ((payload ?? {}) as object) : undefined,
    headers: { ...(who?.headers ?? {}), 'accept-language': 'en' },
  });
export const get = async <T>(path: string, who?: Shopper) => body<T>(await call('GET', path, who));
export const post = async <T>(path: string, who: Shopper | undefined, payload: unknown) =>
  body<T>(await call('POST', path, who, payload));

export async function addWorld(over: Record<string, unknown> = {}, who: Shopper = author): Promise<WorldEntry> {
  const r = await post<WorldEntry>('/explore/add_world', who, { name: 'Hall', project_id: projectId, ...over });
  expect(r.code, JSON.stringify(r)).toBe(200);
  return r.data;
}
export async function enter(s: Socket, payload: Record<string, unknown>): Promise<WorldJoinReply> {
  const r = await ask<WorldJoinReply>(s, WorldEvent.join, payload);
  if (!r.ok) throw new Error(`join refused: ${r.code} ${r.message}`);
  return r.data;
}
export const connect = (who?: Shopper) => kit.connect(url, who?.token);

/**
 * Connects each person (a guest for `undefined`), then joins them to the entry in the same order: their sockets and
 * join replies, in that order.
 */
export async function seat<const P extends readonly (Shopper | undefined)[]>(
  entryId: number,
  ...people: P
): Promise<{ sockets: { [K in keyof P]: Socket }; joins: { [K in keyof P]: WorldJoinReply } }> {
  const sockets: Socket[] = [];
  for (const who of people) sockets.push(await connect(who));
  const joins: WorldJoinReply[] = [];
  for (const s of sockets) joins.push(await enter(s, { entry_id: entryId }));
  return { sockets, joins } as { sockets: { [K in keyof P]: Socket }; joins: { [K in keyof P]: WorldJoinReply } };
}

import type { AddressInfo } from 'node:net';
import { documentStats, parseSceneDocument } from '@xr/contract/scenes';
import type { WorldAck } from '@xr/contract/world';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { assets } from '../src/modules/projects/assets.table';
import { projectScenes, sceneRevisions } from '../src/modules/projects/scenes.table';
import type { TestApp } from './app';
import { makeProject } from './commerce';

/** A project holding a published 3D scene (or tour) document, owned by `ownerId`. */
export async function makeSceneProject(
  t: TestApp,
  ownerId: number,
  o: { kind?: 'scene' | 'tour'; published?: boolean; isPublic?: boolean; price?: number } = {},
) {
  const p = await makeProject(t, ownerId, {
    catalog: o.kind === 'tour' ? '360_image' : 'multimedia',
    status: o.published === false ? 'draft' : 'approved',
    isPublic: o.isPublic ?? o.published !== false,
    price: o.price,
  });
  await t.database.db.insert(projectScenes).values({
    projectId: p.id,
    kind: o.kind ?? 'scene',
    draftVersion: 1,
    draftHash: 'test',
    publishedVersion: o.published === false ? null : 1,
  });
  return p;
}

/**
 * A 3D scene project with a stored document (version 1) showing one processed model of its owner: the model's
 * original, its viewer output (`model`) and a preview image. Answers the project and the model asset's id.
 */
export async function makeModelScene(
  t: TestApp,
  ownerId: number,
  o: { published?: boolean; price?: number } = {},
): Promise<{ projectId: number; assetId: number }> {
  const p = await makeSceneProject(t, ownerId, { published: o.published, price: o.price });
  const { db } = t.database;
  const [asset] = await db
    .insert(assets)
    .values({
      projectId: p.id,
      ownerId,
      kind: 'model3d',
      filename: 'statue.glb',
      extension: 'glb',
      originalKey: `assets/${p.id}/statue-original.glb`,
      bytes: 100,
      outputs: {
        model: `assets/${p.id}/statue-model.glb`,
        model_coarse: `assets/${p.id}/statue-model_coarse.glb`,
        preview: `assets/${p.id}/statue-preview.webp`,
        thumbnail: `assets/${p.id}/statue-thumbnail.png`,
      },
      status: 'ready',
    })
    .returning();
  if (!asset) throw new Error('no asset');
  const document = {
    schema_version: 1,
    kind: 'scene',
    objects: [{ id: 'statue', type: 'model', source: { asset_id: asset.id }, transform: { position: [1, 0, -2] } }],
  };
  const parsed = parseSceneDocument(document);
  if (!parsed.success) throw new Error('bad test document');
  await db
    .insert(sceneRevisions)
    .values({ projectId: p.id, version: 1, document: parsed.data, stats: documentStats(parsed.data), authorId: ownerId });
  return { projectId: p.id, assetId: asset.id };
}

/** The http://127.0.0.1:port of a listening app. */
export const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** Socket.IO clients of a test file, closed by `closeAll`. */
export function socketKit() {
  const sockets: Socket[] = [];
  return {
    async connect(url: string, token?: string): Promise<Socket> {
      const s = io(url, {
        path: '/socket.io/',
        auth: token ? { token, lang: 'en' } : { lang: 'en' },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(s);
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
      return s;
    },
    closeAll() {
      for (const s of sockets) s.disconnect();
    },
  };
}

/** Emits an event with an acknowledgement and answers it. */
export function ask<T = unknown>(s: Socket, event: string, payload: unknown = {}, timeoutMs = 5000): Promise<WorldAck<T>> {
  return s.timeout(timeoutMs).emitWithAck(event, payload) as Promise<WorldAck<T>>;
}

/** The next `event` on the socket whose payload satisfies `match`. */
export function next<T = unknown>(s: Socket, event: string, match: (p: T) => boolean = () => true, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      s.off(event, handler);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const handler = (p: T) => {
      if (!match(p)) return;
      clearTimeout(timer);
      s.off(event, handler);
      resolve(p);
    };
    s.on(event, handler);
  });
}

/** Collects every payload of `event` from now on. */
export function collect<T = unknown>(s: Socket, event: string): T[] {
  const out: T[] = [];
  s.on(event, (p: T) => out.push(p));
  return out;
}

import type { AddressInfo } from 'node:net';
import type { WorldAck } from '@xr/contract/world';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { projectScenes } from '../src/modules/projects/scenes.table';
import type { TestApp } from './app';
import { makeProject } from './commerce';

/** A project holding a published 3D scene (or tour) document, owned by `ownerId`. */
export async function makeSceneProject(
  t: TestApp,
  ownerId: number,
  o: { kind?: 'scene' | 'tour'; published?: boolean; isPublic?: boolean } = {},
) {
  const p = await makeProject(t, ownerId, {
    catalog: o.kind === 'tour' ? '360_image' : 'multimedia',
    status: o.published === false ? 'draft' : 'approved',
    isPublic: o.isPublic ?? o.published !== false,
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

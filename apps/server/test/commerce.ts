import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import type { Catalog } from '@xr/contract/constants';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import { createProjectsService, type ProjectRow } from '../src/modules/projects/projects.service';
import type { TestApp } from './app';
import { auth, login, type MadeUser, type MakeUserOverrides, makeUser, usersOf } from './factories';

export interface MakeProjectOverrides {
  name?: string;
  catalog?: Catalog;
  type?: string;
  /** HKD; default 100. */
  price?: number;
  keywords?: string;
  description?: string;
  /** Tag names (created when missing). */
  tags?: string[];
  status?: ProjectRow['reviewStatus'];
  isPublic?: boolean;
  forSale?: boolean;
  anonymousPreview?: boolean;
  createdAt?: Date;
}

const servicesOf = new WeakMap<TestApp, ReturnType<typeof createProjectsService>>();

/** The projects service of a test app (same database), for factories and direct checks. */
export function projectsOf(t: TestApp) {
  let projects = servicesOf.get(t);
  if (!projects) {
    projects = createProjectsService({ db: t.database.db, users: usersOf(t).profile });
    servicesOf.set(t, projects);
  }
  return projects;
}

/** Creates a project (approved, public, for sale, HKD 100 unless told) owned by `ownerId`. */
export async function makeProject(t: TestApp, ownerId: number, o: MakeProjectOverrides = {}): Promise<ProjectRow> {
  const projects = projectsOf(t);
  const tagIds = o.tags?.length ? await projects.ensureTags(o.tags) : new Map<string, number>();
  const at = o.createdAt ?? new Date();
  return projects.create({
    ownerId,
    name: o.name ?? `Project ${crypto.randomBytes(3).toString('hex')}`,
    catalog: o.catalog ?? '360_image',
    type: o.type ?? 'exhibition',
    priceCents: Math.round((o.price ?? 100) * 100),
    keywords: o.keywords ?? '',
    description: o.description ?? '',
    cover: '/api/files/public/covers/test.svg',
    images: [],
    tagIds: (o.tags ?? []).map((n) => tagIds.get(n)).filter((id): id is number => id !== undefined),
    forSale: o.forSale ?? true,
    isPublic: o.isPublic ?? true,
    anonymousPreview: o.anonymousPreview ?? false,
    reviewStatus: o.status ?? 'approved',
    createdAt: at,
    updatedAt: at,
  });
}

/** A signed-in user: the account plus its token and auth header. */
export interface Shopper extends MadeUser {
  token: string;
  headers: { authorization: string };
}

export async function shopper(t: TestApp, overrides: MakeUserOverrides = {}): Promise<Shopper> {
  const u = await makeUser(t, overrides);
  const token = await login(t.app, u.email, u.password);
  return { ...u, token, headers: auth(token) };
}

/** `{ code, message, data }` of a reply. */
export function body<T = unknown>(res: { json(): unknown }): { code: number; message: string; data: T } {
  return res.json() as { code: number; message: string; data: T };
}

/** Counts the SQL statements the app's database runs while `fn` runs. */
/**
 * How many database queries `fn` issues. Only queries made in `fn`'s own async context count: background timers
 * (job-lease heartbeats, the world node's beat, queue polls) share the pool and would otherwise add to the count
 * whenever they happen to fire inside the window.
 */
export async function countQueries(t: TestApp, fn: () => Promise<unknown>): Promise<number> {
  const mark = new AsyncLocalStorage<true>();
  let n = 0;
  // PGlite runs a named prepared query as `exec('execute …')` (db/prepared.ts): that is one query too; the PREPARE
  // before its first run is once per process, not per call, and is not counted.
  const restore = spyOnQueries(t, (q) => {
    if (mark.getStore() && !(typeof q === 'string' && q.startsWith('prepare '))) n++;
  });
  try {
    // `app.inject` answers a lazy thenable: call its `then` inside the context (Node 20 runs a thenable's `then`
    // from an await outside the awaiting context).
    await mark.run(true, () => new Promise((resolve, reject) => void fn().then(resolve, reject)));
    return n;
  } finally {
    restore();
  }
}

type RawClient = { query: (...a: unknown[]) => Promise<{ rows: unknown[] }>; exec?: (...a: unknown[]) => unknown };
const rawClient = (t: TestApp) => (t.database.db as unknown as { session: { client: RawClient } }).session.client;

/** Calls `seen` with the first argument of every `query` and `exec` of the test app's database client; answers the restore. */
function spyOnQueries(t: TestApp, seen: (q: unknown) => void): () => void {
  const client = rawClient(t);
  const spies = (['query', 'exec'] as const)
    .filter((m) => typeof client[m] === 'function')
    .map((m) => {
      const original = client[m] as (...a: unknown[]) => unknown;
      return vi.spyOn(client as Required<RawClient>, m).mockImplementation(function (this: unknown, ...args: unknown[]) {
        seen(args[0]);
        return original.apply(this, args);
      });
    });
  return () => {
    for (const spy of spies) spy.mockRestore();
  };
}

/**
 * The SQL texts `fn` sends (a named prepared query's EXECUTE stands for the text it was prepared with, read back
 * from `pg_prepared_statements`), to check what a call reads.
 */
export async function queryTexts(t: TestApp, fn: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const restore = spyOnQueries(t, (q) => sent.push(String(typeof q === 'string' ? q : (q as { text?: string }).text)));
  try {
    await fn();
  } finally {
    restore();
  }
  const named = new Map<string, string>();
  if (sent.some((q) => q.startsWith('execute '))) {
    const { rows } = await rawClient(t).query('select name, statement from pg_prepared_statements');
    for (const r of rows as { name: string; statement: string }[]) named.set(r.name, r.statement);
  }
  return sent.map((q) => {
    const m = /^execute "([^"]+)"/.exec(q);
    return m?.[1] ? (named.get(m[1]) ?? q) : q;
  });
}

/** Places an order through the API; answers the reply data. */
export async function placeOrder(app: FastifyInstance, s: Shopper, projectIds: number[]) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/order/place_order',
    headers: s.headers,
    payload: { project_ids: projectIds.join(',') },
  });
  return body<{ order_on: string; amount: number; project_info: { project_id: number; project_price: number }[] }>(res);
}

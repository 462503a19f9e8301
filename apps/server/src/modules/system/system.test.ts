import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { ErrorCode } from '@xr/contract/errors';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { auth, login, makeUser } from '../../../test/factories';
import { createMailer } from '../../lib/mailer';
import { READY_CACHE_MS } from './system.routes';

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
const uniqueEmail = () => `sys${Date.now().toString(36)}${(seq++).toString(36)}@example.test`;

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('GET /api/health (liveness)', () => {
  it('answers that the process is alive, without a token and without probing any dependency', async () => {
    const ping = vi.spyOn(t.database, 'ping');
    try {
      for (let i = 0; i < 5; i++) {
        const res = await app.inject({ method: 'GET', url: '/api/health' });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ code: 200, message: 'success', data: { status: 'ok' } });
      }
      expect(ping).not.toHaveBeenCalled();
    } finally {
      ping.mockRestore();
    }
  });
});

describe('GET /api/ready (readiness)', () => {
  it('reports database, storage and mail as ok, without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 200,
      message: 'success',
      data: {
        status: 'ok',
        database: { status: 'ok', kind: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
        storage: { status: 'ok', kind: 'local' },
        mail: { status: 'ok', kind: 'outbox' },
      },
    });
  });

  it('probes each dependency once for a burst of calls, and again once the result is older than the cache', async () => {
    const fresh = await createTestApp();
    const ping = vi.spyOn(fresh.database, 'ping');
    try {
      const burst = await Promise.all(Array.from({ length: 10 }, () => fresh.app.inject({ method: 'GET', url: '/api/ready' })));
      expect(burst.every((r) => r.statusCode === 200)).toBe(true);
      expect((await fresh.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      expect(ping).toHaveBeenCalledTimes(1);
      await new Promise((r) => setTimeout(r, READY_CACHE_MS + 200));
      expect((await fresh.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      expect(ping).toHaveBeenCalledTimes(2);
    } finally {
      await fresh.close();
    }
  });

  it('checks a real SMTP server when SMTP_URL is set, and answers 503 with its code when one is unreachable', async () => {
    const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const port = (smtp.server.address() as AddressInfo).port;
    const up = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const down = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    try {
      const ok = (await up.app.inject({ method: 'GET', url: '/api/ready' })).json();
      expect(ok.data).toMatchObject({ status: 'ok', mail: { status: 'ok', kind: 'smtp' } });

      const bad = await down.app.inject({ method: 'GET', url: '/api/ready', headers: { 'accept-language': 'en' } });
      expect(bad.statusCode).toBe(503);
      expect(bad.json()).toMatchObject({
        code: ErrorCode.NOT_READY,
        message: 'Not ready: a service this server depends on does not answer',
        data: {
          status: 'unavailable',
          database: { status: 'ok' },
          storage: { status: 'ok' },
          mail: { status: 'error', kind: 'smtp' },
        },
      });
      // Liveness does not depend on the mail server: the process is alive.
      expect((await down.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await Promise.all([up.close(), down.close()]);
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

describe('mail outbox (no SMTP_URL)', () => {
  const outbox = (query: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/api/system/mail_outbox${query}`, headers });

  it('lists the mails the server kept, newest first, filtered by recipient, to administrators only', async () => {
    const first = uniqueEmail();
    const second = uniqueEmail();
    for (const email of [first, second]) {
      const sent = await app.inject({ method: 'POST', url: '/api/send_register_email_code', payload: { email } });
      expect(sent.json().code).toBe(200);
    }
    const admin = await makeUser(t, { roles: ['admin'] });
    const adminToken = await login(t, admin.email, admin.password);
    const creator = await makeUser(t);
    const creatorToken = await login(t, creator.email, creator.password);

    // Nobody but an administrator reads mail: anonymous callers, ordinary users, and the old public addresses.
    expect((await outbox(`?to=${encodeURIComponent(first)}`)).json().code).toBe(10001);
    const denied = await outbox(`?to=${encodeURIComponent(first)}`, auth(creatorToken));
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe(40301);
    for (const url of [`/api/dev/outbox.json?to=${first}`, `/api/dev/outbox?to=${first}`]) {
      const gone = await app.inject({ method: 'GET', url });
      expect(gone.statusCode).toBe(404);
      expect(gone.body).not.toMatch(/\b\d{6}\b/);
    }

    const all = await outbox('', auth(adminToken));
    expect(all.statusCode).toBe(200);
    const list = all.json().data as { id: number; to: string; subject: string; text: string; created_at: string }[];
    const recipients = list.map((m) => m.to);
    expect(recipients.indexOf(second)).toBeLessThan(recipients.indexOf(first));
    expect(recipients.indexOf(second)).toBeGreaterThanOrEqual(0);

    const mine = (await outbox(`?to=${encodeURIComponent(first.toUpperCase())}`, auth(adminToken))).json().data as typeof list;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ to: first, subject: expect.any(String) });
    expect(mine[0]?.text).toMatch(/\b\d{6}\b/);
    expect(new Date(mine[0]?.created_at ?? '').getTime()).not.toBeNaN();

    expect((await outbox('?limit=1', auth(adminToken))).json().data).toHaveLength(1);
    const badLimit = await outbox('?limit=0', { ...auth(adminToken), 'accept-language': 'en' });
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json()).toMatchObject({ code: 40001, data: { field: 'limit' } });
  });

  it('prints each kept mail (with its code) in the server log at info level', async () => {
    const lines: string[] = [];
    const mailer = createMailer({
      from: 'x@example.test',
      store: { record: async () => 1, markSent: async () => undefined },
      log: { info: (obj: unknown, msg?: string) => lines.push(`${msg} ${JSON.stringify(obj)}`) } as never,
    });
    await mailer.send({ to: 'reader@example.test', subject: 'Code', text: 'Your code is 123456' });
    expect(lines.join('\n')).toContain('123456');
    expect(lines.join('\n')).toContain('reader@example.test');
  });

  it('does not exist when DEV_OUTBOX is off', async () => {
    const off = await createTestApp({ DEV_OUTBOX: '0' });
    try {
      const admin = await makeUser(off, { roles: ['admin'] });
      const token = await login(off, admin.email, admin.password);
      const res = await off.app.inject({ method: 'GET', url: '/api/system/mail_outbox', headers: auth(token) });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(40401);
    } finally {
      await off.close();
    }
  });
});

import type { AddressInfo } from 'node:net';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';

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

describe('GET /api/health', () => {
  it('reports database, storage and mail as ok, without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
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

  it('checks a real SMTP server when SMTP_URL is set, and reports an unreachable one as degraded', async () => {
    const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const port = (smtp.server.address() as AddressInfo).port;
    const up = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const down = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    try {
      const ok = (await up.app.inject({ method: 'GET', url: '/api/health' })).json();
      expect(ok.data).toMatchObject({ status: 'ok', mail: { status: 'ok', kind: 'smtp' } });

      const bad = await down.app.inject({ method: 'GET', url: '/api/health' });
      expect(bad.statusCode).toBe(200);
      expect(bad.json().data).toMatchObject({
        status: 'degraded',
        database: { status: 'ok' },
        storage: { status: 'ok' },
        mail: { status: 'error', kind: 'smtp' },
      });
    } finally {
      await Promise.all([up.close(), down.close()]);
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

describe('dev mail outbox', () => {
  it('lists the mails the server sent, newest first, filtered by recipient', async () => {
    const first = uniqueEmail();
    const second = uniqueEmail();
    for (const email of [first, second]) {
      const sent = await app.inject({ method: 'POST', url: '/api/send_register_email_code', payload: { email } });
      expect(sent.json().code).toBe(200);
    }

    const all = await app.inject({ method: 'GET', url: '/api/dev/outbox.json' });
    expect(all.statusCode).toBe(200);
    const list = all.json().data as { id: number; to: string; subject: string; text: string; created_at: string }[];
    const recipients = list.map((m) => m.to);
    expect(recipients.indexOf(second)).toBeLessThan(recipients.indexOf(first));
    expect(recipients.indexOf(second)).toBeGreaterThanOrEqual(0);

    const mine = (
      await app.inject({ method: 'GET', url: `/api/dev/outbox.json?to=${encodeURIComponent(first.toUpperCase())}` })
    ).json().data as typeof list;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ to: first, subject: expect.any(String) });
    expect(mine[0]?.text).toMatch(/\b\d{6}\b/);
    expect(new Date(mine[0]?.created_at ?? '').getTime()).not.toBeNaN();

    const limited = (await app.inject({ method: 'GET', url: '/api/dev/outbox.json?limit=1' })).json().data;
    expect(limited).toHaveLength(1);
    const badLimit = await app.inject({ method: 'GET', url: '/api/dev/outbox.json?limit=0' });
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json()).toMatchObject({ code: 40001, data: { field: 'limit' } });
  });

  it('shows the same mails on an HTML page, escaped', async () => {
    const email = uniqueEmail();
    await app.inject({ method: 'POST', url: '/api/send_register_email_code', payload: { email } });
    const page = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(email);
    const probe = await app.inject({ method: 'GET', url: '/api/dev/outbox?to=%3Cscript%3Ealert(1)%3C%2Fscript%3E' });
    expect(probe.body).not.toContain('<script>alert(1)</script>');
    expect(probe.body).toContain('&lt;script&gt;');
  });

  it('does not exist when DEV_OUTBOX is off', async () => {
    const off = await createTestApp({ DEV_OUTBOX: '0' });
    try {
      for (const url of ['/api/dev/outbox.json', '/api/dev/outbox']) {
        const res = await off.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe(40401);
      }
    } finally {
      await off.close();
    }
  });
});

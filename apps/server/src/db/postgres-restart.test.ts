import { ErrorCode } from '@xr/contract/errors';
import { translateMessage } from '@xr/contract/messages';
import { WorldEvent } from '@xr/contract/world';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { body, type Shopper, shopper } from '../../test/commerce';
import { login } from '../../test/factories';
import { type LocalPostgres, localServersAvailable, postgresAnswers, startLocalPostgres } from '../../test/services';
import { ask, socketKit, urlOf } from '../../test/world';
import { READY_CACHE_MS } from '../modules/system/system.routes';
import { postgresDatabase } from './postgres';

/**
 * PostgreSQL restarted while requests keep coming (a cluster of this test's own, so stopping it disturbs no other
 * test): during the outage every request that needs the database answers 503 with SERVICE_UNAVAILABLE in the caller's
 * language (never a bare 500, never a crash of the process), and once the database is back the same process answers
 * again by itself.
 */
const available = localServersAvailable({ postgres: true });

interface Answer {
  phase: 'before' | 'down' | 'after';
  url: string;
  status: number;
  code: number;
  message: string;
  lang: string;
}

describe.skipIf(!available)('PostgreSQL restarted under load', () => {
  let server: LocalPostgres;
  let t: TestApp;
  let app: FastifyInstance;
  let user: Shopper;
  let other: Shopper;
  const kit = socketKit();

  beforeAll(async () => {
    server = await startLocalPostgres();
    t = await createTestApp(
      { DATABASE_URL: server.url, AUTH_RATE_LIMIT: '100000', API_RATE_LIMIT: '1000000' },
      { database: postgresDatabase(server.url, 10) },
    );
    app = t.app;
    user = await shopper(t, { roles: ['user'] });
    other = await shopper(t, { roles: ['user'] });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    kit.closeAll();
    await t?.close();
    await server?.destroy();
  });

  it('answers 503 SERVICE_UNAVAILABLE while the database is down and recovers without a restart', {
    timeout: 60_000,
  }, async () => {
    const langs = ['en', 'zh', 'tc'] as const;
    const requests = [
      { url: '/api/message/my_message_page', auth: true },
      { url: '/api/meta/world_list?limit=10', auth: false },
      { url: '/api/user/user_info', auth: true },
      { url: '/api/user/up_information_info', auth: true, write: { introduction: 'Still here' } },
    ] as { url: string; auth: boolean; write?: object }[];
    const answers: Answer[] = [];
    let phase: Answer['phase'] = 'before';
    let running = true;
    let n = 0;
    /** Requests started before the outage and not answered yet: the stop waits for them. */
    let beforeInFlight = 0;
    const loop = async () => {
      while (running) {
        const req = requests[n % requests.length] as (typeof requests)[number];
        const lang = langs[n % langs.length] as string;
        n++;
        const started = phase;
        if (started === 'before') beforeInFlight++;
        const res = await app.inject({
          method: req.write ? 'POST' : 'GET',
          url: req.url,
          headers: { 'accept-language': lang, ...(req.auth ? user.headers : {}) },
          ...(req.write ? { payload: req.write } : {}),
        });
        if (started === 'before') beforeInFlight--;
        const b = body(res);
        // An answer counts for the phase its request started in.
        answers.push({ phase: started, url: req.url, status: res.statusCode, code: b.code, message: b.message, lang });
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    const loops = [loop(), loop(), loop(), loop()];
    const until = async (ms: number) => new Promise((r) => setTimeout(r, ms));
    /** Waits at least `ms` and until `count` answers of the current phase are in (a busy machine answers slowly). */
    const collectFor = async (ms: number, count: number) => {
      const end = Date.now() + ms;
      while (Date.now() < end || answers.filter((a) => a.phase === phase).length < count) await until(50);
    };
    try {
      await collectFor(300, 12);
      // Requests sent from now on count as sent during the outage; the ones sent before it end first (a write that
      // began just before the stop would otherwise fail and be counted against the time before the outage).
      phase = 'down';
      while (beforeInFlight > 0) await until(5);
      await server.stop();
      await collectFor(1500, 12);
      // A socket meanwhile: its handshake (the session is read from the database unless cached) and a room join are
      // refused with the same code, and the process stays up.
      const fresh = await login(app, other.email, other.password).catch(() => null);
      expect(fresh).toBeNull();
      const socket = await kit.connect(urlOf(app), other.token).catch((err: { data?: { code?: number } }) => err);
      if ('emit' in socket) {
        const joined = await ask(socket, WorldEvent.join, { entry_id: 1 });
        expect(joined).toMatchObject({ ok: false, code: ErrorCode.SERVICE_UNAVAILABLE });
      } else {
        expect(socket.data?.code).toBe(ErrorCode.SERVICE_UNAVAILABLE);
      }
      // Readiness says why: NOT_READY, naming the database.
      const notReady = await app.inject({ url: '/api/ready' });
      expect(notReady.statusCode).toBe(503);
      expect(body<{ database: { status: string } }>(notReady)).toMatchObject({
        code: ErrorCode.NOT_READY,
        data: { database: { status: 'error' } },
      });
      await server.start();
      expect(await postgresAnswers(server.url)).toBe(true);
      phase = 'after';
      await collectFor(1500, 30);
    } finally {
      running = false;
      await Promise.all(loops);
    }

    const of = (p: Answer['phase']) => answers.filter((a) => a.phase === p);
    const summary = (list: Answer[]) => [...new Set(list.map((a) => `${a.status} ${a.code} ${a.url}`))];
    expect(summary(of('before').filter((a) => a.status !== 200))).toEqual([]);

    // During the outage: answers from a cache may still be 200; everything else is a clear 503.
    const down = of('down');
    const failed = down.filter((a) => a.status !== 200);
    expect(failed.length).toBeGreaterThan(0);
    expect(summary(failed.filter((a) => a.status !== 503 || a.code !== ErrorCode.SERVICE_UNAVAILABLE))).toEqual([]);
    for (const a of failed) expect(a.message).toBe(translateMessage('serviceUnavailable', a.lang as 'en'));

    // Back: the same process answers every request again, no 5xx.
    const after = of('after');
    expect(summary(after.filter((a) => a.status !== 200))).toEqual([]);

    // Readiness is back too, once its cached probe of the outage has expired.
    await expect
      .poll(async () => (await app.inject({ url: '/api/ready' })).statusCode, { timeout: READY_CACHE_MS + 3000, interval: 200 })
      .toBe(200);
  });
});

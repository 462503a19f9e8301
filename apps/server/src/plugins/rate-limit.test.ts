import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { redisAnswers, TEST_REDIS_URL } from '../../test/redis';

const REDIS_URL = TEST_REDIS_URL;

const hasRedis = await redisAnswers(REDIS_URL);

/** A client address of our own, so counters never meet those of another test or run. */
const randomIp = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
const uniqueEmail = () => `rl${crypto.randomBytes(5).toString('hex')}@example.test`;

const health = (app: FastifyInstance, ip: string) =>
  app.inject({ method: 'GET', url: '/api/health', remoteAddress: ip, headers: { 'accept-language': 'en' } });
const sendCode = (app: FastifyInstance, ip: string, email: string) =>
  app.inject({ method: 'POST', url: '/api/send_register_email_code', remoteAddress: ip, payload: { email } });

const opened: TestApp[] = [];
async function open(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp(env);
  opened.push(t);
  return t;
}
afterAll(async () => {
  await Promise.all(opened.map((t) => t.close()));
});

describe('rate limits in memory (no REDIS_URL)', () => {
  it('limits each IP, answers 429 with Retry-After, and keeps counters per instance', async () => {
    const a = await open({ API_RATE_LIMIT: '3' });
    const b = await open({ API_RATE_LIMIT: '3' });
    const ip = randomIp();
    for (let i = 0; i < 3; i++) expect((await health(a.app, ip)).statusCode).toBe(200);
    const limited = await health(a.app, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 429,
      message: 'The network request is frequent, please try again later.',
      data: null,
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    expect((await health(a.app, randomIp())).statusCode).toBe(200);
    // Without Redis the other instance counts on its own.
    expect((await health(b.app, ip)).statusCode).toBe(200);
  });

  it('limits sensitive calls per account across client addresses', async () => {
    const a = await open({ AUTH_RATE_LIMIT: '2' });
    const email = uniqueEmail();
    expect((await sendCode(a.app, randomIp(), email)).json().code).toBe(200);
    expect((await sendCode(a.app, randomIp(), email)).json().code).toBe(200);
    const limited = await sendCode(a.app, randomIp(), email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await sendCode(a.app, randomIp(), uniqueEmail())).json().code).toBe(200);
  });
});

describe.skipIf(!hasRedis)(`rate limits in Redis (REDIS_URL=${REDIS_URL})`, () => {
  const redis = hasRedis ? new Redis(REDIS_URL, { maxRetriesPerRequest: 1 }) : undefined;
  afterAll(async () => {
    await redis?.quit();
  });

  it('shares the per-IP limit between two app instances and keeps the counter in Redis', async () => {
    const a = await open({ REDIS_URL, API_RATE_LIMIT: '4' });
    const b = await open({ REDIS_URL, API_RATE_LIMIT: '4' });
    const ip = randomIp();
    for (const target of [a, b, a, b]) expect((await health(target.app, ip)).statusCode).toBe(200);
    for (const target of [a, b]) {
      const limited = await health(target.app, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }

    const keys = (await redis?.keys(`xr-rl-*${ip}*`)) ?? [];
    expect(keys.length).toBeGreaterThan(0);
    const counts = await Promise.all(keys.map((k) => redis?.get(k)));
    expect(Math.max(...counts.map(Number))).toBeGreaterThanOrEqual(4);
    expect(await redis?.pttl(keys[0] as string)).toBeGreaterThan(0);
    await redis?.del(...keys);

    const ready = (await a.app.inject({ method: 'GET', url: '/api/ready', remoteAddress: randomIp() })).json();
    expect(ready.data.redis).toEqual({ status: 'ok', kind: 'redis' });
  });

  it('shares the per-account limit of sensitive calls between instances', async () => {
    const a = await open({ REDIS_URL, AUTH_RATE_LIMIT: '2' });
    const b = await open({ REDIS_URL, AUTH_RATE_LIMIT: '2' });
    const email = uniqueEmail();
    expect((await sendCode(a.app, randomIp(), email)).json().code).toBe(200);
    expect((await sendCode(b.app, randomIp(), email)).json().code).toBe(200);
    const limited = await sendCode(a.app, randomIp(), email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(429);
    const keys = (await redis?.keys(`xr-rl-*${email}*`)) ?? [];
    expect(keys.length).toBeGreaterThan(0);
    await redis?.del(...keys);
  });
});

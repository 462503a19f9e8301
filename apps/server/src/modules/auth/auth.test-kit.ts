import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { auth, lastMail, mailedCode, multipartFile } from '../../../test/factories';

/*
 * What the auth test files share: one app per file (`useAuthApp()` at the file's top; `t` and `app` hold it from its
 * `beforeAll` on, as ES module exports are live), the calls with their loosely read replies, and registrations.
 */

interface Reply {
  code: number;
  message: string;
  // biome-ignore lint/suspicious/noExplicitAny: test replies are read loosely
  data: any;
}

export let t: TestApp;
export let app: FastifyInstance;

export function useAuthApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
  });
  afterAll(async () => {
    await t?.close();
  });
}

export async function call(
  method: 'GET' | 'POST',
  url: string,
  opts: { body?: unknown; token?: string; lang?: string; target?: FastifyInstance } = {},
) {
  const res = await (opts.target ?? app).inject({
    method,
    url,
    payload: opts.body as Record<string, unknown> | undefined,
    headers: { ...(opts.token ? auth(opts.token) : {}), 'accept-language': opts.lang ?? 'en' },
  });
  const body = (res.body ? res.json() : null) as Reply;
  return { status: res.statusCode, headers: res.headers, body };
}
export const post = (url: string, body?: unknown, opts: { token?: string; lang?: string; target?: FastifyInstance } = {}) =>
  call('POST', url, { ...opts, body: body ?? {} });
export const get = (url: string, opts: { token?: string; lang?: string; target?: FastifyInstance } = {}) =>
  call('GET', url, opts);

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
let seq = 0;
export const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

/** A multipart upload with an English caller. */
export function upload(filename: string, content: Buffer | string, type?: string) {
  const m = multipartFile(filename, content, type);
  return { payload: m.payload, headers: { ...m.headers, 'accept-language': 'en' } };
}

export function registration(email: string, code: string, extra: Record<string, unknown> = {}) {
  const tag = unique();
  return {
    account_type: 'individual',
    username: `reg_${tag}`,
    password: 'Secret#123',
    gender: 'female',
    phone: '+852 9123 4567',
    forum_name: `r${tag}`.slice(0, 10),
    email,
    email_code: code,
    terms: true,
    ...extra,
  };
}

export async function activationToken(email: string, target: FastifyInstance = app): Promise<string> {
  const text = (await lastMail(target, email))?.text ?? '';
  const token = /\/api\/activate\?token=([a-f0-9]{64})/.exec(text)?.[1];
  if (!token) throw new Error(`no activation link mailed to ${email}`);
  return token;
}

/** Sends a code, registers and (unless told not to) activates; answers the email and password. */
export async function registered(opts: { activate?: boolean; extra?: Record<string, unknown> } = {}) {
  const email = `p${unique()}@example.test`;
  expect((await post('/api/send_register_email_code', { email })).body.code).toBe(200);
  const body = registration(email, await mailedCode(app, email), opts.extra);
  const res = await post('/api/register', body);
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  if (opts.activate !== false) {
    const token = await activationToken(email);
    expect((await get(`/api/activate?token=${token}`)).status).toBe(302);
  }
  return { email, password: body.password, username: body.username as string };
}

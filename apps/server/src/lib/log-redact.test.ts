import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { auth, login, makeUser } from '../../test/factories';
import { buildApp } from '../app';
import { redactUrl } from './log-redact';

describe('redactUrl', () => {
  it('hides credentials and capabilities in query strings, keeps the rest', () => {
    expect(redactUrl('/api/activate?token=abc123')).toBe('/api/activate?token=[redacted]');
    expect(redactUrl('/api/files/signed/a.glb?expires=99&sig=deadbeef')).toBe(
      '/api/files/signed/a.glb?expires=99&sig=[redacted]',
    );
    expect(redactUrl('/api/x?Access_Token=1&page=2&code=123456')).toBe('/api/x?Access_Token=[redacted]&page=2&code=[redacted]');
    expect(redactUrl('/api/health')).toBe('/api/health');
    expect(redactUrl('/api/x?%74oken=abc')).toBe('/api/x?%74oken=[redacted]');
  });
});

describe('tokens in URLs', () => {
  let t: TestApp;
  let logged: FastifyInstance;
  const lines: string[] = [];
  let token = '';
  beforeAll(async () => {
    t = await createTestApp();
    const u = await makeUser(t);
    token = await login(t, u.email, u.password);
    // A second app on the same database, logging at info level into `lines`.
    logged = await buildApp(t.config, {
      database: t.database,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
  });
  afterAll(async () => {
    await logged?.close();
    await t?.close();
  });

  it('ignores a token in the query string of an ordinary call, and never logs it', async () => {
    const viaQuery = await logged.inject({ method: 'GET', url: `/api/user/user_info?token=${token}` });
    expect(viaQuery.statusCode).toBe(401);
    expect(viaQuery.json().code).toBe(10001);
    const viaHeader = await logged.inject({ method: 'GET', url: '/api/user/user_info', headers: auth(token) });
    expect(viaHeader.json().code).toBe(200);
    await logged.inject({ method: 'GET', url: `/api/activate?token=${'ab'.repeat(32)}` });

    const log = lines.join('\n');
    expect(log).toContain('/api/user/user_info?token=[redacted]');
    expect(log).toContain('/api/activate?token=[redacted]');
    expect(log).not.toContain(token);
    expect(log).not.toContain('ab'.repeat(32));
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { lastMail } from '../../../test/factories';
import { operatorAddress } from './contact.service';

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ MAIL_FROM: 'XR Studio <hello@xr-studio.test>' });
  app = t.app;
});
afterAll(async () => {
  await t?.close();
});

const send = (payload: Record<string, unknown>, lang = 'en', target = app) =>
  target.inject({ method: 'POST', url: '/api/send_contact_us', payload, headers: { 'accept-language': lang } });

describe('POST /send_contact_us', () => {
  it('is public, requires name, email and phone with the spec messages', async () => {
    const base = { name: 'Ada', email: 'ada@example.test', phone: '+852 9123 4567' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'Name cannot be empty'],
      [{ email: undefined }, 'email', 'Email cannot be empty'],
      [{ email: 'nope' }, 'email', 'The email format is incorrect'],
      [{ phone: undefined }, 'phone', 'phone number format is incorrect'],
      [{ phone: '12' }, 'phone', 'phone number format is incorrect'],
    ];
    for (const [change, field, message] of cases) {
      const res = await send({ ...base, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ code: 40001, message, data: { field } });
    }
    expect((await send({ ...base, phone: '12' }, 'tc')).json().message).toBe('電話號碼格式不正確');
  });

  it('stores the message and mails the site operator', async () => {
    const res = await send({
      name: 'Grace',
      email: 'grace@example.test',
      phone: '91234567',
      organisation: 'Navy',
      message: 'We would like a demo of the meta world.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, message: 'Thank you for your message, we will get back to you soon' });
    expect(res.json().data.id).toBeGreaterThan(0);
    const mail = await lastMail(app, 'hello@xr-studio.test');
    expect(mail?.subject).toContain('Grace');
    expect(mail?.text).toContain('grace@example.test');
    expect(mail?.text).toContain('We would like a demo of the meta world.');
  });

  it('is rate limited per email', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '2' });
    try {
      const body = { name: 'Spam', email: 'spam@example.test', phone: '91234567' };
      expect((await send(body, 'en', limited.app)).statusCode).toBe(200);
      expect((await send(body, 'en', limited.app)).statusCode).toBe(200);
      const third = await send(body, 'en', limited.app);
      expect(third.statusCode).toBe(429);
      expect(third.json().code).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe('operatorAddress', () => {
  it('reads the address out of MAIL_FROM', () => {
    expect(operatorAddress('XR Studio <no-reply@xr-studio.local>')).toBe('no-reply@xr-studio.local');
    expect(operatorAddress('ops@example.test')).toBe('ops@example.test');
  });
});

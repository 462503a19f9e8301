import type { PayReply } from '@xr/contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { body, makeProject, placeOrder, type Shopper, shopper } from '../../test/commerce';
import { lastMail } from '../../test/factories';
import { createOriginPolicy } from './origin';

const interfaces = {
  lo: [{ address: '127.0.0.1', family: 'IPv4' }],
  eth0: [{ address: '192.168.1.20', family: 'IPv4' }],
} as never;
const req = (host: string, protocol: 'http' | 'https' = 'http') => ({ host, protocol });

describe('origin policy', () => {
  it('uses PUBLIC_URL whatever the Host header says', () => {
    const p = createOriginPolicy(
      { publicUrl: 'https://xr.example.com', host: '0.0.0.0', port: 8080, allowedHosts: [] },
      interfaces,
    );
    expect(p.baseUrl(req('evil.example'))).toBe('https://xr.example.com');
    expect(p.allowedHostnames()).toEqual(['xr.example.com']);
  });

  it('without PUBLIC_URL trusts only the addresses the server listens on, loopback names and ALLOWED_HOSTS', () => {
    const p = createOriginPolicy({ host: '0.0.0.0', port: 8080, allowedHosts: ['xr.lan'] }, interfaces);
    expect(p.baseUrl(req('evil.example'))).toBe('http://localhost:8080');
    expect(p.baseUrl(req('evil.example:8080'))).toBe('http://localhost:8080');
    expect(p.baseUrl(req('192.168.1.20:8080'))).toBe('http://192.168.1.20:8080');
    // Our address on another port is somebody else's service.
    expect(p.baseUrl(req('192.168.1.20:9999'))).toBe('http://localhost:8080');
    expect(p.baseUrl(req('localhost:5173'))).toBe('http://localhost:5173');
    expect(p.baseUrl(req('xr.lan', 'https'))).toBe('https://xr.lan');
    expect(p.allowedHostnames()).toEqual(expect.arrayContaining(['localhost', '127.0.0.1', '192.168.1.20', 'xr.lan']));
    expect(p.allowedHostnames()).not.toContain('evil.example');

    const one = createOriginPolicy({ host: '10.0.0.5', port: 80, allowedHosts: [] }, interfaces);
    expect(one.baseUrl(req('10.0.0.5'))).toBe('http://10.0.0.5');
    expect(one.baseUrl(req('192.168.1.20'))).toBe('http://localhost:80');
  });
});

describe('Host header trust end to end', () => {
  let t: TestApp;
  let buyer: Shopper;
  let projectId: number;
  beforeAll(async () => {
    t = await createTestApp({ MARKET_CACHE_SECONDS: '0' });
    const seller = await shopper(t);
    buyer = await shopper(t);
    projectId = (await makeProject(t, seller.id, { name: 'Harbour Tour', price: 50 })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('mails activation links to our own origin, not to the Host a caller sends', async () => {
    const email = `host${Date.now()}@example.test`;
    const evil = { host: 'evil.example', origin: 'https://evil.example', 'accept-language': 'en' };
    await t.app.inject({ method: 'POST', url: '/api/send_register_email_code', payload: { email }, headers: evil });
    const code = /\b(\d{6})\b/.exec((await lastMail(t, email))?.text ?? '')?.[1];
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: evil,
      payload: {
        account_type: 'individual',
        username: `host_${Date.now().toString(36)}`,
        password: 'Secret#123',
        gender: 'female',
        phone: '+852 9123 4567',
        forum_name: `h${Date.now().toString(36)}`.slice(0, 10),
        email,
        email_code: code,
        terms: true,
      },
    });
    expect(reg.json().code, reg.body).toBe(200);
    const text = (await lastMail(t, email))?.text ?? '';
    expect(text).toContain(`http://localhost:${t.config.port}/api/activate?token=`);
    expect(text).not.toContain('evil.example');
  });

  it('never sends a payer to a host the caller names (Host, Origin, Referer or path)', async () => {
    const order = await placeOrder(t.app, buyer, [projectId]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pay/pay',
      headers: { ...buyer.headers, host: 'evil.example', origin: 'https://evil.example', referer: 'https://evil.example/x' },
      payload: { order_on: order.data.order_on, pay_type: 'Alipay', path: 'https://evil.example/#/stolen' },
    });
    const r = body<PayReply>(res);
    expect(r.code, res.body).toBe(200);
    expect(r.data.qr_code).toMatch(new RegExp(`^http://localhost:${t.config.port}/api/pay/sandbox/checkout`));
    // The hosted page may only send the browser back to our own origin (its CSP names the return origin).
    const page = await t.app.inject({
      method: 'GET',
      url: new URL(r.data.qr_code as string).pathname + new URL(r.data.qr_code as string).search,
    });
    expect(page.statusCode).toBe(200);
    expect(String(page.headers['content-security-policy'])).toContain(`form-action 'self' http://localhost:${t.config.port}`);
    expect(String(page.headers['content-security-policy'])).not.toContain('evil.example');
  });
});

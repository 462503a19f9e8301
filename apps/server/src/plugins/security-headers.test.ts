import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { contentSecurityPolicy } from './security-headers';

let web: string;
const opened: TestApp[] = [];
async function open(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp({ WEB_DIST: web, ...env });
  opened.push(t);
  return t;
}
beforeAll(async () => {
  web = await fs.mkdtemp(path.join(os.tmpdir(), 'xr-web-'));
  await fs.writeFile(path.join(web, 'index.html'), '<!doctype html><title>XR</title><div id="root"></div>');
});
afterAll(async () => {
  await Promise.all(opened.map((t) => t.close()));
  await fs.rm(web, { recursive: true, force: true });
});

describe('browser security headers', () => {
  it('sends a strict CSP, nosniff, frame and referrer protection on the web app, the API and errors', async () => {
    const t = await open();
    for (const url of ['/', '/index.html', '/api/health', '/api/no-such-call', '/api/user/user_info']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp, url).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("worker-src 'self' blob:");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      // Plain http on one's own machine: no HSTS (it would pin localhost to https).
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  }, 60_000);

  it('sends HSTS behind TLS: PUBLIC_URL https, or a trusted proxy saying https', async () => {
    const tls = await open({ PUBLIC_URL: 'https://xr.example.com' });
    const res = await tls.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');

    const proxied = await open({ TRUST_PROXY: '1' });
    const viaTls = await proxied.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaTls.headers['strict-transport-security']).toContain('max-age=');
    const viaHttp = await proxied.app.inject({ method: 'GET', url: '/' });
    expect(viaHttp.headers['strict-transport-security']).toBeUndefined();

    // Without TRUST_PROXY anyone could send the header: it is ignored.
    const direct = await open();
    const spoofed = await direct.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  }, 120_000);

  it('lets the browser load presigned S3 files when files live on S3', () => {
    const csp = contentSecurityPolicy({
      s3: {
        endpoint: 'http://127.0.0.1:9000',
        bucket: 'b',
        region: 'us-east-1',
        accessKeyId: '',
        secretAccessKey: '',
        forcePathStyle: true,
      },
    });
    expect(csp).toContain("img-src 'self' data: blob: http://127.0.0.1:9000");
    expect(csp).toContain("connect-src 'self' data: blob: http://127.0.0.1:9000");
    const aws = contentSecurityPolicy({
      s3: { bucket: 'media', region: 'eu-west-1', accessKeyId: '', secretAccessKey: '', forcePathStyle: false },
    });
    expect(aws).toContain('https://media.s3.eu-west-1.amazonaws.com');
  });
});

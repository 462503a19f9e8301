import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const deployed = { NODE_ENV: 'production', PUBLIC_URL: 'https://xr.example.com' };
const secrets = { FILE_URL_SECRET: 'a-file-url-secret-of-our-own', SANDBOX_PAYMENT_SECRET: 'a-sandbox-secret-of-our-own' };

describe('loadConfig', () => {
  it('treats empty variables as unset and keeps the embedded defaults', () => {
    const c = loadConfig({ DATABASE_URL: '', PORT: '9090' });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.port).toBe(9090);
    expect(c.payments.provider).toBe('sandbox');
  });

  it('runs the two-command start (production without PUBLIC_URL) with the development secrets and the sandbox', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).not.toThrow();
  });

  it('refuses a deployment with the published development secrets or an unrequested sandbox gateway', () => {
    expect(() => loadConfig(deployed)).toThrow(/FILE_URL_SECRET.*sandbox payment gateway lets anyone "pay"/);
    expect(() => loadConfig({ ...deployed, FILE_URL_SECRET: secrets.FILE_URL_SECRET })).toThrow(/PAYMENT_SANDBOX_ALLOWED=1/);
    expect(() => loadConfig({ ...deployed, FILE_URL_SECRET: secrets.FILE_URL_SECRET, PAYMENT_SANDBOX_ALLOWED: '1' })).toThrow(
      /SANDBOX_PAYMENT_SECRET/,
    );
    expect(loadConfig({ ...deployed, ...secrets, PAYMENT_SANDBOX_ALLOWED: '1' }).publicUrl).toBe('https://xr.example.com');
  });
});

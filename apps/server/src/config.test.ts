import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const dirs: string[] = [];
/** A throw-away DATA_DIR, so generated secrets never land in the repository. */
const dataDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-config-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const deployed = { NODE_ENV: 'production', PUBLIC_URL: 'https://xr.example.com' };
const secrets = { FILE_URL_SECRET: 'a-file-url-secret-of-our-own', SANDBOX_PAYMENT_SECRET: 'a-sandbox-secret-of-our-own' };
const PUBLISHED = { FILE_URL_SECRET: 'xr-studio-dev-file-url-secret', SANDBOX_PAYMENT_SECRET: 'xr-studio-sandbox-dev-secret' };

describe('loadConfig', () => {
  it('reads the voice mesh STUN / TURN servers from WEBRTC_ICE_SERVERS and refuses malformed ones', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).world.iceServers).toEqual([]);
    const servers = [
      { urls: 'stun:stun.example.com:3478' },
      { urls: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349'], username: 'xr', credential: 's3cret' },
    ];
    expect(loadConfig({ DATA_DIR: dataDir(), WEBRTC_ICE_SERVERS: JSON.stringify(servers) }).world.iceServers).toEqual(servers);
    expect(() => loadConfig({ DATA_DIR: dataDir(), WEBRTC_ICE_SERVERS: 'stun:stun.example.com' })).toThrow(/WEBRTC_ICE_SERVERS/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), WEBRTC_ICE_SERVERS: '[{"urls":"http://evil.example"}]' })).toThrow(
      /not a stun:\/turn: URL/,
    );
  });

  it('treats empty variables as unset and keeps the embedded defaults', () => {
    const c = loadConfig({ DATABASE_URL: '', PORT: '9090', DATA_DIR: dataDir() });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.port).toBe(9090);
    expect(c.payments.provider).toBe('sandbox');
  });

  it('generates random secrets on first start, keeps them in DATA_DIR, and lets variables win', () => {
    const dir = dataDir();
    const first = loadConfig({ NODE_ENV: 'production', DATA_DIR: dir });
    expect(first.uploads.urlSecret).toMatch(/^[\w-]{43}$/);
    expect(first.payments.sandboxSecret).toMatch(/^[\w-]{43}$/);
    expect(first.uploads.urlSecret).not.toBe(first.payments.sandboxSecret);
    const file = path.join(dir, 'secrets.json');
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    // A restart reads the same secrets; another data folder gets others.
    const again = loadConfig({ NODE_ENV: 'production', DATA_DIR: dir });
    expect(again.uploads.urlSecret).toBe(first.uploads.urlSecret);
    expect(again.payments.sandboxSecret).toBe(first.payments.sandboxSecret);
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() }).uploads.urlSecret).not.toBe(first.uploads.urlSecret);
    const own = loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, ...secrets });
    expect(own.uploads.urlSecret).toBe(secrets.FILE_URL_SECRET);
    expect(own.payments.sandboxSecret).toBe(secrets.SANDBOX_PAYMENT_SECRET);
  });

  it('refuses the published development secrets in every run but the tests', () => {
    for (const NODE_ENV of ['production', 'development']) {
      for (const [name, value] of Object.entries(PUBLISHED)) {
        expect(() => loadConfig({ NODE_ENV, DATA_DIR: dataDir(), [name]: value })).toThrow(
          new RegExp(`${name} is a value published`),
        );
      }
    }
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir(), ...PUBLISHED })).not.toThrow();
  });

  it('refuses a deployment that runs the sandbox gateway without asking for it', () => {
    expect(() => loadConfig({ ...deployed, ...secrets, DATA_DIR: dataDir() })).toThrow(/PAYMENT_SANDBOX_ALLOWED=1/);
    expect(loadConfig({ ...deployed, ...secrets, PAYMENT_SANDBOX_ALLOWED: '1', DATA_DIR: dataDir() }).publicUrl).toBe(
      'https://xr.example.com',
    );
  });
});

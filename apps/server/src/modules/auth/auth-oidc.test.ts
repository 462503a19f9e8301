import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app';
import { get, post, useAuthApp } from './auth.test-kit';

// Sign-in through OpenID Connect: not configured, and with a provider.
useAuthApp();

describe('OpenID Connect, not configured', () => {
  it('says disabled and answers 50301 on the other calls', async () => {
    expect((await get('/api/oidc/config')).body).toEqual({ code: 200, message: 'success', data: { enabled: false, name: null } });
    const loginRes = await get('/api/oidc/login?redirect=/profile');
    expect(loginRes.status).toBe(503);
    expect(loginRes.body).toMatchObject({ code: 50301, message: 'Third-party sign-in is not configured on this server' });
    expect((await get('/api/oidc/callback?code=x&state=y')).body.code).toBe(50301);
  });
});

/** A tiny OpenID provider: discovery, authorize (auto-approves), token (checks PKCE), JWKS, RS256 ID tokens. */
async function fakeProvider(claims: Record<string, unknown>) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' };
  const grants = new Map<string, { challenge: string; nonce: string; redirectUri: string }>();
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  let issuer = '';
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      const p = url.searchParams;
      if (p.get('code_challenge_method') !== 'S256' || p.get('scope') !== 'openid profile email') return json(400, {});
      const code = crypto.randomBytes(8).toString('hex');
      grants.set(code, {
        challenge: p.get('code_challenge') ?? '',
        nonce: p.get('nonce') ?? '',
        redirectUri: p.get('redirect_uri') ?? '',
      });
      res.writeHead(302, { location: `${p.get('redirect_uri')}?code=${code}&state=${p.get('state')}` });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let raw = '';
      req.on('data', (c: Buffer) => {
        raw += c.toString();
      });
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        const grant = grants.get(form.get('code') ?? '');
        grants.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        if (!grant || crypto.createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) {
          return json(400, { error: 'invalid_grant' });
        }
        if (form.get('redirect_uri') !== grant.redirectUri || form.get('client_secret') !== 'secret') {
          return json(400, { error: 'invalid_client' });
        }
        const now = Math.floor(Date.now() / 1000);
        const head = b64({ alg: 'RS256', kid: 'k1', typ: 'JWT' });
        const body = b64({ iss: issuer, aud: 'xr-client', iat: now, exp: now + 300, nonce: grant.nonce, ...claims });
        const sig = crypto.sign('sha256', Buffer.from(`${head}.${body}`), privateKey).toString('base64url');
        json(200, { access_token: 'at', token_type: 'Bearer', expires_in: 300, id_token: `${head}.${body}.${sig}` });
      });
      return;
    }
    json(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('OpenID Connect with a provider', () => {
  it('signs in through the provider (code + PKCE + state + nonce), creating an active account once', async () => {
    const provider = await fakeProvider({
      sub: 'alice-1',
      email: 'Alice.OIDC@example.test',
      email_verified: true,
      name: 'Alice Wonder',
      preferred_username: 'alice',
    });
    const o = await createTestApp({
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: 'xr-client',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_NAME: 'Example ID',
    });
    const signIn = async (redirect: string) => {
      const start = await o.app.inject({ method: 'GET', url: `/api/oidc/login?redirect=${encodeURIComponent(redirect)}` });
      expect(start.statusCode).toBe(302);
      const authorize = new URL(String(start.headers.location));
      expect(authorize.origin).toBe(provider.issuer);
      expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost/api/oidc/callback');
      const approved = await fetch(authorize, { redirect: 'manual' });
      const back = new URL(approved.headers.get('location') ?? '');
      const done = await o.app.inject({ method: 'GET', url: `/api/oidc/callback${back.search}` });
      expect(done.statusCode).toBe(302);
      return String(done.headers.location);
    };
    try {
      expect((await get('/api/oidc/config', { target: o.app })).body.data).toEqual({ enabled: true, name: 'Example ID' });
      const first = await signIn('/vrdata/list');
      expect(first).toMatch(/^\/#\/auth-redirect\?/);
      const params = new URLSearchParams(first.split('?')[1]);
      expect(params.get('redirect')).toBe('/vrdata/list');
      expect(params.get('new')).toBe('1');
      const info = await get('/api/user/user_info', { token: params.get('token') ?? '', target: o.app });
      expect(info.body.data).toMatchObject({ email: 'alice.oidc@example.test', username: 'alice', role_name: 'creator' });

      const profile = await post(
        '/api/third_party_register',
        { forum_name: 'AliceW', gender: 'female', terms: true },
        { token: params.get('token') ?? '', target: o.app },
      );
      expect(profile.body.data).toMatchObject({ forum_name: 'AliceW', gender: 'female' });

      const second = new URLSearchParams((await signIn('//evil.example/x')).split('?')[1]);
      expect(second.get('new')).toBeNull();
      expect(second.get('redirect')).toBe('/profile');
      const again = await get('/api/user/user_info', { token: second.get('token') ?? '', target: o.app });
      expect(again.body.data.id).toBe(info.body.data.id);

      // A replayed callback (state already used) goes back to the login page.
      const replay = await o.app.inject({ method: 'GET', url: '/api/oidc/callback?code=x&state=unknown' });
      expect(replay.headers.location).toBe('/#/login?oidc_error=state');
    } finally {
      await o.close();
      await provider.close();
    }
  });
});

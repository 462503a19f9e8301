import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { makeUser } from '../../../test/factories';

const ip = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
const opened: TestApp[] = [];
async function open(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp(env);
  opened.push(t);
  return t;
}
afterAll(async () => {
  await Promise.all(opened.map((t) => t.close()));
});

const login = (t: TestApp, from: string, username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: from,
    headers: { 'accept-language': 'en' },
    payload: { username, password },
  });
const codeOf = (res: { json(): unknown }) => (res.json() as { code: number }).code;

describe('sign-in limits keyed on the account', () => {
  it('counts failures per address and account, whether the account is named by e-mail or user name', async () => {
    const t = await open({ AUTH_RATE_LIMIT: '4', LOGIN_ACCOUNT_LIMIT: '1000' });
    const u = await makeUser(t);
    const attacker = ip();
    for (let i = 0; i < 2; i++) expect(codeOf(await login(t, attacker, u.email, 'wrong-password'))).toBe(40101);
    for (let i = 0; i < 2; i++) expect(codeOf(await login(t, attacker, u.username.toUpperCase(), 'nope'))).toBe(40101);
    // Four failures on one account from one address: the fifth attempt is refused before the password is checked,
    // by e-mail and by user name alike, even with the right password.
    for (const name of [u.email, u.username]) {
      const blocked = await login(t, attacker, name, u.password);
      expect(blocked.statusCode).toBe(429);
      expect(codeOf(blocked)).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The owner elsewhere is not affected.
    expect(codeOf(await login(t, ip(), u.email, u.password))).toBe(200);
    // Successful sign-ins are not failures (only the route's limit of calls per address, 4 here, counts them).
    const home = ip();
    expect(codeOf(await login(t, home, u.email, 'typo'))).toBe(40101);
    for (let i = 0; i < 3; i++) expect(codeOf(await login(t, home, u.username, u.password))).toBe(200);
  });

  it('limits failures across addresses more slowly, sparing the addresses the owner signed in from', async () => {
    const t = await open({ AUTH_RATE_LIMIT: '1000', LOGIN_ACCOUNT_LIMIT: '5' });
    const u = await makeUser(t);
    const home = ip();
    expect(codeOf(await login(t, home, u.email, u.password))).toBe(200);
    // A distributed attack: five failures from five addresses.
    for (let i = 0; i < 5; i++) expect(codeOf(await login(t, ip(), u.email, `guess-${i}`))).toBe(40101);
    // Now a new address is refused for a while, even with the right password (the attacker cannot tell)...
    const fresh = await login(t, ip(), u.username, u.password);
    expect(fresh.statusCode).toBe(429);
    expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(fresh.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // ...but the owner's own address still signs in.
    expect(codeOf(await login(t, home, u.email, u.password))).toBe(200);
    // Another account is not touched.
    const other = await makeUser(t);
    expect(codeOf(await login(t, ip(), other.email, other.password))).toBe(200);
  });

  it('ends every lockout with its window', async () => {
    const t = await open({ AUTH_RATE_LIMIT: '2', AUTH_RATE_WINDOW_SECONDS: '1', LOGIN_ACCOUNT_LIMIT: '1000' });
    const u = await makeUser(t);
    const from = ip();
    for (let i = 0; i < 2; i++) expect(codeOf(await login(t, from, u.email, 'wrong-password'))).toBe(40101);
    expect(codeOf(await login(t, from, u.email, u.password))).toBe(429);
    await new Promise((r) => setTimeout(r, 1100));
    expect(codeOf(await login(t, from, u.email, u.password))).toBe(200);
  });

  it('counts unknown names by the typed text, and answers them like real accounts', async () => {
    const t = await open({ AUTH_RATE_LIMIT: '2', LOGIN_ACCOUNT_LIMIT: '1000' });
    const from = ip();
    for (let i = 0; i < 2; i++) expect(codeOf(await login(t, from, 'nobody@example.test', 'x'))).toBe(40101);
    expect(codeOf(await login(t, from, 'NOBODY@example.test', 'x'))).toBe(429);
  });
});

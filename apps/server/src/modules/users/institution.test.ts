import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, type Shopper, shopper } from '../../../test/commerce';
import { auth, lastMail, login, mailedCode, multipartFile } from '../../../test/factories';

let t: TestApp;
let app: FastifyInstance;
let admin: Shopper;
let admin2: Shopper;
let creator: Shopper;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  admin = await shopper(t, { roles: ['admin'] });
  admin2 = await shopper(t, { roles: ['admin'] });
  creator = await shopper(t, { roles: ['creator'] });
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;
const headers = (token?: string, lang = 'en') => ({ ...(token ? auth(token) : {}), 'accept-language': lang });
const post = (url: string, payload: Record<string, unknown>, token?: string, lang = 'en') =>
  app.inject({ method: 'POST', url, payload, headers: headers(token, lang) });
const get = (url: string, token?: string, lang = 'en') => app.inject({ url, headers: headers(token, lang) });

async function certificate(): Promise<string> {
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(1000)]);
  const m = multipartFile('c.pdf', pdf);
  const up = await app.inject({ method: 'POST', url: '/api/register_certificate_upload', ...m });
  return up.json().data.certificate as string;
}

/** Registers an organisation through the API (code, certificate, activation link) and signs it in. */
async function organisation(accountType: 'organisation' | 'group_admin' = 'organisation') {
  const tag = unique();
  const email = `org${tag}@example.test`;
  await post('/api/send_register_email_code', { email });
  const password = 'Secret#123';
  const reg = await post('/api/register', {
    account_type: accountType,
    username: `org_${tag}`,
    password,
    gender: 'other',
    phone: '+852 9123 4567',
    forum_name: `o${tag}`.slice(0, 10),
    email,
    email_code: await mailedCode(app, email),
    certificate: await certificate(),
    terms: true,
  });
  expect(body(reg).code, reg.body).toBe(200);
  const link = /\/api\/activate\?token=([a-f0-9]{64})/.exec((await lastMail(app, email))?.text ?? '')?.[1];
  expect((await get(`/api/activate?token=${link}`)).statusCode).toBe(302);
  const token = await login(app, email, password);
  return { email, token, username: `org_${tag}` };
}

interface Item {
  id: number;
  user_id: number;
  username: string;
  state: string;
  reason: string;
  decider: string;
  certificate_url: string | null;
}
const pending = async (username: string) =>
  body<{ list: Item[] }>(await get(`/api/approval/institution_page?state=pending&keyword=${username}`, admin.token)).data.list;
const decide = (payload: Record<string, unknown>, who = admin, lang = 'en') =>
  post('/api/approval/institution_decide', payload, who.token, lang);
const canCreateInvite = async (token: string) => (await post('/api/user/add_invite_code', { note: 'launch' }, token)).statusCode;
const auditOf = async (action: string) =>
  body<{ list: { action: string; target: { id: string } | null }[] }>(
    await get(`/api/logs_list?action=${action}&limit=50`, admin.token),
  ).data.list;

describe('organisation approval', () => {
  it('a new organisation waits: no invite codes, no members, until an administrator approves', async () => {
    const org = await organisation();
    const info = body<{ roles: string[]; permissions: { http_path: string }[] }>(
      await get('/api/user/user_info', org.token),
    ).data;
    expect(info.roles).toEqual(['creator']);
    expect(info.permissions).not.toContainEqual({ http_path: '/invite-code/add-invite-code' });
    expect(await canCreateInvite(org.token)).toBe(403);
    expect(body(await get('/api/user/institution_status', org.token)).data).toMatchObject({
      state: 'pending',
      account_type: 'organisation',
    });

    // the queue: administrators only; the certificate opens through a short-lived signed link
    expect((await get('/api/approval/institution_page', creator.token)).statusCode).toBe(403);
    expect((await get('/api/approval/institution_page')).statusCode).toBe(401);
    const [item] = await pending(org.username);
    expect(item).toMatchObject({ username: org.username, state: 'pending' });
    const file = await get(item?.certificate_url ?? '/none');
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const ok = await decide({ id: item?.id, state: 'approved' });
    expect(body(ok).code).toBe(200);
    // the new role works on the very next request (no new sign-in)
    const after = body<{ roles: string[] }>(await get('/api/user/user_info', org.token)).data;
    expect(after.roles).toContain('organisation_admin');
    expect(await canCreateInvite(org.token)).toBe(200);
    expect(body(await get('/api/user/institution_status', org.token)).data).toMatchObject({ state: 'approved' });
    const inbox = body<{ list: { message: string }[] }>(await get('/api/message/my_message_page', org.token, 'tc')).data.list;
    expect(inbox[0]?.message).toContain('機構帳號申請已通過');
    expect((await lastMail(app, org.email))?.text).toContain('Your organisation account is approved');
    expect((await auditOf('institution.approve')).some((e) => e.target?.id === String(item?.id))).toBe(true);
    // applying again after approval is refused
    const again = await post(
      '/api/user/institution_apply',
      { account_type: 'organisation', certificate: await certificate() },
      org.token,
    );
    expect(body(again)).toMatchObject({ code: 40904, message: 'Your organisation application is already approved' });
  });

  it('a rejection needs a reason, reaches the applicant, and they may apply again', async () => {
    const org = await organisation('group_admin');
    const [item] = await pending(org.username);
    const noReason = await decide({ id: item?.id, state: 'rejected' }, admin, 'zh');
    expect(noReason.statusCode).toBe(400);
    expect(body(noReason)).toMatchObject({ code: 40001, message: '请填写原因', data: { field: 'reason' } });
    expect(body(await decide({ id: item?.id, state: 'rejected', reason: 'Certificate is unreadable' })).code).toBe(200);
    expect(body(await decide({ id: item?.id, state: 'approved' }, admin2, 'tc'))).toMatchObject({
      code: 40950,
      message: '此申請已被處理，列表已重新整理',
    });
    expect(body(await get('/api/user/institution_status', org.token)).data).toMatchObject({
      state: 'rejected',
      reason: 'Certificate is unreadable',
    });
    const inbox = body<{ list: { message: string }[] }>(await get('/api/message/my_message_page', org.token)).data.list;
    expect(inbox[0]?.message).toContain('Reason: Certificate is unreadable');
    expect(await canCreateInvite(org.token)).toBe(403);
    expect((await auditOf('institution.reject')).some((e) => e.target?.id === String(item?.id))).toBe(true);

    // a forged certificate key is refused; a real one files a new application, and only one at a time
    const forged = await post(
      '/api/user/institution_apply',
      {
        account_type: 'group_admin',
        certificate: 'certificates/00000000000000000000000000000000.pdf',
      },
      org.token,
    );
    expect(body(forged)).toMatchObject({ code: 40001, data: { field: 'certificate' } });
    const cert = await certificate();
    const twice = await Promise.all([
      post('/api/user/institution_apply', { account_type: 'group_admin', certificate: cert }, org.token),
      post('/api/user/institution_apply', { account_type: 'group_admin', certificate: cert }, org.token),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await pending(org.username)).length).toBe(1);
  });

  it('two administrators deciding at once: one wins, the other is told; a failed decision leaves no audit entry', async () => {
    const org = await organisation();
    const [item] = await pending(org.username);
    const before = (await auditOf('institution.approve')).length + (await auditOf('institution.reject')).length;
    const both = await Promise.all([
      decide({ id: item?.id, state: 'approved' }, admin),
      decide({ id: item?.id, state: 'rejected', reason: 'duplicate' }, admin2),
    ]);
    expect(both.map((r) => body(r).code).sort()).toEqual([200, 40950]);
    const afterCount = (await auditOf('institution.approve')).length + (await auditOf('institution.reject')).length;
    expect(afterCount).toBe(before + 1);
    expect((await decide({ id: 2147483000, state: 'approved' })).statusCode).toBe(404);
    expect((await decide({ id: item?.id, state: 'maybe' })).statusCode).toBe(400);
  });

  it('lists decided applications newest first with who decided', async () => {
    const list = body<{ list: Item[]; total: number }>(
      await get('/api/approval/institution_page?state=approved', admin.token),
    ).data;
    expect(list.total).toBeGreaterThan(0);
    expect(list.list.every((i) => i.state === 'approved' && i.decider !== '')).toBe(true);
    const ids = list.list.map((i) => i.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });
});

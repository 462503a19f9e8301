import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app';
import { lastMail, login, mailedCode, makeUser } from '../../../test/factories';
import { createAuthRepository } from './auth.repository';
import { activationToken, app, get, post, registered, registration, t, unique, upload, useAuthApp } from './auth.test-kit';

// Registration: the email code, /register, the organisation certificate, activation, mail over SMTP.
useAuthApp();

describe('POST /send_register_email_code', () => {
  it('validates the email, refuses a registered one (40901) and stores the code hashed', async () => {
    const bad = await post('/api/send_register_email_code', { email: 'not-an-email' });
    expect(bad.body).toMatchObject({ code: 40001, message: 'The email format is incorrect', data: { field: 'email' } });
    const u = await makeUser(t);
    const taken = await post('/api/send_register_email_code', { email: u.email.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 40901, data: { field: 'email' } });

    const email = `h${unique()}@example.test`;
    await post('/api/send_register_email_code', { email });
    const code = await mailedCode(app, email);
    const row = await createAuthRepository(t.database.db).liveCode(email, 'register');
    expect(row?.codeHash).toMatch(/^[a-f0-9]{64}$/);
    expect(row?.codeHash).not.toContain(code);
    expect((row?.expiresAt.getTime() ?? 0) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
  });
});

describe('POST /register', () => {
  it('checks every rule of spec section 5, with the spec texts in en and zh', async () => {
    const email = `v${unique()}@example.test`;
    const base = registration(email, '123456');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ password: 'Short#1' }, 'password', 'The password can not be less than 8 digits'],
      [{ phone: '12ab' }, 'phone', 'phone number format is incorrect'],
      [
        { forum_name: 'has space' },
        'forum_name',
        'Forum user name cannot contain spaces or special characters such as @ , / < >',
      ],
      [{ forum_name: 'a@b' }, 'forum_name', 'Forum user name cannot contain spaces or special characters such as @ , / < >'],
      [{ forum_name: 'elevenchars' }, 'forum_name', 'Forum user name can be at most 10 characters'],
      [{ forum_name: '' }, 'forum_name', 'Forum user name cannot be empty'],
      [{ username: '' }, 'username', 'User name cannot be empty'],
      [{ gender: undefined }, 'gender', 'Please choose a gender'],
      [{ account_type: 'company' }, 'account_type', 'Please choose an account type'],
      [{ email_code: '' }, 'email_code', 'Verification code cannot be empty'],
      [{ email: '' }, 'email', 'Email cannot be empty'],
      [{ terms: false }, 'terms', 'Please read and accept the user terms'],
      [{ account_type: 'organisation' }, 'certificate', 'Organisation accounts must upload a certificate'],
    ];
    for (const [change, field, message] of cases) {
      const res = await post('/api/register', { ...base, ...change });
      expect(res.status, field).toBe(400);
      expect(res.body.code).toBe(40001);
      expect(res.body.data.field).toBe(field);
      expect(res.body.message).toBe(message);
    }
    const zh = await post('/api/register', { ...base, password: 'Short#1' }, { lang: 'zh' });
    expect(zh.body.message).toBe('密码不能少于 8 位');
    const tc = await post('/api/register', { ...base, password: 'Short#1' }, { lang: 'zh-TW' });
    expect(tc.body.message).toBe('密碼不能少於 8 位');
  });

  it('refuses a wrong code (40003), at most five tries, and uses a code once', async () => {
    const email = `c${unique()}@example.test`;
    await post('/api/send_register_email_code', { email });
    const code = await mailedCode(app, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const r = await post('/api/register', registration(email, wrong));
      expect(r.body).toMatchObject({ code: 40003, data: { field: 'email_code' } });
    }
    // The sixth try fails even with the right code: the code is burnt.
    expect((await post('/api/register', registration(email, code))).body.code).toBe(40003);

    await post('/api/send_register_email_code', { email });
    const fresh = await mailedCode(app, email);
    expect((await post('/api/register', registration(email, fresh))).body.code).toBe(200);
    const again = await post('/api/register', registration(email, fresh));
    expect(again.body.code).toBe(40003);
  });

  it('keeps the code usable when the form is refused (taken user name 40902, forum name 40903, invite code 40002)', async () => {
    const other = await makeUser(t);
    const email = `k${unique()}@example.test`;
    await post('/api/send_register_email_code', { email });
    const code = await mailedCode(app, email);
    const u = await post('/api/register', registration(email, code, { username: other.username.toUpperCase() }));
    expect(u.status).toBe(409);
    expect(u.body).toMatchObject({ code: 40902, data: { field: 'username' } });
    const f = await post('/api/register', registration(email, code, { forum_name: other.forum_name }));
    expect(f.body).toMatchObject({ code: 40903, data: { field: 'forum_name' } });
    const i = await post('/api/register', registration(email, code, { invite_code: 'NOPE1234' }));
    expect(i.status).toBe(400);
    expect(i.body).toMatchObject({ code: 40002, message: 'The invite code is invalid', data: { field: 'invite_code' } });
    expect((await post('/api/register', registration(email, code))).body.code).toBe(200);
  });

  it('links an account to the owner of the invite code it registers with', async () => {
    const org = await makeUser(t, { roles: ['organisation_admin'], account_type: 'organisation' });
    const orgToken = await login(app, org.email, org.password);
    const inviteCode = (await get('/api/user/user_info', { token: orgToken })).body.data.invite_code;
    const member = await registered({ extra: { invite_code: inviteCode.toLowerCase() } });
    const page = await get('/api/user/user_page', { token: orgToken });
    expect(page.body.data.list.map((u: { email: string }) => u.email)).toEqual([member.email]);
  });

  it('registers an organisation with an uploaded certificate: a creator waiting for approval', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(2000)]);
    const up = await app.inject({ method: 'POST', url: '/api/register_certificate_upload', ...upload('c.pdf', pdf) });
    expect(up.statusCode).toBe(200);
    const certificate = up.json().data.certificate as string;
    expect(certificate).toMatch(/^certificates\/[a-f0-9]{32}\.pdf$/);

    const forged = `p${unique()}@example.test`;
    await post('/api/send_register_email_code', { email: forged });
    const r = await post(
      '/api/register',
      registration(forged, await mailedCode(app, forged), {
        account_type: 'organisation',
        certificate: 'certificates/00000000000000000000000000000000.pdf',
      }),
    );
    expect(r.body).toMatchObject({ code: 40001, data: { field: 'certificate' } });

    const org = await registered({ extra: { account_type: 'organisation', certificate } });
    const token = await login(app, org.email, org.password);
    const info = (await get('/api/user/user_info', { token })).body.data;
    expect(info).toMatchObject({ role_name: 'creator', account_type: 'organisation' });
    expect(info.permissions).not.toContainEqual({ http_path: '/member' });
    expect((await get('/api/user/institution_status', { token })).body.data).toMatchObject({ state: 'pending' });
  });
});

describe('POST /register_certificate_upload', () => {
  it('accepts pdf, jpg and png by content only, up to 10 MB', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(100)]);
    const ok = await app.inject({ method: 'POST', url: '/api/register_certificate_upload', ...upload('x.bin', png) });
    expect(ok.json().data.certificate).toMatch(/\.png$/);

    const fake = await app.inject({
      method: 'POST',
      url: '/api/register_certificate_upload',
      ...upload('evil.pdf', '<html>not a pdf</html>', 'application/pdf'),
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ code: 40004, message: 'Illegal document' });

    const big = Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await app.inject({ method: 'POST', url: '/api/register_certificate_upload', ...upload('b.pdf', big) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe(41301);

    const none = await post('/api/register_certificate_upload', { file: 'x' });
    expect(none.body).toMatchObject({ code: 40001, message: 'Please choose a file to upload', data: { field: 'file' } });
  });
});

describe('activation', () => {
  it('GET /activate redirects with activated=0 for a bad token; POST /activate answers JSON', async () => {
    expect((await get('/api/activate?token=nope')).headers.location).toBe('/#/login?activated=0');
    expect((await get('/api/activate')).headers.location).toBe('/#/login?activated=0');
    const bad = await post('/api/activate', { token: 'a'.repeat(64) });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(40105);
    expect((await post('/api/activate', {})).body).toMatchObject({ code: 40001, data: { field: 'token' } });

    const p = await registered({ activate: false });
    const token = await activationToken(p.email);
    const res = await post('/api/activate', { token });
    expect(res.body).toEqual({ code: 200, message: 'success', data: { email: p.email } });
    expect((await post('/api/login', { username: p.email, password: p.password })).body.code).toBe(200);
  });

  it('POST /register_status_judge says none for an unknown email, and validates it', async () => {
    expect((await post('/api/register_status_judge', { email: 'ghost@example.test' })).body.data).toEqual({
      email: 'ghost@example.test',
      status: 'none',
    });
    expect((await post('/api/register_status_judge', {})).body).toMatchObject({ code: 40001, data: { field: 'email' } });
    const d = await makeUser(t, { status: 'disabled' });
    expect((await post('/api/register_status_judge', { email: d.email })).body.data.status).toBe('disabled');
  });

  it('POST /resend_activation mails a new link to pending accounts only, and the old link stops working', async () => {
    const p = await registered({ activate: false });
    const first = await activationToken(p.email);
    expect((await post('/api/resend_activation', { email: p.email })).body.code).toBe(200);
    const second = await activationToken(p.email);
    expect(second).not.toBe(first);
    expect((await get(`/api/activate?token=${first}`)).headers.location).toBe('/#/login?activated=0');
    expect((await get(`/api/activate?token=${second}`)).headers.location).toBe('/#/login?activated=1');

    const quiet = `q${unique()}@example.test`;
    expect((await post('/api/resend_activation', { email: quiet })).body.code).toBe(200);
    expect(await lastMail(app, quiet)).toBeUndefined();
    expect((await post('/api/resend_activation', { email: 'bad' })).body.code).toBe(40001);
  });
});

describe('mail through a real SMTP server', () => {
  it('delivers the registration code over SMTP', async () => {
    const received: { to: string[]; data: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => {
          data += chunk.toString('utf8');
        });
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const port = (smtp.server.address() as AddressInfo).port;
    const withSmtp = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const email = `smtp${unique()}@example.test`;
      const r = await post('/api/send_register_email_code', { email }, { target: withSmtp.app });
      expect(r.body.code).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]?.to).toEqual([email]);
      expect(received[0]?.data).toMatch(/Your verification code is \d{6}/);
      // With SMTP there is no outbox to read, not even for administrators.
      const admin = await makeUser(withSmtp, { roles: ['admin'] });
      const adminToken = await login(withSmtp, admin.email, admin.password);
      const outbox = await get(`/api/system/mail_outbox?to=${email}`, { target: withSmtp.app, token: adminToken });
      expect(outbox.status).toBe(404);
    } finally {
      await withSmtp.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('answers 50302 when the mail server is unreachable', async () => {
    const withDeadSmtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const r = await post(
        '/api/send_register_email_code',
        { email: `dead${unique()}@example.test` },
        { target: withDeadSmtp.app },
      );
      expect(r.status).toBe(503);
      expect(r.body.code).toBe(50302);
    } finally {
      await withDeadSmtp.close();
    }
  });
});

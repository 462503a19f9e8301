import { describe, expect, it } from 'vitest';
import { lastMail, login, mailedCode, makeUser } from '../../../test/factories';
import { app, get, post, t, unique, useAuthApp } from './auth.test-kit';

// Passwords: the forgotten-password reset and changing one's password.
useAuthApp();

describe('forgotten password', () => {
  it('POST /send_email_code answers ok for unknown emails without sending anything', async () => {
    const ghost = `g${unique()}@example.test`;
    const r = await post('/api/send_email_code', { email: ghost, purpose: 'reset' });
    expect(r.body.code).toBe(200);
    expect(await lastMail(app, ghost)).toBeUndefined();
    expect((await post('/api/send_email_code', { email: 'x' })).body).toMatchObject({ code: 40001, data: { field: 'email' } });
  });

  it('POST /retrieve_password resets with the mailed code and ends every session (50012)', async () => {
    const u = await makeUser(t);
    const session = await login(app, u.email, u.password);
    await post('/api/send_email_code', { email: u.email });
    const code = await mailedCode(app, u.email);

    const mismatch = await post('/api/retrieve_password', {
      email: u.email,
      email_code: code,
      new_password: 'Another#123',
      password: 'Another#124',
    });
    expect(mismatch.body).toMatchObject({
      code: 40001,
      message: 'Inconsistent password entered twice!',
      data: { field: 'password' },
    });
    const blank = await post('/api/retrieve_password', { email: u.email, email_code: code, new_password: 'Another#123' });
    expect(blank.body).toMatchObject({ message: 'Confirm password can not be blank', data: { field: 'password' } });
    const wrong = await post('/api/retrieve_password', {
      email: u.email,
      email_code: code === '999999' ? '999998' : '999999',
      new_password: 'Another#123',
      password: 'Another#123',
    });
    expect(wrong.body.code).toBe(40003);

    const done = await post('/api/retrieve_password', {
      email: u.email,
      email_code: code,
      new_password: 'Another#123',
      password: 'Another#123',
    });
    expect(done.body).toEqual({ code: 200, message: 'Password reset complete', data: null });
    const zh = await post(
      '/api/retrieve_password',
      { email: u.email, email_code: code, new_password: 'Another#123', password: 'Another#123' },
      { lang: 'zh' },
    );
    expect(zh.body.code).toBe(40003);
    expect((await get('/api/user/user_info', { token: session })).body.code).toBe(50012);
    expect((await post('/api/login', { username: u.email, password: 'Another#123' })).body.code).toBe(200);
  });
});

describe('POST /user/up_password', () => {
  it('needs a token, validates with the spec messages and refuses a wrong current password (40104)', async () => {
    expect((await post('/api/user/up_password', {})).body.code).toBe(10001);
    const u = await makeUser(t);
    const token = await login(app, u.email, u.password);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ new_password: 'Abcdefg#1', password: 'Abcdefg#1' }, 'old_password', 'The current password cannot be empty'],
      [{ old_password: u.password, password: 'Abcdefg#1' }, 'new_password', 'New password cannot be empty'],
      [{ old_password: u.password, new_password: 'Abcdefg#1' }, 'password', 'Confirm password can not be blank'],
      [
        { old_password: u.password, new_password: 'Abcdefg#1', password: 'Abcdefg#2' },
        'password',
        'Inconsistent password entered twice!',
      ],
      [
        { old_password: u.password, new_password: 'short', password: 'short' },
        'new_password',
        'The password can not be less than 8 digits',
      ],
    ];
    for (const [body, field, message] of cases) {
      const r = await post('/api/user/up_password', body, { token });
      expect(r.body, message).toMatchObject({ code: 40001, message, data: { field } });
    }
    const wrong = await post(
      '/api/user/up_password',
      { old_password: 'not-it-at-all', new_password: 'Abcdefg#1', password: 'Abcdefg#1' },
      { token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 40104,
      message: 'The current password is incorrect',
      data: { field: 'old_password' },
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { issueMessageKey } from './errors';
import { controlCharPath } from './input-guard';

describe('controlCharPath', () => {
  it('finds the first control character in nested JSON, allows tabs and line breaks', () => {
    expect(controlCharPath({ a: 'ok\tfine\r\n', b: [1, 'x', { c: 'a\u0000b' }] })).toEqual(['b', '2', 'c']);
    expect(controlCharPath({ 'k\u0007': 1 })).toEqual(['k\u0007']);
    expect(controlCharPath({ a: 'line\nbreak', n: 5, t: true, z: null })).toBeNull();
    expect(controlCharPath('\u007f')).toEqual([]);
    expect(controlCharPath(Buffer.from([0, 1, 2]))).toBeNull();
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(controlCharPath(deep)).not.toBeNull();
  });
});

describe('issueMessageKey', () => {
  it('keeps a contract key, and maps zod issue codes to contract keys', () => {
    expect(issueMessageKey({ keyword: 'too_big', message: 'v.tooLong' })).toBe('v.tooLong');
    expect(
      issueMessageKey({ keyword: 'too_big', message: 'Too big: expected number to be <=100', params: { origin: 'number' } }),
    ).toBe('v.numberTooLarge');
    expect(issueMessageKey({ keyword: 'too_big', message: 'Too big', params: { origin: 'string' } })).toBe('v.tooLong');
    expect(issueMessageKey({ keyword: 'too_small', message: 'Too small', params: { origin: 'string', minimum: 1 } })).toBe(
      'v.required',
    );
    expect(issueMessageKey({ keyword: 'invalid_type', message: 'Invalid input: expected string, received undefined' })).toBe(
      'v.required',
    );
    expect(issueMessageKey({ keyword: 'invalid_type', message: 'Invalid input: expected number, received string' })).toBe(
      'v.invalidValue',
    );
    expect(issueMessageKey({ keyword: 'invalid_format', message: 'Invalid email address' })).toBe('v.formatInvalid');
    expect(issueMessageKey({ keyword: 'unrecognized_keys', message: 'Unrecognized key' })).toBe('v.invalidValue');
  });
});

describe('the input guard on real routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a NUL in a query, a JSON body or a nested field with 40001 naming the field, in the caller language', async () => {
    const q = await t.app.inject({ method: 'GET', url: '/api/home_page/item_list?keyword=a%00b', headers: { 'x-lang': 'zh' } });
    expect(q.statusCode).toBe(400);
    expect(q.json()).toEqual({ code: 40001, message: '不能包含控制字符', data: { field: 'keyword' } });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-lang': 'tc' },
      payload: { username: 'ad\u0000min', password: 'x' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ code: 40001, message: '不能包含控制字元', data: { field: 'username' } });
  });

  it('bounds ids and pages, with messages in the caller language', async () => {
    const id = await t.app.inject({
      method: 'GET',
      url: '/api/project/front_project_details?id=2147483648',
      headers: { 'x-lang': 'en' },
    });
    expect(id.statusCode).toBe(400);
    expect(id.json()).toMatchObject({ code: 40001, message: 'The id is invalid', data: { field: 'id' } });
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/home_page/item_list?page=9007199254740991',
      headers: { 'x-lang': 'zh' },
    });
    expect(page.statusCode).toBe(400);
    expect(page.json()).toMatchObject({ code: 40001, message: '数值太大', data: { field: 'page' } });
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-lang': 'zh' },
      payload: { username: 5, password: 'x' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).not.toMatch(/[A-Za-z]{4}/);
  });
});

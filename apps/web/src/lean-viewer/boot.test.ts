import { describe, expect, it, vi } from 'vitest';
import { apiGet, contentMode, type LeanContent, LeanError, parseParams, startRequests, storedLang, storedToken } from './boot';

const reply = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const storage = (values: Record<string, string>) => ({ getItem: (k: string) => values[k] ?? null });

describe('lean viewer start', () => {
  it('reads the project id and the kind hint, refusing ids out of range or malformed', () => {
    expect(parseParams('?id=12&kind=tour')).toEqual({ id: 12, kind: 'tour' });
    expect(parseParams('?id=2147483647&kind=scene')).toEqual({ id: 2147483647, kind: 'scene' });
    expect(parseParams('?id=12&kind=video')).toEqual({ id: 12, kind: null });
    for (const bad of ['', '?id=0', '?id=-3', '?id=2147483648', '?id=1e3', '?id=12%00', '?id=%20', '?id=99999999999999999999'])
      expect(parseParams(bad).id, bad).toBeNull();
  });

  it("reads an embed code's options: frame, autorotate, start scene and language, ignoring malformed values", () => {
    expect(parseParams('?id=12&kind=tour&embed=1&autorotate=1&scene=hall-2&lang=en')).toEqual({
      id: 12,
      kind: 'tour',
      embed: true,
      autorotate: true,
      scene: 'hall-2',
      lang: 'en',
    });
    expect(parseParams('?id=12&autorotate=true&lang=tc')).toEqual({ id: 12, kind: null, autorotate: true, lang: 'tc' });
    expect(parseParams('?id=12&embed=0&autorotate=no&scene=%3Cscript%3E&lang=fr')).toEqual({ id: 12, kind: null });
    expect(parseParams(`?id=12&scene=${'a'.repeat(65)}`)).toEqual({ id: 12, kind: null });
  });

  it('takes the language and the token the SPA stored', () => {
    expect(storedLang(storage({ xr_lang: 'tc' }))).toBe('tc');
    expect(storedLang(storage({ xr_lang: 'fr' }))).toBe('zh');
    expect(storedLang(null)).toBe('zh');
    expect(storedToken(storage({ xr_token: 'abc' }))).toBe('abc');
    expect(storedToken(storage({}))).toBeNull();
  });

  it('calls the API with the bearer token and the language, and unwraps the envelope', async () => {
    const fetch = vi.fn(async () => reply({ code: 200, message: 'ok', data: { name: 'Lake' } }));
    const data = await apiGet<{ name: string }>('/project/front_project_details', { id: 5 }, { token: 't0k', lang: 'en', fetch });
    expect(data).toEqual({ name: 'Lake' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/project/front_project_details?id=5');
    expect(init.headers).toMatchObject({ authorization: 'Bearer t0k', 'accept-language': 'en' });
  });

  it("turns a refusal into an error carrying the server's message and code", async () => {
    const refused = vi.fn(async () => reply({ code: 40401, message: 'Project not found', data: null }, 404));
    await expect(apiGet('/project/content', { id: 5 }, { token: null, lang: 'en', fetch: refused })).rejects.toMatchObject({
      name: 'LeanError',
      message: 'Project not found',
      code: 40401,
    });
    const broken = vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 }));
    const e: unknown = await apiGet('/project/content', { id: 5 }, { token: null, lang: 'en', fetch: broken }).catch(
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(LeanError);
    expect((e as LeanError).code).toBe(502);
  });

  it('starts the content, scene and title calls together, none waiting for another', async () => {
    const pending: ((r: Response) => void)[] = [];
    const fetch = vi.fn(() => new Promise<Response>((resolve) => pending.push(resolve)));
    const r = startRequests(9, { token: null, lang: 'zh', fetch });
    expect(fetch.mock.calls.map((c) => (c as unknown as [string])[0])).toEqual([
      '/api/project/content?id=9',
      '/api/project/scene_details?id=9',
      '/api/project/front_project_details?id=9',
    ]);
    for (const resolve of pending) resolve(reply({ code: 200, message: 'ok', data: { name: 'N' } }));
    await expect(r.name).resolves.toBe('N');
  });

  it('shows the document, the files or a message depending on the content reply', () => {
    const base: LeanContent = { id: 1, cover: '', access: 'full', message: '', assets: [], scene: null };
    expect(contentMode(null)).toBe('none');
    expect(contentMode({ ...base, scene: { kind: 'tour', version: 2 } })).toBe('scene');
    expect(contentMode({ ...base, access: 'none', scene: { kind: 'tour', version: 2 } })).toBe('none');
    expect(contentMode({ ...base, assets: [{ kind: 'image360', filename: 'a.jpg', original_url: '/a', outputs: {} }] })).toBe(
      'assets',
    );
    expect(contentMode(base)).toBe('none');
  });
});

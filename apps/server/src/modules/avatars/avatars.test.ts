import type { AvatarItem, AvatarLookParams, AvatarPageReply } from '@xr/contract/avatars';
import { defaultLookFor } from '@xr/contract/avatars';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, type Shopper, shopper } from '../../../test/commerce';
import { multipartFile } from '../../../test/factories';
import { createAvatarsService } from './avatars.service';

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
});
afterAll(async () => {
  await t?.close();
});

const look: AvatarLookParams = {
  body: 'regular',
  height: 1,
  skin: '#eac0a0',
  hair_style: 'short',
  hair_color: '#4a3222',
  top_style: 'hoodie',
  top_color: '#1e88e5',
  bottom_color: '#37474f',
  shoes_color: '#212121',
  accessory: 'glasses',
};

const post = (url: string, payload: unknown, who?: Shopper, lang = 'en') =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: { ...(who?.headers ?? {}), 'accept-language': lang } });
const page = async (who: Shopper) => {
  const r = await app.inject({ url: '/api/avatar/avatar_page?page=1&limit=50', headers: who.headers });
  if (r.statusCode !== 200) throw new Error(r.body);
  return body<AvatarPageReply>(r).data;
};
const add = async (who: Shopper, name: string) => body<AvatarItem>(await post('/api/avatar/add_avatar', { name, look }, who));
const inUse = (p: AvatarPageReply) => p.list.filter((a) => a.status === 'in_use');

async function png(width = 64, height = 64): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 30, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
}

describe('avatars', () => {
  it('answers 401 without a token, 403 without /avatar-list and 400 for hostile input', async () => {
    const nobody = await shopper(t, { roles: [] });
    const user = await shopper(t);
    const calls: [string, unknown][] = [
      ['/api/avatar/add_avatar', { name: 'A', look }],
      ['/api/avatar/up_avatar', { id: 1, name: 'B' }],
      ['/api/avatar/del_avatar', { id: 1 }],
      ['/api/avatar/set_avatar_status', { id: 1, status: 'in_use' }],
    ];
    expect((await app.inject({ url: '/api/avatar/avatar_page' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/avatar/avatar_page', headers: nobody.headers })).statusCode).toBe(403);
    for (const [url, payload] of calls) {
      expect((await post(url, payload)).statusCode, url).toBe(401);
      const denied = await post(url, payload, nobody);
      expect(denied.statusCode, url).toBe(403);
      expect(body(denied).code, url).toBe(40301);
    }
    const cases: [string, unknown, string][] = [
      ['/api/avatar/add_avatar', { name: '', look }, 'name'],
      ['/api/avatar/add_avatar', { name: 'x'.repeat(31), look }, 'name'],
      ['/api/avatar/add_avatar', { name: 'ok', look: { ...look, skin: 'red' } }, 'skin'],
      ['/api/avatar/add_avatar', { name: 'ok', look: { ...look, height: 9 } }, 'height'],
      ['/api/avatar/add_avatar', { name: 'ok', look: { ...look, accessory: 'cape' } }, 'accessory'],
      ['/api/avatar/add_avatar', { name: 'a\u0000b', look }, 'name'],
      ['/api/avatar/up_avatar', { id: 2 ** 31, name: 'x' }, 'id'],
      ['/api/avatar/set_avatar_status', { id: 1, status: 'primary' }, 'status'],
      ['/api/avatar/del_avatar', { id: 1e300 }, 'id'],
    ];
    for (const [url, payload, field] of cases) {
      const res = await post(url, payload, user);
      expect(res.statusCode, `${url} ${field}`).toBe(400);
      expect(res.body, `${url} ${field}`).toContain(field);
    }
    const huge = await app.inject({ url: '/api/avatar/avatar_page?page=99999999999&limit=10', headers: user.headers });
    expect(huge.statusCode).toBe(400);
  });

  it('gives every user a default avatar in use, then puts the first own avatar in use', async () => {
    const user = await shopper(t);
    const first = await page(user);
    expect(first.list).toHaveLength(1);
    expect(first.list[0]).toMatchObject({ is_default: true, status: 'in_use', kind: 'parametric' });
    expect(first.list[0]?.look).toEqual(defaultLookFor(user.id));
    // Looking again makes no second default.
    expect((await page(user)).list).toHaveLength(1);

    const a = await add(user, 'Runner');
    expect(a.code).toBe(200);
    expect(a.data).toMatchObject({ name: 'Runner', status: 'in_use', is_default: false, look });
    const b = await add(user, 'Second');
    expect(b.data.status).toBe('alternative');
    const p = await page(user);
    expect(p.total).toBe(3);
    expect(inUse(p).map((x) => x.id)).toEqual([a.data.id]);
    expect(p.custom_count).toBe(2);
    expect(p.allowance).toBe(3);

    // Switch, rename and change the look.
    const sw = await post('/api/avatar/set_avatar_status', { id: b.data.id, status: 'in_use' }, user);
    expect(body<AvatarItem>(sw).data.status).toBe('in_use');
    expect(inUse(await page(user)).map((x) => x.id)).toEqual([b.data.id]);
    const up = await post('/api/avatar/up_avatar', { id: b.data.id, name: 'Renamed', look: { ...look, body: 'broad' } }, user);
    expect(body<AvatarItem>(up).data).toMatchObject({ name: 'Renamed', look: { body: 'broad' } });
  });

  it('keeps one in use through alternative, delete and the default; hides other users’ avatars', async () => {
    const user = await shopper(t);
    const other = await shopper(t);
    const a = (await add(user, 'A')).data;
    const b = (await add(user, 'B')).data;
    const def = (await page(user)).list.find((x) => x.is_default);
    if (!def) throw new Error('no default');

    // Setting the one in use to alternative hands over to the newest other.
    await post('/api/avatar/set_avatar_status', { id: a.id, status: 'alternative' }, user);
    expect(inUse(await page(user)).map((x) => x.id)).toEqual([b.id]);
    // Deleting the one in use hands over too.
    expect(body(await post('/api/avatar/del_avatar', { id: b.id }, user)).code).toBe(200);
    expect(inUse(await page(user)).map((x) => x.id)).toEqual([a.id]);
    expect(body(await post('/api/avatar/del_avatar', { id: a.id }, user)).code).toBe(200);
    expect(inUse(await page(user)).map((x) => x.id)).toEqual([def.id]);
    // The default stays, and is the only one: it cannot be set aside.
    const keep = await post('/api/avatar/del_avatar', { id: def.id }, user);
    expect(keep.statusCode).toBe(409);
    expect(body(keep).code).toBe(40980);
    expect(body(keep).message).toBe('The default avatar cannot be deleted');
    const only = await post('/api/avatar/set_avatar_status', { id: def.id, status: 'alternative' }, user);
    expect(body(only).code).toBe(40982);

    // Someone else's avatar does not exist for this user.
    const theirs = (await add(other, 'Theirs')).data;
    for (const [url, payload] of [
      ['/api/avatar/up_avatar', { id: theirs.id, name: 'x' }],
      ['/api/avatar/del_avatar', { id: theirs.id }],
      ['/api/avatar/set_avatar_status', { id: theirs.id, status: 'in_use' }],
    ] as const) {
      const res = await post(url, payload, user);
      expect(res.statusCode, url).toBe(404);
    }
    expect(inUse(await page(other)).map((x) => x.id)).toEqual([theirs.id]);
  });

  it('leaves exactly one in use under 20 parallel set_avatar_status calls', async () => {
    const user = await shopper(t, { roles: ['admin'] });
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await add(user, `P${i}`)).data.id);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('/api/avatar/set_avatar_status', { id: ids[i % ids.length], status: i % 3 === 2 ? 'alternative' : 'in_use' }, user),
      ),
    );
    for (const r of replies) expect([200, 409]).toContain(r.statusCode);
    expect(replies.filter((r) => r.statusCode === 200).length).toBeGreaterThan(0);
    const p = await page(user);
    expect(inUse(p)).toHaveLength(1);
  });

  it('refuses custom avatars over the allowance, naming the limit; admins are unlimited', async () => {
    const free = await shopper(t, { vip_date: null });
    expect((await page(free)).allowance).toBe(1);
    expect((await add(free, 'One')).code).toBe(200);
    const over = await post('/api/avatar/add_avatar', { name: 'Two', look }, free);
    expect(over.statusCode).toBe(413);
    expect(body(over).code).toBe(41310);
    expect(body(over).message).toBe('Your plan allows 1 custom avatar(s): delete one first');
    const zh = await post('/api/avatar/add_avatar', { name: 'Two', look }, free, 'zh');
    expect(body(zh).message).toContain('1 个自定义形象');

    const member = await shopper(t);
    for (let i = 0; i < 3; i++) expect((await add(member, `M${i}`)).code).toBe(200);
    expect(body(await post('/api/avatar/add_avatar', { name: 'M4', look }, member)).code).toBe(41310);
    // Parallel creations never pass the limit.
    const racer = await shopper(t);
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post('/api/avatar/add_avatar', { name: `R${i}`, look }, racer)),
    );
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect((await page(racer)).custom_count).toBe(3);

    const admin = await shopper(t, { roles: ['admin'] });
    for (let i = 0; i < 5; i++) expect((await add(admin, `A${i}`)).code).toBe(200);
    expect((await page(admin)).allowance).toBeNull();
  });

  it('stores a real PNG or JPEG preview and refuses anything else', async () => {
    const user = await shopper(t);
    const a = (await add(user, 'Pic')).data;
    const send = (id: number, name: string, content: Buffer, who: Shopper = user) => {
      const m = multipartFile(name, content, 'image/png');
      return app.inject({
        method: 'POST',
        url: `/api/avatar/up_avatar_preview?id=${id}`,
        payload: m.payload,
        headers: { ...m.headers, ...who.headers },
      });
    };
    const ok = await send(a.id, 'preview.png', await png(300, 400));
    expect(ok.statusCode).toBe(200);
    const item = body<AvatarItem>(ok).data;
    expect(item.preview).toMatch(/^\/api\/files\/public\/avatar-previews\/\d+\/\d+-[a-f0-9]+\.png$/);
    const file = await app.inject({ url: item.preview ?? '' });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 300, height: 400 });

    const jpeg = await sharp(await png(2000, 1000))
      .jpeg()
      .toBuffer();
    const big = body<AvatarItem>(await send(a.id, 'p.jpg', jpeg)).data;
    const stored = await sharp((await app.inject({ url: big.preview ?? '' })).rawPayload).metadata();
    expect(stored.width).toBe(1024);
    // The earlier preview is gone.
    expect((await app.inject({ url: item.preview ?? '' })).statusCode).toBe(404);

    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    const bad = await send(a.id, 'fake.png', fake);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).code).toBe(40080);
    const gif = await sharp(await png())
      .gif()
      .toBuffer();
    expect(body(await send(a.id, 'x.gif', gif)).code).toBe(40080);
    const other = await shopper(t);
    expect((await send(a.id, 'p.png', await png(), other)).statusCode).toBe(404);
    const tooBig = await send(a.id, 'p.png', Buffer.alloc(3 * 1024 * 1024, 1));
    expect(tooBig.statusCode).toBe(413);
  });

  it('looksFor answers the look in use, or the default look of users without avatars', async () => {
    const user = await shopper(t);
    const never = await shopper(t);
    const a = (await add(user, 'Seen')).data;
    const service = createAvatarsService({
      db: t.database.db,
      storage: { signedUrl: async (k: string) => `/signed/${k}` } as never,
      jobs: { byIds: async () => [] } as never,
      allowance: async () => null,
      urlTtlSeconds: 60,
    });
    const looks = await service.looksFor([user.id, never.id, user.id]);
    expect(looks.size).toBe(2);
    expect(looks.get(user.id)).toEqual({ kind: 'parametric', look: a.look });
    expect(looks.get(never.id)).toEqual({ kind: 'parametric', look: defaultLookFor(never.id) });
  });
});

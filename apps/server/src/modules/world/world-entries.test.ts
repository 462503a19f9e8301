import { ErrorCode } from '@xr/contract/errors';
import { type MetaWorldCard, type WorldEntry, WorldEvent } from '@xr/contract/world';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { body, makeProject, type Shopper, shopper } from '../../../test/commerce';
import { ask, makeModelScene, makeSceneProject } from '../../../test/world';
import {
  addWorld,
  admin,
  alice,
  author,
  bob,
  call,
  carol,
  connect,
  enter,
  get,
  post,
  projectId,
  t,
  useWorldApp,
} from './world.test-kit';

// The meta world's entries and who gets in: administration, passwords, guest names, bans, a room's scene.
useWorldApp();

describe('entries (admin /explore/list and /meta)', () => {
  it('needs the permission; validates the weight both ways; bounds ids', async () => {
    expect((await call('GET', '/explore/world_page')).statusCode).toBe(401);
    expect((await call('GET', '/explore/world_page', alice)).statusCode).toBe(403);
    const heavy = await call('POST', '/explore/add_world', author, { name: 'X', project_id: projectId, weight: 1000 });
    expect(heavy.statusCode).toBe(400);
    expect(body(heavy).message).toBe('Weight must be a whole number from 0 to 999');
    expect((await call('POST', '/explore/add_world', author, { name: 'X', project_id: 2 ** 31 })).statusCode).toBe(400);
    expect((await call('GET', `/meta/world_details?id=${2 ** 31}`)).statusCode).toBe(400);
    expect((await call('POST', '/explore/add_world', author, { name: 'a\u0000b', project_id: projectId })).statusCode).toBe(400);
  });

  it('refuses a project the author may not use (someone else’s unpublished, or no scene)', async () => {
    const other = await makeSceneProject(t, alice.id, { published: false });
    const r = await post('/explore/add_world', author, { name: 'X', project_id: other.id });
    expect(r.code).toBe(ErrorCode.WORLD_PROJECT_UNUSABLE);
    const plain = await makeProject(t, author.id);
    expect((await post('/explore/add_world', author, { name: 'X', project_id: plain.id })).code).toBe(
      ErrorCode.WORLD_PROJECT_UNUSABLE,
    );
    // Someone else's published scene is fine.
    const published = await makeSceneProject(t, alice.id);
    expect((await post('/explore/add_world', author, { name: 'Y', project_id: published.id })).code).toBe(200);
  });

  it('lists, edits, hides secrets publicly and deletes; creators manage only their own', async () => {
    const e = await addWorld({ name: 'Gallery', weight: 900, access: 'password', password: 'secret1', room_type: 'exhibition' });
    expect(e).toMatchObject({
      author_id: author.id,
      author_name: expect.any(String),
      account: author.email,
      weight: 900,
      online_users: 0,
      views: 0,
      average_online_time: 0,
      room_id: `world:${e.id}`,
      has_password: true,
      scene_kind: 'scene',
      capacity: 50,
    });
    expect(e.invite_token).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const page = await get<{ list: WorldEntry[]; total: number }>('/explore/world_page?keyword=Gallery', author);
    expect(page.data.list.map((x) => x.id)).toContain(e.id);
    // Another creator does not see or edit it; an admin does.
    const other = await shopper(t, { roles: ['creator'] });
    expect((await get<{ list: WorldEntry[] }>('/explore/world_page', other)).data.list).toHaveLength(0);
    expect((await post('/explore/up_world', other, { id: e.id, weight: 1 })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await get<{ list: WorldEntry[] }>('/explore/world_page?keyword=Gallery', admin)).data.list.length).toBeGreaterThan(0);
    const up = await post<WorldEntry>('/explore/up_world', author, {
      id: e.id,
      weight: 999,
      name: 'Gallery 2',
      new_invite: true,
    });
    expect(up.data).toMatchObject({ weight: 999, name: 'Gallery 2' });
    expect(up.data.invite_token).not.toBe(e.invite_token);
    // /meta: weight first, no password or invite data.
    const meta = await get<{ list: MetaWorldCard[] }>('/meta/world_list');
    expect(meta.data.list[0]?.id).toBe(e.id);
    expect(JSON.stringify(meta.data)).not.toContain('invite_token');
    expect(JSON.stringify(meta.data)).not.toMatch(/has_password|password_hash|secret1/);
    const details = await get<{ project_id: number; scene_kind: string; is_host: boolean }>(
      `/meta/world_details?id=${e.id}`,
      author,
    );
    expect(details.data).toMatchObject({ project_id: projectId, scene_kind: 'scene', is_host: true });
    expect((await post('/explore/del_world', other, { id: e.id })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await post('/explore/del_world', author, { id: e.id })).code).toBe(200);
    expect((await call('GET', `/meta/world_details?id=${e.id}`)).statusCode).toBe(404);
  });

  it('switching to password access needs a password', async () => {
    const e = await addWorld();
    const r = await call('POST', '/explore/up_world', author, { id: e.id, access: 'password' });
    expect(r.statusCode).toBe(400);
    expect(body(r).message).toBe('Set a room password');
  });
});

describe('room passwords: one guessing budget per address and room, whichever way in', () => {
  const sceneOf = (payload: Record<string, unknown>) => call('POST', '/meta/world_scene', alice, payload);
  const budget = 20;

  it('fresh sockets do not reset it: the 21st wrong guess is refused with 429, the right password too until it refills', async () => {
    const e = await addWorld({ access: 'password', password: 'open sesame' });
    let socket = await connect(alice);
    for (let i = 1; i <= budget; i++) {
      // A new connection every 5 guesses (per-socket limits would start again from zero).
      if (i % 5 === 0) socket = await connect(alice);
      expect(await ask(socket, WorldEvent.join, { entry_id: e.id, password: `guess${i}` })).toMatchObject({
        ok: false,
        code: ErrorCode.WORLD_PASSWORD_WRONG,
      });
    }
    const fresh = await connect(alice);
    expect(await ask(fresh, WorldEvent.join, { entry_id: e.id, password: 'guess21' })).toMatchObject({
      ok: false,
      code: ErrorCode.RATE_LIMITED,
    });
    expect(await ask(fresh, WorldEvent.join, { entry_id: e.id, password: 'open sesame' })).toMatchObject({
      ok: false,
      code: ErrorCode.RATE_LIMITED,
    });
    // The HTTP scene call draws on the same budget (429 with a retry time).
    const http = await sceneOf({ entry_id: e.id, password: 'open sesame' });
    expect(http.statusCode).toBe(429);
    expect(Number(http.headers['retry-after'])).toBeGreaterThan(0);
    // Another room has its own budget.
    const other = await addWorld({ access: 'password', password: 'other door' });
    expect((await enter(fresh, { entry_id: other.id, password: 'other door' })).entry.id).toBe(other.id);
  });

  it('HTTP and socket guesses share one budget; right passwords do not use it up', async () => {
    const { projectId: withScene } = await makeModelScene(t, author.id);
    const e = await addWorld({ access: 'password', password: 'open sesame', project_id: withScene });
    const s = await connect(alice);
    // Right passwords, many times over: never limited.
    for (let i = 0; i < budget + 5; i++)
      expect((await sceneOf({ entry_id: e.id, password: 'open sesame' })).statusCode).toBe(200);
    for (let i = 0; i < budget / 2; i++) {
      expect(body(await sceneOf({ entry_id: e.id, password: `http${i}` })).code).toBe(ErrorCode.WORLD_PASSWORD_WRONG);
    }
    for (let i = 0; i < budget / 2; i++) {
      expect(await ask(s, WorldEvent.join, { entry_id: e.id, password: `sock${i}` })).toMatchObject({
        code: ErrorCode.WORLD_PASSWORD_WRONG,
      });
    }
    expect(body(await sceneOf({ entry_id: e.id, password: 'http-last' })).code).toBe(ErrorCode.RATE_LIMITED);
    expect(await ask(s, WorldEvent.join, { entry_id: e.id, password: 'sock-last' })).toMatchObject({
      code: ErrorCode.RATE_LIMITED,
    });
    // The room's host needs no password and is never limited.
    expect((await enter(await connect(author), { entry_id: e.id })).entry.id).toBe(e.id);
  });

  it('a parallel burst is held to the budget (each attempt is counted before the password is checked)', async () => {
    const e = await addWorld({ access: 'password', password: 'open sesame' });
    const sockets = await Promise.all(Array.from({ length: 6 }, () => connect(alice)));
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        ask<unknown>(sockets[i % sockets.length] as Socket, WorldEvent.join, { entry_id: e.id, password: `burst${i}` }, 20_000),
      ),
    );
    const codes = replies.map((r) => (r.ok ? 200 : r.code));
    expect(codes.filter((c) => c === ErrorCode.WORLD_PASSWORD_WRONG)).toHaveLength(budget);
    expect(codes.filter((c) => c === ErrorCode.RATE_LIMITED)).toHaveLength(60 - budget);
  });
});

describe('guest names', () => {
  it('a guest cannot take a registered account’s user name or forum name, however it is spelled; other names pass', async () => {
    const e = await addWorld({ access: 'public' });
    const staff = await shopper(t, { roles: ['admin'], username: `demo_admin_${Date.now() % 100000}` });
    const guest = await connect();
    // Case, surrounding spaces and full-width letters (NFKC) make no difference.
    const fullWidth = [...staff.username.toUpperCase()]
      .map((c) => (c >= '!' && c <= '~' ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c))
      .join('');
    for (const name of [staff.username, `  ${staff.username.toUpperCase()} `, fullWidth, staff.forum_name.toUpperCase()]) {
      expect(await ask(guest, WorldEvent.join, { entry_id: e.id, guest_id: 'guest-abcdefgh', guest_name: name })).toEqual({
        ok: false,
        code: ErrorCode.WORLD_GUEST_NAME_TAKEN,
        message: 'This name belongs to a registered account: choose another guest name, or sign in',
      });
    }
    const joined = await enter(guest, { entry_id: e.id, guest_id: 'guest-abcdefgh', guest_name: ' Harbour fan ' });
    const me = joined.members.find((m) => m.member_id === joined.member_id);
    expect(me).toMatchObject({ name: 'Harbour fan', user_id: null, guest_id: 'guest-abcdefgh' });
    // The account itself, signed in, is of course known by its name.
    const signedIn = await enter(await connect(staff), { entry_id: e.id, guest_name: 'ignored' });
    expect(signedIn.members.find((m) => m.member_id === signedIn.member_id)).toMatchObject({
      name: staff.username,
      user_id: staff.id,
    });
  });
});

describe('a room’s scene on a paid or unpublished project (POST /meta/world_scene)', () => {
  interface RoomScene {
    id: number;
    kind: string;
    access: string;
    document: { objects: unknown[] };
    media: Record<string, { urls: Record<string, string> }>;
  }
  const sceneOf = (who: Shopper | undefined, payload: Record<string, unknown>) => call('POST', '/meta/world_scene', who, payload);

  it('a visitor who has not bought the paid project gets the scene of a public room, viewer-quality signed URLs only', async () => {
    const { projectId: paid, assetId } = await makeModelScene(t, author.id, { price: 50 });
    // The market refuses her the project's scene (not bought, no anonymous preview)…
    expect((await call('GET', `/project/scene_details?id=${paid}`, alice)).statusCode).toBe(403);
    const e = await addWorld({ name: 'Paid hall', project_id: paid });
    // …the room shows it to her, and to a guest.
    for (const who of [alice, undefined]) {
      const r = await sceneOf(who, { entry_id: e.id });
      expect(r.statusCode, r.body).toBe(200);
      const scene = body<RoomScene>(r).data;
      expect(scene).toMatchObject({ id: paid, kind: 'scene', access: 'preview' });
      expect(scene.document.objects).toHaveLength(1);
      const urls = scene.media[String(assetId)]?.urls ?? {};
      // What the viewer draws (the processed model, its coarse version and its pictures), signed; never the uploaded original.
      expect(Object.keys(urls).sort()).toEqual(['model', 'model_coarse', 'preview', 'thumbnail']);
      expect(urls.model).toMatch(/statue-model\.glb.*(exp|expires|sig|X-Amz)/i);
      expect(urls.model_coarse).toMatch(/statue-model_coarse\.glb.*(exp|expires|sig|X-Amz)/i);
      expect(JSON.stringify(scene)).not.toContain('statue-original');
    }
  });

  it('password, sign-in, invite and ban rules apply; unknown and hostile ids are refused', async () => {
    const { projectId } = await makeModelScene(t, author.id, { price: 20 });
    const locked = await addWorld({ name: 'Secret', project_id: projectId, access: 'password', password: 'open123' });
    const stranger = await sceneOf(bob, { entry_id: locked.id });
    expect(body(stranger).code).toBe(ErrorCode.WORLD_PASSWORD_WRONG);
    expect(JSON.stringify(body(stranger))).not.toContain('document');
    expect(body(await sceneOf(bob, { entry_id: locked.id, password: 'wrong12' })).code).toBe(ErrorCode.WORLD_PASSWORD_WRONG);
    expect((await sceneOf(bob, { entry_id: locked.id, password: 'open123' })).statusCode).toBe(200);
    // The room's author needs no password.
    expect((await sceneOf(author, { entry_id: locked.id })).statusCode).toBe(200);
    const members = await addWorld({ name: 'Members', project_id: projectId, access: 'signed_in' });
    expect(body(await sceneOf(undefined, { entry_id: members.id })).code).toBe(ErrorCode.WORLD_SIGN_IN_REQUIRED);
    expect((await sceneOf(carol, { entry_id: members.id })).statusCode).toBe(200);
    const invited = await addWorld({ name: 'Invited', project_id: projectId, access: 'invite' });
    expect(body(await sceneOf(carol, { entry_id: invited.id, invite: 'nope' })).code).toBe(ErrorCode.WORLD_INVITE_INVALID);
    expect((await sceneOf(carol, { entry_id: invited.id, invite: invited.invite_token })).statusCode).toBe(200);
    // Banned from the room: no scene either.
    const pub = await addWorld({ name: 'Ban hall', project_id: projectId });
    const h = await connect(author);
    const c = await connect(carol);
    await enter(h, { entry_id: pub.id });
    const jc = await enter(c, { entry_id: pub.id });
    expect(await ask(h, WorldEvent.host, { action: 'ban', member_id: jc.member_id })).toMatchObject({ ok: true });
    expect(body(await sceneOf(carol, { entry_id: pub.id })).code).toBe(ErrorCode.WORLD_BANNED);
    expect(body(await sceneOf(carol, { entry_id: 2 ** 30 })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await sceneOf(carol, { entry_id: 2 ** 31 })).statusCode).toBe(400);
    expect((await sceneOf(carol, { entry_id: pub.id, password: 'a\u0000b'.repeat(100) })).statusCode).toBe(400);
  });

  it('a room on the author’s unpublished project shows its draft to the room’s visitors', async () => {
    const { projectId } = await makeModelScene(t, author.id, { published: false });
    expect((await call('GET', `/project/scene_details?id=${projectId}`, alice)).statusCode).toBe(404);
    const e = await addWorld({ name: 'Preview room', project_id: projectId });
    const r = await sceneOf(alice, { entry_id: e.id });
    expect(r.statusCode, r.body).toBe(200);
    expect(body<RoomScene>(r).data).toMatchObject({ id: projectId, kind: 'scene' });
  });
});

describe('lifting a ban (/explore/ban_page, /explore/unban)', () => {
  it('lists an entry’s bans for its managers; an unban lets the person in again, once, audited', async () => {
    const e = await addWorld({ name: 'Ban list' });
    const h = await connect(author);
    const c = await connect(carol);
    await enter(h, { entry_id: e.id });
    const jc = await enter(c, { entry_id: e.id });
    expect(await ask(h, WorldEvent.host, { action: 'ban', member_id: jc.member_id })).toMatchObject({ ok: true });
    const bans = await get<{ list: { user_id: number; account: string; banned_by: number }[]; total: number }>(
      `/explore/ban_page?entry_id=${e.id}`,
      author,
    );
    expect(bans.data.total).toBe(1);
    expect(bans.data.list[0]).toMatchObject({ user_id: carol.id, account: carol.email, banned_by: author.id });
    // Other creators see nothing of it and cannot lift it; visitors lack the permission.
    const other = await shopper(t, { roles: ['creator'] });
    expect((await get(`/explore/ban_page?entry_id=${e.id}`, other)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await post('/explore/unban', other, { entry_id: e.id, user_id: carol.id })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await call('POST', '/explore/unban', alice, { entry_id: e.id, user_id: carol.id })).statusCode).toBe(403);
    expect((await call('GET', `/explore/ban_page?entry_id=${2 ** 31}`, author)).statusCode).toBe(400);
    // Two admins lift it at once: one succeeds, the other hears it is gone; one audit entry.
    const both = await Promise.all([
      post('/explore/unban', author, { entry_id: e.id, user_id: carol.id }),
      post('/explore/unban', admin, { entry_id: e.id, user_id: carol.id }),
    ]);
    expect(both.map((r) => r.code).sort()).toEqual([200, ErrorCode.NOT_FOUND].sort());
    const entries = (
      await get<{ list: { after: Record<string, unknown> | null }[] }>(
        `/logs_list?action=world.member_unban&target_type=user&target_id=${carol.id}`,
        admin,
      )
    ).data.list.filter((x) => x.after?.entry_id === e.id);
    expect(entries).toHaveLength(1);
    expect((await get<{ total: number }>(`/explore/ban_page?entry_id=${e.id}`, author)).data.total).toBe(0);
    await enter(c, { entry_id: e.id });
  });
});

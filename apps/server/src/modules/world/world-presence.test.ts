import {
  type OnlineUserRow,
  type WorldChatMessage,
  type WorldEntry,
  WorldEvent,
  type WorldRemovedEvent,
} from '@xr/contract/world';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shopper } from '../../../test/commerce';
import { ask, next } from '../../../test/world';
import { createChatService } from './chat.service';
import { createPresenceService } from './presence.service';
import { worldVisits } from './world.table';
import { addWorld, admin, alice, author, bob, call, connect, enter, get, post, seat, t, useWorldApp } from './world.test-kit';

// Presence statistics, visits of stopped processes, chat records and the audit of world actions.
useWorldApp();

/** Moves the start of a visit `ms` into the past. */
const backdateVisit = (memberId: number, ms: number) =>
  t.database.db
    .update(worldVisits)
    .set({ joinedAt: new Date(Date.now() - ms) })
    .where(eq(worldVisits.id, memberId));

describe('presence statistics', () => {
  it('closes visits on disconnect and counts views, online time and averages', async () => {
    const e = await addWorld();
    const a = await connect(alice);
    const ja = await enter(a, { entry_id: e.id });
    // Pretend the visit started 100 s ago.
    await backdateVisit(ja.member_id, 100_000);
    const online = await get<{ list: OnlineUserRow[] }>(`/explore/online_page?entry_id=${e.id}&online=true`, author);
    expect(online.data.list[0]?.total_online_time).toBeGreaterThanOrEqual(100);
    a.disconnect();
    await expect
      .poll(async () => (await t.database.db.select().from(worldVisits).where(eq(worldVisits.id, ja.member_id)))[0]?.leftAt)
      .toBeTruthy();
    const b = await connect(alice);
    const jb = await enter(b, { entry_id: e.id });
    await backdateVisit(jb.member_id, 50_000);
    await ask(b, WorldEvent.leave, {});
    const entry = (await get<{ list: WorldEntry[] }>(`/explore/world_page?keyword=Hall&limit=100`, author)).data.list.find(
      (x) => x.id === e.id,
    );
    expect(entry).toMatchObject({ views: 2, online_users: 0 });
    expect(entry?.average_online_time).toBeGreaterThanOrEqual(75);
    expect(entry?.average_online_time).toBeLessThanOrEqual(77);
    const rows = await get<{ list: OnlineUserRow[] }>(`/explore/online_page?entry_id=${e.id}`, author);
    const row = rows.data.list.find((r) => r.user_id === alice.id);
    expect(row?.total_online_time).toBeGreaterThanOrEqual(150);
    expect(row?.total_online_time).toBeLessThanOrEqual(152);
    expect(row?.online).toBe(false);
    expect(new Date(row?.first_login ?? 0).getTime()).toBeLessThan(new Date(row?.last_login ?? 0).getTime());
    // Date filter: nobody logged in tomorrow.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await get<{ total: number }>(`/explore/online_page?entry_id=${e.id}&date_from=${tomorrow}`, author)).data.total).toBe(
      0,
    );
    expect((await call('GET', '/explore/online_page?date_from=2026-13-45', author)).statusCode).toBe(400);
  });

  it('an admin kicks from the online list', async () => {
    const e = await addWorld();
    const a = await connect(alice);
    await enter(a, { entry_id: e.id });
    const removed = next<WorldRemovedEvent>(a, WorldEvent.removed);
    expect((await post<{ kicked: number }>('/explore/kick', author, { entry_id: e.id, user_id: alice.id })).data.kicked).toBe(1);
    expect((await removed).reason).toBe('admin_kick');
    expect((await call('POST', '/explore/kick', alice, { entry_id: e.id, user_id: alice.id })).statusCode).toBe(403);
  });

  it('a restarted process closes the visits it held; a silent process is swept by the others', async () => {
    const e = await addWorld();
    const a = await connect(alice);
    const ja = await enter(a, { entry_id: e.id });
    const unused = async (): Promise<never> => {
      throw new Error('unused');
    };
    const deps = {
      db: t.database.db,
      entries: { admit: unused, detailsOf: unused },
      chat: createChatService({ db: t.database.db }),
      users: { contacts: async () => new Map() },
      lookFor: async () => new Map(),
    };
    // Same node id as the running app: as after a restart.
    const restarted = createPresenceService(deps);
    const stop = await restarted.startNode('world-test', { beatMs: 60_000 });
    const [v] = await t.database.db.select().from(worldVisits).where(eq(worldVisits.id, ja.member_id));
    expect(v?.leftAt).not.toBeNull();
    expect(v?.seconds).toBeGreaterThanOrEqual(0);
    await stop();
    // A visit of a process that stopped beating is closed by another process's sweep.
    await t.database.db.insert(worldVisits).values({
      entryId: e.id,
      instance: 1,
      userId: bob.id,
      name: 'ghost',
      nodeId: 'crashed-node',
      socketId: 'gone',
    });
    const other = createPresenceService(deps);
    const stopOther = await other.startNode('other-node', { beatMs: 50, staleMs: 1000 });
    await expect
      .poll(async () => {
        const open = await t.database.db.select().from(worldVisits).where(eq(worldVisits.nodeId, 'crashed-node'));
        return open.every((x) => x.leftAt !== null);
      })
      .toBe(true);
    await stopOther();
  });
});

describe('admin chat delete reaches rooms; audited world actions', () => {
  interface AuditRow {
    action: string;
    actor: { id: number | null; name: string };
    target: { type: string; id: string; label: string };
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }
  const auditOf = async (action: string, targetType: string, targetId: number) =>
    (
      await get<{ list: AuditRow[] }>(
        `/logs_list?action=${action}&target_type=${targetType}&target_id=${targetId}&limit=50`,
        admin,
      )
    ).data.list;

  it('deleting records on /explore/chat-record-list pushes world:chat_removed to the open room, audited', async () => {
    const e = await addWorld({ name: 'Chatroom' });
    const a = await connect(alice);
    const b = await connect(bob);
    await enter(a, { entry_id: e.id });
    await enter(b, { entry_id: e.id });
    const m1 = await ask<WorldChatMessage>(a, WorldEvent.chat, { text: 'first' });
    await new Promise((r) => setTimeout(r, 1100));
    const m2 = await ask<WorldChatMessage>(a, WorldEvent.chat, { text: 'second' });
    if (!m1.ok || !m2.ok) throw new Error('chat refused');
    const removedSeen = next<{ ids: number[] }>(b, WorldEvent.chatRemoved);
    // Another creator cannot delete this room's messages (nothing goes, nothing is pushed).
    const stranger = await shopper(t, { roles: ['creator'] });
    expect((await post<{ deleted: number }>('/explore/del_chat_record', stranger, { ids: [m1.data.id] })).data.deleted).toBe(0);
    const del = await post<{ deleted: number }>('/explore/del_chat_record', author, { ids: [m1.data.id, m2.data.id] });
    expect(del.data.deleted).toBe(2);
    expect((await removedSeen).ids.sort()).toEqual([m1.data.id, m2.data.id].sort());
    // One audit entry per message, with what it said.
    const entries = await auditOf('world.chat_delete', 'world_chat', m1.data.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: { id: author.id },
      target: { type: 'world_chat', id: String(m1.data.id), label: 'Chatroom' },
      before: { entry_id: e.id, text: 'first', name: expect.any(String) },
    });
    // Deleting again: nothing deleted, no second entry.
    expect((await post<{ deleted: number }>('/explore/del_chat_record', author, { ids: [m1.data.id] })).data.deleted).toBe(0);
    expect(await auditOf('world.chat_delete', 'world_chat', m1.data.id)).toHaveLength(1);
  });

  it('add, edit and delete of entries, admin kick and persisted host actions write audit entries', async () => {
    const e = await addWorld({ name: 'Audited', access: 'password', password: 'secret1' });
    const added = await auditOf('world.entry_add', 'world_entry', e.id);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ actor: { id: author.id }, after: { name: 'Audited', access: 'password', weight: 0 } });
    expect(JSON.stringify(added[0])).not.toContain('secret1');
    await post('/explore/up_world', author, { id: e.id, weight: 7, password: 'secret2', new_invite: true });
    const [edited] = await auditOf('world.entry_update', 'world_entry', e.id);
    expect(edited).toMatchObject({
      before: { weight: 0 },
      after: { weight: 7, credential_changed: true, invite_renewed: true },
    });
    expect(JSON.stringify(edited)).not.toContain('secret2');
    await post('/explore/up_world', author, { id: e.id, access: 'public' });

    // In-room host actions that persist: role, ban, lock / unlock (by the host's account).
    const {
      sockets: [h, a, _b],
      joins: [, ja, jb],
    } = await seat(e.id, author, alice, bob);
    expect(await ask(h, WorldEvent.host, { action: 'role', member_id: ja.member_id, role: 'speaker' })).toMatchObject({
      ok: true,
    });
    const roles = (await auditOf('world.member_role', 'user', alice.id)).filter((x) => x.after?.entry_id === e.id);
    expect(roles[0]).toMatchObject({ actor: { id: author.id }, before: { role: 'visitor' }, after: { role: 'speaker' } });
    expect(await ask(h, WorldEvent.host, { action: 'ban', member_id: jb.member_id })).toMatchObject({ ok: true });
    const bans = (await auditOf('world.member_ban', 'user', bob.id)).filter((x) => x.after?.entry_id === e.id);
    expect(bans).toHaveLength(1);
    expect(await ask(h, WorldEvent.host, { action: 'lock' })).toMatchObject({ ok: true });
    expect(await ask(h, WorldEvent.host, { action: 'unlock' })).toMatchObject({ ok: true });
    expect(await auditOf('world.room_lock', 'world_entry', e.id)).toMatchObject([
      { before: { locked: false }, after: { locked: true } },
    ]);
    expect(await auditOf('world.room_unlock', 'world_entry', e.id)).toHaveLength(1);
    // A refused host action (not a host) writes nothing.
    expect(await ask(a, WorldEvent.host, { action: 'lock' })).toMatchObject({ ok: false });
    expect(await auditOf('world.room_lock', 'world_entry', e.id)).toHaveLength(1);

    // Admin kick from /explore/onlinelist.
    const removed = next<WorldRemovedEvent>(a, WorldEvent.removed);
    expect((await post<{ kicked: number }>('/explore/kick', admin, { entry_id: e.id, user_id: alice.id })).data.kicked).toBe(1);
    await removed;
    const kicks = (await auditOf('world.member_kick', 'user', alice.id)).filter((x) => x.after?.entry_id === e.id);
    expect(kicks).toMatchObject([{ actor: { id: admin.id }, after: { closed_visits: 1 } }]);

    // Delete.
    await post('/explore/del_world', author, { id: e.id });
    expect(await auditOf('world.entry_delete', 'world_entry', e.id)).toMatchObject([
      { before: { name: 'Audited' }, after: { closed_visits: expect.any(Number) } },
    ]);
  });
});

import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { thirdPartyRegisterBody, UserInfo, upInformationBody } from '@xr/contract/auth';
import { AVATAR_MAX_BYTES } from '@xr/contract/constants';
import { ErrorCode } from '@xr/contract/errors';
import { ROLE_NAMES } from '@xr/contract/permissions';
import { daysLeft, RENEWAL_REMINDER_DAYS_DEFAULT } from '@xr/contract/plans';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { iso } from '../../lib/http';
import type { Storage } from '../../lib/storage';
import type { UploadedFile } from '../../lib/upload';
import type { RbacService } from '../rbac/rbac.service';
import { renewalDue, vipActive } from './membership.service';
import { AVATAR_KINDS, isPublicKey, publicContentType, publicUrlOf, sniffKind } from './users.files';
import { assertFree, conflictOf } from './users.names';
import { createUsersRepository, type ProfileRow, publicCardSql } from './users.repository';

type UpInformation = z.output<typeof upInformationBody>;
type ThirdPartyProfile = z.output<typeof thirdPartyRegisterBody>;

/** What other users may see of an account (creator cards, commenters, reviewers). */
export interface PublicCard {
  id: number;
  name: string;
  avatar: string;
  introduction: string;
}

/** Roles sorted by weight: the built-in ones in contract order (admin first), then the others by name. */
function sortRoles(names: string[]): string[] {
  const rank = (n: string) => {
    const i = (ROLE_NAMES as readonly string[]).indexOf(n);
    return i === -1 ? ROLE_NAMES.length : i;
  };
  return [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * Profiles: the signed-in user's own (user info, names, introduction, avatar), the public files avatars are served
 * from, and what other modules show of an account: public and forum cards, names, contacts. Roles and permissions
 * of the user info come from the rbac service.
 */
export function createProfileService({
  db,
  rbac,
  storage,
  renewalReminderDays = RENEWAL_REMINDER_DAYS_DEFAULT,
}: {
  db: Db;
  rbac: RbacService;
  storage: Storage;
  /** Days before the membership ends when user_info starts asking for renewal (RENEWAL_REMINDER_DAYS). */
  renewalReminderDays?: number;
}) {
  const repo = createUsersRepository(db);

  async function userInfoOf(
    row: ProfileRow,
    known?: { roles: readonly string[]; permissions: Iterable<string> },
  ): Promise<UserInfo> {
    const access = known ?? (await rbac.accessOf(row.id));
    const roles = sortRoles([...access.roles]);
    return {
      id: row.id,
      username: row.username,
      name: row.username,
      avatar: publicUrlOf(row.avatar),
      role_name: roles[0] ?? '',
      roles,
      permissions: [...access.permissions].sort().map((http_path) => ({ http_path })),
      introduction: row.introduction,
      vip_date: iso(row.vipDate),
      vip_status: vipActive(row.vipDate),
      vip_days_left: daysLeft(row.vipDate),
      renewal_reminder: renewalDue(row.vipDate, renewalReminderDays),
      email: row.email,
      gender: row.gender,
      phone: row.phone,
      xp_value: row.xpValue,
      forum_name: row.forumName,
      invite_code: row.inviteCode,
      account_type: row.accountType,
      created_at: row.createdAt.toISOString(),
    };
  }

  return {
    // --- The signed-in user's own account ---

    /**
     * User info of spec section 3 "User", with roles and `{ http_path }` permissions; `access` is what the guard
     * already resolved for this request (saves a query).
     */
    async userInfo(userId: number, access?: { roles: readonly string[]; permissions: Iterable<string> }): Promise<UserInfo> {
      const row = await repo.profileById(userId);
      if (!row) throw notFound();
      return userInfoOf(row, access);
    },

    /** Changes user name, gender, phone or introduction (40902 when the user name is taken). */
    async updateInformation(userId: number, input: UpInformation): Promise<UserInfo> {
      if (input.username) await assertFree(repo, { username: input.username }, userId);
      const values = {
        ...(input.username !== undefined ? { username: input.username } : {}),
        ...(input.gender !== undefined ? { gender: input.gender } : {}),
        ...(input.phone !== undefined ? { phone: input.phone } : {}),
        ...(input.introduction !== undefined ? { introduction: input.introduction } : {}),
      };
      try {
        const row = Object.keys(values).length ? await repo.update(userId, values) : await repo.byId(userId);
        if (!row) throw notFound();
        return userInfoOf(row);
      } catch (err) {
        throw conflictOf(err) ?? err;
      }
    },

    /** Changes the forum name (40903 when taken). */
    async updateForumName(userId: number, forumName: string): Promise<UserInfo> {
      await assertFree(repo, { forumName }, userId);
      try {
        const row = await repo.update(userId, { forumName });
        if (!row) throw notFound();
        return userInfoOf(row);
      } catch (err) {
        throw conflictOf(err) ?? err;
      }
    },

    /** Completes the profile of an account made by third-party sign-in: names, gender, phone. */
    async completeThirdPartyProfile(userId: number, input: ThirdPartyProfile): Promise<UserInfo> {
      await assertFree(repo, { username: input.username, forumName: input.forum_name }, userId);
      try {
        const row = await repo.update(userId, {
          ...(input.username !== undefined ? { username: input.username } : {}),
          ...(input.forum_name !== undefined ? { forumName: input.forum_name } : {}),
          ...(input.gender !== undefined ? { gender: input.gender } : {}),
          ...(input.phone !== undefined ? { phone: input.phone } : {}),
        });
        if (!row) throw notFound();
        return userInfoOf(row);
      } catch (err) {
        throw conflictOf(err) ?? err;
      }
    },

    /** Stores a new avatar (jpg, png, webp or gif by content, at most AVATAR_MAX_BYTES) and answers its URL. */
    async uploadAvatar(userId: number, file: UploadedFile): Promise<{ avatar: string }> {
      const row = await repo.byId(userId);
      if (!row) throw notFound();
      if (file.buffer.length > AVATAR_MAX_BYTES) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, { field: 'file' });
      const kind = sniffKind(file.buffer);
      if (!kind || !AVATAR_KINDS.includes(kind)) throw new AppError(ErrorCode.FILE_TYPE_ILLEGAL, { field: 'file' });
      const key = `public/avatars/${userId}/${crypto.randomBytes(16).toString('hex')}.${kind}`;
      await storage.put(key, file.buffer, publicContentType(key).type);
      await repo.update(userId, { avatar: key });
      if (row.avatar.startsWith(`public/avatars/${userId}/`)) await storage.delete(row.avatar).catch(() => undefined);
      return { avatar: publicUrlOf(key) };
    },

    /** A file under `public/` (avatars and other public images), or null. Never anything outside `public/`. */
    async readPublicFile(key: string): Promise<{ stream: Readable; size: number; type: string; inline: boolean } | null> {
      if (!isPublicKey(key)) return null;
      const stat = await storage.stat(key);
      if (!stat) return null;
      const stream = await storage.get(key);
      if (!stream) return null;
      return { stream, size: stat.size, ...publicContentType(key) };
    },

    // --- What other modules show of an account ---

    /** Public cards (name, avatar URL, introduction) of live accounts, in one query; deleted accounts are absent. */
    async publicCards(ids: number[]): Promise<Map<number, PublicCard>> {
      const rows = await repo.cardsByIds([...new Set(ids)]);
      return new Map(
        rows.map((r) => [r.id, { id: r.id, name: r.username, avatar: publicUrlOf(r.avatar), introduction: r.introduction }]),
      );
    },

    /**
     * SQL of a public card for another module's query to embed (one query instead of a second trip for the
     * creators); `publicCardFrom` turns the value it reads into the card. `userIdRef` is a qualified column.
     */
    publicCardSql,
    /** The card of `id` from the value `publicCardSql` read (the unknown-creator card when the account is gone). */
    publicCardFrom(id: number, value: unknown): PublicCard {
      if (!Array.isArray(value)) return { id, name: '—', avatar: '', introduction: '' };
      const [name, avatar, introduction] = value as [string, string, string];
      return { id, name, avatar: publicUrlOf(avatar), introduction };
    },

    /** Forum names and avatar URLs of live accounts, in one query (the forum's posts); deleted accounts are absent. */
    async forumCards(ids: number[]): Promise<Map<number, { id: number; forum_name: string; avatar: string }>> {
      const rows = await repo.forumCardsByIds([...new Set(ids)]);
      return new Map(rows.map((r) => [r.id, { id: r.id, forum_name: r.forumName, avatar: publicUrlOf(r.avatar) }]));
    },

    /** Live accounts with these forum names (case-insensitive): the forum's @mentions. */
    async byForumNames(names: string[]): Promise<{ id: number; forum_name: string }[]> {
      const rows = await repo.idsByForumNames([...new Set(names)]);
      return rows.map((r) => ({ id: r.id, forum_name: r.forumName }));
    },

    /**
     * Whether a display name is a live account's user name or forum name, compared trimmed, NFKC-normalised and
     * case-insensitively (so a guest cannot pass for a member, e.g. staff, under a look-alike spelling).
     */
    async nameInUse(name: string): Promise<boolean> {
      const folded = name.normalize('NFKC').trim().toLowerCase();
      return folded ? repo.nameInUse(folded) : false;
    },

    /** Ids of live, active accounts (all, among `ids`, or an organisation admin's members): pushed messages' audiences. */
    async activeIds(f: { ids?: number[]; memberOf?: number } = {}): Promise<number[]> {
      return repo.activeIds(f);
    },

    /** Name and email of live accounts, in one query (admin lists such as /system/capacity); deleted accounts are absent. */
    async contacts(ids: number[]): Promise<Map<number, { name: string; email: string }>> {
      const rows = await repo.contactsByIds([...new Set(ids)]);
      return new Map(rows.map((r) => [r.id, { name: r.username, email: r.email }]));
    },

    /** Email of a live account (the invoice shows it), in the caller's transaction when one is passed. */
    async emailOf(id: number, tx?: DbOrTx): Promise<string | undefined> {
      return (await repo.byId(id, tx ?? db))?.email;
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;

import type { Page } from '@xr/contract/common';
import { ErrorCode } from '@xr/contract/errors';
import type { Lang } from '@xr/contract/lang';
import { translateMessage } from '@xr/contract/messages';
import { PUSH_INLINE_MAX, type PushKind, type PushMessageBody, type PushRecord } from '@xr/contract/station';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { JobQueue } from '../../lib/jobs';
import type { AuditRecorder } from '../audit/audit.service';
import type { MessagesService } from '../messages/messages.service';
import type { RbacService } from '../rbac/rbac.service';
import type { ProfileService } from '../users/profile.service';
import { createStationRepository, type PushRow } from './station.repository';

export const PUSH_DELIVERY_JOB = 'station.deliver';
const BATCH = 1000;

/** The sender as routes hand them in. */
export interface PushActor {
  id: number;
  name?: string;
  roles: readonly string[];
  ip?: string;
  requestId?: string;
}

/** The system message key of a push kind (`msgPushNotice`…), rendered with `{ content }` in the reader's language. */
export const pushMessageKey = (kind: PushKind) => `msgPush${kind.charAt(0).toUpperCase()}${kind.slice(1)}`;

function out(r: PushRow): PushRecord {
  return {
    id: r.id,
    kind: r.kind,
    content: r.content,
    audience: r.audience,
    role: r.role,
    sender: r.senderName,
    recipients: r.recipients,
    delivered: r.delivered,
    status: r.status,
    created_at: r.createdAt.toISOString(),
  };
}

/**
 * System messages pushed by administrators (/stationletter). Admins reach chosen accounts, everyone with a
 * role, or everyone; organisation and group admins only their own members (accounts registered with their invite
 * codes): "everyone" means their members and chosen accounts outside them are left out. Up to PUSH_INLINE_MAX
 * recipients are delivered in the call's transaction; larger audiences by a background job in batches of 1,000, the
 * record showing how far it got. Each recipient's open pages are told at once (realtime), and the push is audited.
 */
export function createStationService(deps: {
  db: Db;
  users: ProfileService;
  rbac: RbacService;
  messages: MessagesService;
  jobs: JobQueue;
  audit?: AuditRecorder;
}) {
  const { db, users, rbac, messages, jobs, audit } = deps;
  const repo = createStationRepository(db);
  const isAdmin = (a: PushActor) => a.roles.includes('admin');

  /** Who a push reaches, resolved when it is sent and again by a background delivery. */
  async function recipientsOf(p: Pick<PushRow, 'audience' | 'role' | 'userIds' | 'memberOf'>): Promise<number[]> {
    const memberOf = p.memberOf ?? undefined;
    if (p.audience === 'users') return users.activeIds({ ids: p.userIds ?? [], memberOf });
    if (p.audience === 'role') {
      const role = (await rbac.listRoles()).find((r) => r.name === p.role);
      if (!role) return [];
      return users.activeIds({ ids: await rbac.userIdsWithRole(role.id), memberOf });
    }
    return users.activeIds({ memberOf });
  }

  async function deliver(push: PushRow, ids: number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += BATCH) {
      const batch = ids.slice(i, i + BATCH);
      await db.transaction(async (tx) => {
        await messages.sendMany(batch, pushMessageKey(push.kind), { content: push.content }, tx);
        await repo.delivered(tx, push.id, batch.length);
      });
    }
  }

  jobs.register<{ pushId: number }>(PUSH_DELIVERY_JOB, async (ctx) => {
    const push = await repo.byId(ctx.payload.pushId);
    if (!push || push.status === 'sent') return;
    // A retry after a crash starts after the recipients already reached (ids are delivered in ascending order).
    const ids = (await recipientsOf(push)).slice(push.delivered);
    await deliver(push, ids);
  });

  return {
    /** POST /message/push_message: answers the record and a message saying it was sent or is being sent. */
    async push(actor: PushActor, input: PushMessageBody, lang: Lang): Promise<{ push: PushRecord; message: string }> {
      if (!isAdmin(actor) && input.audience === 'role') throw new AppError(ErrorCode.FORBIDDEN);
      const spec = {
        audience: input.audience,
        role: input.audience === 'role' ? (input.role ?? null) : null,
        userIds: input.audience === 'users' ? [...new Set(input.user_ids ?? [])] : null,
        memberOf: isAdmin(actor) ? null : actor.id,
      };
      const ids = await recipientsOf(spec);
      if (ids.length === 0) throw new AppError(ErrorCode.VALIDATION, { field: 'audience', messageKey: 'pushNoRecipients' });
      const inline = ids.length <= PUSH_INLINE_MAX;
      // The record, its audit entry and (for a small audience) the messages themselves commit together.
      const row = await db.transaction(async (tx) => {
        const created = await repo.insert(
          {
            senderId: actor.id,
            senderName: actor.name ?? '',
            kind: input.kind,
            content: input.content.trim(),
            ...spec,
            recipients: ids.length,
          },
          tx,
        );
        await audit?.record(tx, {
          actor,
          action: 'message.push',
          target: { type: 'message_push', id: created.id, label: created.content.slice(0, 60) },
          after: { kind: created.kind, audience: created.audience, role: created.role, recipients: ids.length },
        });
        if (inline) {
          await messages.sendMany(ids, pushMessageKey(created.kind), { content: created.content }, tx);
          await repo.delivered(tx, created.id, ids.length);
        }
        return created;
      });
      if (inline) {
        const done = await repo.byId(row.id);
        return { push: out(done ?? row), message: translateMessage('pushSent', lang) };
      }
      await jobs.enqueue(PUSH_DELIVERY_JOB, { pushId: row.id });
      return { push: out(row), message: translateMessage('pushQueued', lang, { count: ids.length }) };
    },

    /** GET /message/push_page: every push for admins, one's own for organisation and group admins. */
    async page(actor: PushActor, q: { page: number; limit: number }): Promise<Page<PushRecord>> {
      const { rows, total } = await repo.page(isAdmin(actor) ? undefined : actor.id, q.limit, (q.page - 1) * q.limit);
      return { list: rows.map(out), total, page: q.page, limit: q.limit };
    },
  };
}
export type StationService = ReturnType<typeof createStationService>;

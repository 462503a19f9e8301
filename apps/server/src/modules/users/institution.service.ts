import type { Page } from '@xr/contract/common';
import { PRODUCT_NAME } from '@xr/contract/constants';
import { ErrorCode } from '@xr/contract/errors';
import type {
  InstitutionApplication,
  InstitutionApplyBody,
  InstitutionDecideBody,
  InstitutionPageQuery,
  InstitutionStatus,
} from '@xr/contract/institution';
import { institutionPageQuery } from '@xr/contract/institution';
import type { Lang } from '@xr/contract/lang';
import { translateMessage } from '@xr/contract/messages';
import { ROLE_OF_ACCOUNT_TYPE } from '@xr/contract/permissions';
import type { Db, DbOrTx } from '../../db/client';
import { uniqueViolationOf } from '../../db/unique-violation';
import type { AccessEvents } from '../../lib/access-events';
import { AppError } from '../../lib/errors';
import type { Mailer, MailMessage } from '../../lib/mailer';
import type { Storage } from '../../lib/storage';
import type { AuditActor, AuditRecorder } from '../audit/audit.service';
import type { MessagesService } from '../messages/messages.service';
import type { RbacService } from '../rbac/rbac.service';
import { createInstitutionRepository, type InstitutionListRow, type InstitutionRow } from './institution.repository';
import { CERTIFICATE_KEY } from './users.files';
import { createUsersRepository } from './users.repository';

/** How long an administrator's certificate link works. */
const CERTIFICATE_URL_SECONDS = 15 * 60;

/** An administrator deciding, as routes hand them in. */
export interface Decider extends AuditActor {
  id: number;
  name?: string;
}

/**
 * The outcome mail. The applicant's language is not stored with the account, so the mail carries all three
 * (Simplified Chinese first, the default); the system message is shown in the reader's own language.
 */
function outcomeMail(to: string, key: 'msgInstitutionApproved' | 'msgInstitutionRejected', reason: string): MailMessage {
  const langs: Lang[] = ['zh', 'tc', 'en'];
  const lines = langs.map((l) => translateMessage(key, l, { reason }));
  const subject = {
    msgInstitutionApproved: '机构申请已通过 / 機構申請已通過 / Organisation approved',
    msgInstitutionRejected: '机构申请未通过 / 機構申請未通過 / Organisation application not approved',
  }[key];
  const esc = (s: string) =>
    s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
  return {
    to,
    subject: `${PRODUCT_NAME}: ${subject}`,
    text: lines.join('\n\n'),
    html: `<div style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.6">${lines.map((l) => `<p>${esc(l)}</p>`).join('')}</div>`,
  };
}

/**
 * Organisation approval (/approval/institutional). Registration (accounts.register) files the first
 * application in its own transaction; this service lists them, decides them once (a conditional update: two
 * administrators deciding at once, one wins and the other gets 40950), gives the role on approval, records the
 * audit entry and the applicant's system message in the same transaction, then mails the outcome. A rejected
 * applicant may apply again with a new certificate.
 */
export function createInstitutionService(deps: {
  db: Db;
  rbac: RbacService;
  messages: MessagesService;
  mailer: Mailer;
  storage: Storage;
  access?: AccessEvents;
  audit?: AuditRecorder;
  log?: { warn(obj: unknown, msg?: string): void };
}) {
  const { db, rbac, messages, mailer, storage, access, audit, log } = deps;
  const repo = createInstitutionRepository(db);
  const usersRepo = createUsersRepository(db);

  async function out(r: InstitutionListRow): Promise<InstitutionApplication> {
    return {
      id: r.id,
      user_id: r.userId,
      username: r.username,
      email: r.email,
      forum_name: r.forumName,
      account_type: r.accountType,
      certificate_url: r.certificate ? await storage.signedUrl(r.certificate, CERTIFICATE_URL_SECONDS) : null,
      state: r.state,
      reason: r.reason,
      decider: r.deciderName,
      decided_at: r.decidedAt?.toISOString() ?? null,
      created_at: r.createdAt.toISOString(),
    };
  }

  async function applicant(userId: number) {
    const u = await usersRepo.byId(userId);
    return u && !u.deletedAt ? u : undefined;
  }

  async function status(userId: number): Promise<InstitutionStatus> {
    const r: InstitutionRow | undefined = await repo.latestOf(userId);
    return r
      ? {
          state: r.state,
          account_type: r.accountType,
          reason: r.reason,
          created_at: r.createdAt.toISOString(),
          decided_at: r.decidedAt?.toISOString() ?? null,
        }
      : null;
  }

  return {
    /** Files an application inside the registration's transaction (the certificate was checked there). */
    async file(userId: number, accountType: 'organisation' | 'group_admin', certificate: string | null, tx: DbOrTx) {
      await repo.insert({ userId, accountType, certificate }, tx);
    },

    /** GET /approval/institution_page. */
    async page(query: InstitutionPageQuery): Promise<Page<InstitutionApplication>> {
      const q = institutionPageQuery.parse(query);
      const { rows, total } = await repo.page(
        { state: q.state, keyword: q.keyword || undefined },
        q.limit,
        (q.page - 1) * q.limit,
      );
      return { list: await Promise.all(rows.map(out)), total, page: q.page, limit: q.limit };
    },

    /** POST /approval/institution_decide. */
    async decide(actor: Decider, input: InstitutionDecideBody): Promise<void> {
      const reason = input.state === 'rejected' ? (input.reason ?? '').trim() : '';
      const found = await repo.byId(input.id);
      if (!found) throw new AppError(ErrorCode.NOT_FOUND);
      const who = await applicant(found.userId);
      if (!who) throw new AppError(ErrorCode.NOT_FOUND);
      const decided = await db.transaction(async (tx) => {
        const row = await repo.decide(tx, input.id, {
          state: input.state,
          reason,
          deciderId: actor.id,
          deciderName: actor.name ?? '',
        });
        if (!row) throw new AppError(ErrorCode.ALREADY_DECIDED);
        if (row.state === 'approved') {
          await rbac.assignRolesByName(row.userId, [ROLE_OF_ACCOUNT_TYPE[row.accountType]], tx);
          // an individual creator who applied later becomes the account type they applied as
          await usersRepo.update(row.userId, { accountType: row.accountType, certificate: row.certificate }, tx);
        }
        await audit?.record(tx, {
          actor,
          action: row.state === 'approved' ? 'institution.approve' : 'institution.reject',
          target: { type: 'institution_application', id: row.id, label: who.username },
          before: { state: 'pending' },
          after: { state: row.state, reason: row.reason || undefined, account_type: row.accountType, user_id: row.userId },
        });
        const key = row.state === 'approved' ? 'msgInstitutionApproved' : 'msgInstitutionRejected';
        await messages.send(row.userId, key, { reason: row.reason }, tx);
        return row;
      });
      // The new role takes effect on the applicant's next request (the session guard forgets its cached access).
      access?.changed(decided.userId);
      const key = decided.state === 'approved' ? 'msgInstitutionApproved' : 'msgInstitutionRejected';
      await mailer.send(outcomeMail(who.email, key, decided.reason)).catch((err: unknown) => {
        log?.warn({ err, application: decided.id }, 'institution outcome mail failed');
      });
    },

    /** GET /user/institution_status: the signed-in account's newest application, or null. */
    status,

    /**
     * POST /user/institution_apply: a rejected applicant (or an individual creator) applies with a certificate.
     * Refused while an application is pending (one at a time, also under concurrent clicks: a unique index) or
     * after approval.
     */
    async apply(
      userId: number,
      input: InstitutionApplyBody,
      lang: Lang,
    ): Promise<{ status: InstitutionStatus; message: string }> {
      const certificate = input.certificate.trim();
      if (!CERTIFICATE_KEY.test(certificate) || !(await storage.stat(certificate))) {
        throw new AppError(ErrorCode.VALIDATION, { field: 'certificate', messageKey: 'certificateRequired' });
      }
      const latest = await repo.latestOf(userId);
      if (latest?.state === 'pending') throw new AppError(ErrorCode.CONFLICT, { messageKey: 'institutionStillPending' });
      if (latest?.state === 'approved') throw new AppError(ErrorCode.CONFLICT, { messageKey: 'institutionAlreadyApproved' });
      try {
        await repo.insert({ userId, accountType: input.account_type, certificate });
      } catch (err) {
        // the partial unique index: another click filed one a moment ago
        if (uniqueViolationOf(err) !== null) {
          throw new AppError(ErrorCode.CONFLICT, { messageKey: 'institutionStillPending' });
        }
        throw err;
      }
      return { status: await status(userId), message: translateMessage('institutionApplied', lang) };
    },
  };
}
export type InstitutionService = ReturnType<typeof createInstitutionService>;

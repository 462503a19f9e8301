import type { Page } from '@xr/contract/common';
import { ErrorCode } from '@xr/contract/errors';
import type { Lang } from '@xr/contract/lang';
import { translateMessage } from '@xr/contract/messages';
import {
  type AddTagBody,
  type AdminTag,
  addTagBody,
  type MergeTagBody,
  type tagPageQuery,
  type UpTagBody,
  upTagBody,
} from '@xr/contract/tags';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { uniqueViolationOf } from '../../db/unique-violation';
import { AppError } from '../../lib/errors';
import type { AuditActor, AuditRecorder } from '../audit/audit.service';
import { createProjectsRepository, type TagRow } from './projects.repository';
import type { ProjectsService } from './projects.service';

const namesOf = (t: TagRow) => ({ zh: t.nameZh, tc: t.nameTc, en: t.nameEn });
const summary = (t: TagRow) => ({ name: t.name, ...namesOf(t), enabled: t.enabled, sort: t.sort });

/**
 * The tag catalogue screen (/projecttag): list with usage counts, add, edit names / order / switch, close
 * and reopen, merge. Every change is audited in its transaction, clears the cached catalogue (market chips, cards,
 * the project form) and refreshes the search text of the projects carrying the tag (tag names are searchable).
 */
export function createTagsService(deps: { db: Db; projects: ProjectsService; audit?: AuditRecorder }) {
  const { db, projects, audit } = deps;
  const repo = createProjectsRepository(db);

  function out(t: TagRow, usage: number): AdminTag {
    return {
      id: t.id,
      name: t.name,
      names: namesOf(t),
      enabled: t.enabled,
      sort: t.sort,
      usage,
      created_at: t.createdAt.toISOString(),
    };
  }

  /** After a commit: caches forget the catalogue, projects carrying the tags are searchable by their new names. */
  async function changed(tagIds: number[], projectIds?: number[]): Promise<void> {
    projects.clearTagCache();
    const ids = projectIds ?? (await Promise.all(tagIds.map((id) => repo.projectIdsWithTag(id)))).flat();
    if (ids.length) await projects.refreshSearchText([...new Set(ids)]);
  }

  async function found(id: number): Promise<TagRow> {
    const t = await repo.tagById(id);
    if (!t) throw new AppError(ErrorCode.NOT_FOUND);
    return t;
  }

  /** POST /tag/up_tag: display names, order, switch (the key stays). */
  async function update(actor: AuditActor, input: UpTagBody): Promise<AdminTag> {
    const v = upTagBody.parse(input);
    const before = await found(v.id);
    const row = await db.transaction(async (tx) => {
      const updated = await repo.updateTag(
        v.id,
        {
          ...(v.names.zh !== undefined ? { nameZh: v.names.zh } : {}),
          ...(v.names.tc !== undefined ? { nameTc: v.names.tc } : {}),
          ...(v.names.en !== undefined ? { nameEn: v.names.en } : {}),
          ...(v.sort !== undefined ? { sort: v.sort } : {}),
          ...(v.enabled !== undefined ? { enabled: v.enabled } : {}),
        },
        tx,
      );
      if (!updated) throw new AppError(ErrorCode.NOT_FOUND);
      await audit?.record(tx, {
        actor,
        action: 'tag.update',
        target: { type: 'tag', id: updated.id, label: updated.name },
        before: summary(before),
        after: summary(updated),
      });
      return updated;
    });
    await changed([row.id]);
    return out(row, (await repo.tagUsage([row.id])).get(row.id) ?? 0);
  }

  return {
    /** GET /tag/tag_page. */
    async page(q: z.output<typeof tagPageQuery>): Promise<Page<AdminTag>> {
      const { rows, total } = await repo.tagPage(
        { keyword: q.keyword || undefined, enabled: q.enabled },
        q.limit,
        (q.page - 1) * q.limit,
      );
      const usage = await repo.tagUsage(rows.map((r) => r.id));
      return { list: rows.map((r) => out(r, usage.get(r.id) ?? 0)), total, page: q.page, limit: q.limit };
    },

    /** POST /tag/add_tag: a new key (409 on its field when taken, also under concurrent requests). */
    async add(actor: AuditActor, input: AddTagBody): Promise<AdminTag> {
      const v = addTagBody.parse(input);
      let row: TagRow;
      try {
        row = await db.transaction(async (tx) => {
          const created = await repo.insertTag(
            {
              name: v.name,
              nameZh: v.names.zh ?? '',
              nameTc: v.names.tc ?? '',
              nameEn: v.names.en ?? '',
              sort: v.sort,
              enabled: v.enabled,
            },
            tx,
          );
          await audit?.record(tx, {
            actor,
            action: 'tag.create',
            target: { type: 'tag', id: created.id, label: created.name },
            after: summary(created),
          });
          return created;
        });
      } catch (err) {
        if (uniqueViolationOf(err) !== null) throw new AppError(ErrorCode.CONFLICT, { field: 'name', messageKey: 'tagTaken' });
        throw err;
      }
      projects.clearTagCache();
      return out(row, 0);
    },

    update,

    /** POST /tag/set_tag: close (gone from chips and the form, kept on projects) or start again. */
    setEnabled(actor: AuditActor, id: number, enabled: boolean): Promise<AdminTag> {
      return update(actor, { id, enabled, names: {} });
    },

    /** POST /tag/merge_tag: every project carrying `from` carries `into` instead (once); `from` is removed. */
    async merge(actor: AuditActor, input: MergeTagBody, lang: Lang): Promise<{ moved: number; message: string }> {
      const from = await found(input.from_id);
      const into = await found(input.into_id);
      const moved = await db.transaction(async (tx) => {
        // the rows may have changed since they were read: both must still exist inside the transaction
        if (!(await repo.tagById(from.id, tx)) || !(await repo.tagById(into.id, tx))) throw new AppError(ErrorCode.NOT_FOUND);
        const ids = await repo.mergeTag(from.id, into.id, tx);
        await audit?.record(tx, {
          actor,
          action: 'tag.merge',
          target: { type: 'tag', id: into.id, label: into.name },
          before: { from: from.name, into: into.name },
          after: { projects: ids.length },
        });
        return ids;
      });
      await changed([into.id], moved);
      return { moved: moved.length, message: translateMessage('tagMerged', lang, { count: moved.length }) };
    },
  };
}
export type TagsService = ReturnType<typeof createTagsService>;

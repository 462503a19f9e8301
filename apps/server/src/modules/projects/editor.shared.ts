import type { AssetView, OwnProject } from '@xr/contract/creator';
import { jobFailureFacts, jobFailureMessage } from '@xr/contract/jobs';
import type { Lang } from '@xr/contract/lang';
import { centsToHkd } from '@xr/contract/money';
import { notFound } from '../../lib/errors';
import type { JobQueue, JobRow } from '../../lib/jobs';
import type { AssetRow } from './editor.repository';
import { canEdit, type Viewer } from './projects.policy';
import type { ProjectRow, ProjectsService } from './projects.service';

/*
 * What the creator side's services share (the editor, review, assets and questionnaires): the acting user, the
 * owner's view of a project, assets with their processing jobs, and the actor's own project.
 */

/** Who acts: a signed-in user. */
export type Actor = NonNullable<Viewer>;

/** The owner's (and reviewers') view of a project. */
export const ownOut = (r: ProjectRow): OwnProject => ({
  id: r.id,
  owner_id: r.ownerId,
  name: r.name,
  catalog: r.catalog,
  type: r.type,
  price: centsToHkd(r.priceCents),
  keywords: r.keywords,
  tag_ids: r.tagIds,
  description: r.description,
  cover: r.cover,
  images: r.images,
  for_sale: r.forSale,
  is_public: r.isPublic,
  anonymous_preview: r.anonymousPreview,
  review_status: r.reviewStatus,
  review_reason: r.reviewReason,
  sales_count: r.salesCount,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** Assets with their jobs; a failed job shows its reason code and its message in `lang`, never the raw error. */
export async function assetViews(jobs: Pick<JobQueue, 'byIds'>, rows: AssetRow[], lang: Lang): Promise<AssetView[]> {
  const jobRows = await jobs.byIds(rows.flatMap((a) => (a.jobId ? [a.jobId] : [])));
  const byId = new Map<number, JobRow>(jobRows.map((j) => [j.id, j]));
  return rows.map((a) => {
    const j = a.jobId ? byId.get(a.jobId) : undefined;
    return {
      id: a.id,
      project_id: a.projectId,
      kind: a.kind,
      filename: a.filename,
      bytes: a.bytes + a.outputBytes,
      status: a.status,
      job: j
        ? {
            id: j.id,
            status: j.status,
            progress: j.progress,
            reason: j.status === 'failed' ? (j.reason ?? 'processing_failed') : null,
            error:
              j.status === 'failed' ? jobFailureMessage(j.reason ?? 'processing_failed', lang, jobFailureFacts(j.result)) : null,
            result: j.result ?? null,
          }
        : null,
      created_at: a.createdAt.toISOString(),
    };
  });
}

/** The actor's own project (40401 for anyone else's, as for a missing one). */
export async function ownedBy(projects: Pick<ProjectsService, 'byId'>, actor: Actor, id: number): Promise<ProjectRow> {
  const row = await projects.byId(id);
  if (!row || !canEdit(actor, row)) throw notFound();
  return row;
}

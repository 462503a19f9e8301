import type { ReportBody } from '@xr/contract/market';
import type { Db } from '../../db/client';
import type { ProjectsService, Viewer } from '../projects/projects.service';
import { createReportsRepository } from './reports.repository';

/**
 * Reports of projects from the details page. One open report per user and project (reporting again updates
 * it), so repeated clicks do not flood the /ReportList screen.
 */
export function createReportsService({ db, projects }: { db: Db; projects: ProjectsService }) {
  const repo = createReportsRepository(db);
  return {
    /** POST /reports/set_reports: reports a project the user can see (others: 40401). */
    async report(actor: NonNullable<Viewer>, input: ReportBody): Promise<{ id: number }> {
      await projects.viewable(actor, input.project_id);
      const row = await repo.upsertOpen({
        projectId: input.project_id,
        userId: actor.id,
        reason: input.reason,
        content: input.content,
      });
      return { id: row.id };
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;

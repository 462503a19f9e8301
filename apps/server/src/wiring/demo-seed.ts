import type { AnyDocument } from '@xr/contract/scenes';
import {
  runSeedContent,
  SEED_CONTENT_JOB,
  type SeedContentHooks,
  type SeedContentPayload,
} from '@xr/demo-content/content/documents';
import { runSeedMedia, SEED_MEDIA_JOB, type SeedMediaDeps, type SeedMediaPayload } from '@xr/demo-content/content/media';
import { seedDemoContent } from '@xr/demo-content/seed';
import { AppError } from '../lib/errors';
import { type JobQueue, PermanentJobError } from '../lib/jobs';
import { createForumCache } from '../modules/forum/forum.cache';
import { createForumService } from '../modules/forum/forum.service';
import { createForumBoardsService } from '../modules/forum/forum-boards.service';
import type { MessagesService } from '../modules/messages/messages.service';
import { publicUrlOf } from '../modules/users/users.files';
import type { Accounts } from './accounts';
import type { Commerce } from './commerce';
import type { Core } from './core';

/**
 * The demo data of a first start (or with SEED_DEMO), made by the demo-content package: this builds the ports it
 * calls (the services, storage and job queue) and hands them over. Its generated content is queued as jobs, see
 * `registerDemoContentJobs`.
 */
export async function seedDemoData(
  core: Pick<Core, 'db' | 'config' | 'rbac' | 'storage' | 'jobs' | 'log'>,
  { accounts, commerce, messages }: { accounts: Accounts; commerce: Commerce; messages: MessagesService },
): Promise<void> {
  const { db, config, rbac, storage, jobs, log } = core;
  const { projects, market, checkout, notify, sandbox, wallet } = commerce;
  // The demo threads are posted in one go: no flood control for the seed (and no lists of its own to reuse).
  const cache = createForumCache();
  const forum = {
    boards: createForumBoardsService({ db, cache }).boards,
    ...createForumService({ db, users: accounts.profile, messages, projects, cache, postIntervalSeconds: 0 }),
  };
  await seedDemoContent({
    users: accounts.accounts,
    rbac,
    codes: accounts.codes,
    wallet,
    forum,
    profile: accounts.profile,
    projects,
    market,
    checkout,
    notify,
    sandbox,
    storage,
    publicUrl: publicUrlOf,
    log,
    media: { jobs, width: config.seedMediaWidth },
  });
}

/**
 * Registers the two background jobs of the demo catalogue's generated content (queued by the seed): the media (in the
 * pipeline's worker threads, attached as assets) and then the documents. A document the server refuses fails its job
 * for good (a bug of the generator, not a passing state), with the places the refusal names.
 */
export function registerDemoContentJobs(
  jobs: JobQueue,
  deps: Omit<SeedMediaDeps, 'jobs' | 'publicUrl'> & SeedContentHooks,
): void {
  const { saveDocument } = deps;
  const content = {
    ...deps,
    publicUrl: publicUrlOf,
    saveDocument:
      saveDocument &&
      (async (authorId: number, projectId: number, doc: AnyDocument) => {
        try {
          return await saveDocument(authorId, projectId, doc);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          const places = (err.errors ?? [{ field: err.field, messageKey: err.messageKey }]).map(
            (e) => `${e.field}: ${e.messageKey}`,
          );
          throw new PermanentJobError('processing_failed', `project ${projectId}: ${places.join('; ')}`, { cause: err });
        }
      }),
  };
  // Background work: creators' uploads are processed before it (see lib/jobs.ts).
  jobs.register<SeedContentPayload>(SEED_CONTENT_JOB, (ctx) => runSeedContent(content, ctx.payload), { background: true });
  jobs.register<SeedMediaPayload>(
    SEED_MEDIA_JOB,
    (ctx) =>
      runSeedMedia({ ...content, jobs }, ctx.payload, (p) => {
        ctx.progress(Math.round(p)).catch(() => undefined);
      }),
    { background: true },
  );
}

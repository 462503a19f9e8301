import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { SavedDemoContent } from '@xr/demo-content/content/documents';
import { resolveSeedModels } from '@xr/demo-content/content/scene-plan';
import { registerAvatarJobs } from '../modules/avatars/avatars.jobs';
import { avatarsRoutes } from '../modules/avatars/avatars.routes';
import { createAvatarsService } from '../modules/avatars/avatars.service';
import { libraryRoutes } from '../modules/library/library.routes';
import { createLibraryService } from '../modules/library/library.service';
import type { MessagesService } from '../modules/messages/messages.service';
import type { OrdersService } from '../modules/orders/orders.service';
import type { PlansService } from '../modules/plans/plans.service';
import { registerAssetJobs } from '../modules/projects/asset-jobs';
import { createAssetsService } from '../modules/projects/assets.service';
import { editorRoutes } from '../modules/projects/editor.routes';
import { createEditorService } from '../modules/projects/editor.service';
import { projectImagesRoutes } from '../modules/projects/images.routes';
import { createProjectImagesService } from '../modules/projects/images.service';
import type { ProjectsService } from '../modules/projects/projects.service';
import { createQuestionnairesService } from '../modules/projects/questionnaires.service';
import { createReviewService } from '../modules/projects/review.service';
import { scenesRoutes } from '../modules/projects/scenes.routes';
import { createScenesService } from '../modules/projects/scenes.service';
import { signedFilesRoutes } from '../modules/projects/signed-files.routes';
import { uploadsRoutes } from '../modules/projects/uploads.routes';
import { shareRoutes } from '../modules/share/share.routes';
import { createShareService } from '../modules/share/share.service';
import { storageRulesRoutes } from '../modules/system/storage-rules.routes';
import { createStorageRulesService } from '../modules/system/storage-rules.service';
import type { ProfileService } from '../modules/users/profile.service';
import type { Core, RegisterRoutes } from './core';
import { registerDemoContentJobs } from './demo-seed';

/**
 * Creator content: project images, the model library, scene documents, the editor and review, file types and
 * storage capacity, avatars and share links; their background jobs (asset conversion, avatars, the demo catalogue's
 * generated content) and routes.
 */
export async function wireContent(
  core: Pick<Core, 'db' | 'config' | 'storage' | 'jobs' | 'pipeline' | 'audit' | 'rbac' | 'origins' | 'log'>,
  deps: {
    profile: ProfileService;
    projects: ProjectsService;
    orders: OrdersService;
    plans: PlansService;
    messages: MessagesService;
    /** Opens the demo rooms of the meta world in the demo content just saved (the world is wired later). */
    openDemoRooms: (content: SavedDemoContent) => Promise<string[]>;
  },
) {
  const { db, config, storage, jobs, pipeline, audit, rbac, origins, log } = core;
  const { profile, projects, orders, plans, messages } = deps;
  const tmpDir = path.join(config.dataDir, 'tmp');
  const images = createProjectImagesService({ db, storage, tmpDir, log });
  // The model library: catalogue rows at once, generated files by background jobs or on first request.
  const library = createLibraryService({
    db,
    storage,
    pipeline,
    jobs,
    tmpDir,
    cacheMs: config.commerce.marketCacheSeconds * 1000,
    log,
    importDir: config.library.importDir,
  });
  library.registerJobs();
  if (config.library.seed) {
    const started = Date.now();
    const { inserted } = await library.ensureCatalogue();
    if (inserted > 0) log.info({ inserted, ms: Date.now() - started }, 'model library catalogue inserted');
  }
  if (config.library.prebuild) await library.startBackgroundBuild();
  // Scene documents: library models are placed by id and resolved to the library's public file URLs.
  const scenes = createScenesService({
    db,
    projects,
    users: profile,
    storage,
    jobs,
    library: library.sceneLookup,
    purchasedAmong: (userId, projectIds) => orders.purchasedAmong(userId, projectIds),
    urlTtlSeconds: config.uploads.urlTtlSeconds,
  });
  // The creator side: projects (/vrdata/*), their review, their files and delivery, questionnaires.
  const editor = createEditorService({
    db,
    audit,
    projects,
    users: profile,
    storage,
    images,
    hasBuyers: (projectId, tx) => orders.hasBuyers(projectId, tx),
    scenes,
    projectQuota: (userId) => plans.projectQuota(userId),
  });
  const review = createReviewService({ db, projects, users: profile, messages, jobs, scenes, audit });
  const assets = createAssetsService({
    db,
    projects,
    storage,
    jobs,
    scenes,
    purchased: async (userId, projectId) => (await orders.purchasedAmong(userId, [projectId])).has(projectId),
    urlTtlSeconds: config.uploads.urlTtlSeconds,
  });
  const questionnaires = createQuestionnairesService({ db, projects });
  // The demo catalogue's generated content (queued by the demo seed): tours and 3D scenes saved as published
  // documents, their models found in the library, 3D covers drawn by the pipeline's software renderer.
  registerDemoContentJobs(jobs, {
    editor: assets,
    storage,
    pipeline,
    log,
    width: config.seedMediaWidth,
    saveDocument: (authorId, projectId, doc) => scenes.saveDocument(authorId, projectId, doc, { publish: true }),
    libraryIds: () => resolveSeedModels((keys) => library.idsByKeys(keys)),
    openDemoRooms: deps.openDemoRooms,
    renderSceneCover: async (doc, outPath) => {
      // The software renderer (glTF-Transform, the thumbnail rasteriser) loads only when the seed job needs it.
      const { renderSceneCover } = await import('../lib/pipeline/scene-cover');
      await renderSceneCover(
        doc,
        async (source) => {
          if ('library_id' in source) return library.glbBytes(source.library_id);
          const key = (await assets.assetById(source.asset_id))?.outputs.model;
          const body = key ? await storage.get(key) : null;
          return body ? new Uint8Array(await buffer(body)) : null;
        },
        outPath,
      );
    },
  });
  const rules = createStorageRulesService({
    db,
    usedBytes: assets.usedBytes,
    usagePage: assets.usagePage,
    usageOf: assets.usageOf,
    contacts: profile.contacts,
    planStorage: (userIds) => plans.storageQuotas(userIds),
  });
  await rules.ensureDefaults();
  registerAssetJobs({ jobs, assets, storage, pipeline });
  // Avatars. `allowance` is the plans hook: custom avatars a user may keep (null = unlimited).
  const avatars = createAvatarsService({
    db,
    storage,
    jobs,
    urlTtlSeconds: config.uploads.urlTtlSeconds,
    // imported rigged characters are offered as avatars
    library,
    // The plan's custom-avatar quota, but everyone may keep one figure of their own; administrators are not limited.
    allowance: async (userId) =>
      (await rbac.accessOf(userId)).roles.includes('admin') ? null : Math.max(1, await plans.customAvatarAllowance(userId)),
  });
  registerAvatarJobs({ jobs, avatars, storage, pipeline });
  // Share links and embeds of public tours and 3D scenes: the card behind /api/share/info, /s/<id> and the viewer.
  const share = createShareService({ projects, scenes });

  const routes: RegisterRoutes = async (api) => {
    await api.register(storageRulesRoutes, { rules });
    await api.register(editorRoutes, { editor, review, assets, questionnaires });
    await api.register(scenesRoutes, { scenes });
    await api.register(projectImagesRoutes, { images });
    await api.register(uploadsRoutes, { assets, rules, storage, config, avatars });
    await api.register(signedFilesRoutes, { storage, secret: config.uploads.urlSecret });
    await api.register(libraryRoutes, { library });
    await api.register(avatarsRoutes, { avatars });
    await api.register(shareRoutes, { share, origins });
  };
  return { images, library, scenes, editor, review, assets, questionnaires, rules, avatars, share, routes };
}

export type Content = Awaited<ReturnType<typeof wireContent>>;

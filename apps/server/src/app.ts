import fs from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import multipart from '@fastify/multipart';
import { RealtimeEvent } from '@xr/contract/realtime';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { createAccessEvents } from './lib/access-events';
import { createMemoryCounters, createRedisCounters } from './lib/counters';
import { createJobQueue } from './lib/jobs';
import { logSerializers } from './lib/log-redact';
import { createMailer } from './lib/mailer';
import { createOriginPolicy } from './lib/origin';
import { createPaymentProvider } from './lib/payments';
import { createPipelinePool } from './lib/pipeline/pool';
import { createLocalStorage, createS3Storage } from './lib/storage';
import { startAuditRetention } from './modules/audit/audit.retention';
import { auditRoutes } from './modules/audit/audit.routes';
import { createAuditService } from './modules/audit/audit.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { cartRoutes } from './modules/cart/cart.routes';
import { createCartService } from './modules/cart/cart.service';
import { codesRoutes } from './modules/codes/codes.routes';
import { createCodesService } from './modules/codes/codes.service';
import { communityRoutes } from './modules/community/community.routes';
import { createCommunityService } from './modules/community/community.service';
import { forumRoutes } from './modules/community/forum.routes';
import { createForumService } from './modules/community/forum.service';
import { messagesRoutes } from './modules/community/messages.routes';
import { createMessagesService } from './modules/community/messages.service';
import { reportsRoutes } from './modules/community/reports.routes';
import { createReportsService } from './modules/community/reports.service';
import { stationRoutes } from './modules/community/station.routes';
import { createStationService } from './modules/community/station.service';
import { libraryRoutes } from './modules/library/library.routes';
import { createLibraryService } from './modules/library/library.service';
import { marketRoutes } from './modules/market/market.routes';
import { createMarketService } from './modules/market/market.service';
import { ordersRoutes } from './modules/orders/orders.routes';
import { createOrdersService } from './modules/orders/orders.service';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { createPaymentsService, sandboxSessionStore } from './modules/payments/payments.service';
import { registerAssetJobs } from './modules/projects/asset-jobs';
import { editorRoutes } from './modules/projects/editor.routes';
import { createEditorService } from './modules/projects/editor.service';
import { projectImagesRoutes } from './modules/projects/images.routes';
import { createProjectImagesService } from './modules/projects/images.service';
import { projectsRoutes } from './modules/projects/projects.routes';
import { createProjectsService } from './modules/projects/projects.service';
import { scenesRoutes } from './modules/projects/scenes.routes';
import { createScenesService } from './modules/projects/scenes.service';
import { signedFilesRoutes } from './modules/projects/signed-files.routes';
import { tagsRoutes } from './modules/projects/tags.routes';
import { createTagsService } from './modules/projects/tags.service';
import { uploadsRoutes } from './modules/projects/uploads.routes';
import { rbacRoutes } from './modules/rbac/rbac.routes';
import { createRbacService } from './modules/rbac/rbac.service';
import { storageRulesRoutes } from './modules/system/storage-rules.routes';
import { createStorageRulesService } from './modules/system/storage-rules.service';
import { createSystemRepository } from './modules/system/system.repository';
import { systemRoutes } from './modules/system/system.routes';
import { institutionRoutes } from './modules/users/institution.routes';
import { createInstitutionService } from './modules/users/institution.service';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { createWalletService } from './modules/wallet/wallet.service';
import { accessPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { inputGuardPlugin } from './plugins/input-guard';
import { openapiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { createRealtime, type Realtime } from './plugins/realtime';
import { securityHeadersPlugin } from './plugins/security-headers';
import { registerWebStatic } from './plugins/web-static';
import { createCheckoutWorkflow } from './workflows/checkout';
import { createPaymentNotifyWorkflow } from './workflows/payment-notify';
import { seedCatalogue } from './workflows/seed-catalogue';
import { resolveSeedModels } from './workflows/seed-content';
import { seedDemo } from './workflows/seed-demo';
import { seedDemoCodes } from './workflows/seed-demo-codes';
import { seedForum } from './workflows/seed-forum';
import { registerSeedMedia } from './workflows/seed-media';

export interface BuildOptions {
  /** An already-open database (tests pass one made from a migrated snapshot). */
  database?: Database;
  /** Pino logger options; `false` silences it (tests); a `stream` receives the JSON lines (tests of the log). */
  logger?: false | { level: string; stream?: { write(line: string): void } };
}

/** Builds the whole application: plugins, then modules, then the web app. `main.ts` only listens. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel, ...opts.logger, serializers: logSerializers },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: 500_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = opts.database ?? (await openDatabase(config));
  await database.migrate();
  const { db } = database;
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }) : undefined;
  const storage = config.s3
    ? createS3Storage(config.s3)
    : createLocalStorage(path.join(config.dataDir, 'files'), config.uploads.urlSecret);
  const system = createSystemRepository(db);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, store: system, log: app.log });

  const access = createAccessEvents(redis);
  // The audit log (issue 10): services that audit receive it and call audit.record(tx, ...) in their transaction.
  const audit = createAuditService({ db, retentionDays: config.audit.retentionDays });
  const rbac = createRbacService(db, access, audit);
  await rbac.ensureCatalogue();
  const users = createUsersService({ db, rbac, storage, access, audit });
  const codes = createCodesService({ db, users, audit });
  const counters = redis ? createRedisCounters(redis) : createMemoryCounters();
  const auth = createAuthService({ db, config, mailer, users, rbac, codes, access, counters, audit });
  const community = createCommunityService({ db, mailer, config });

  // Storefront and commerce (issue 3).
  const marketCacheMs = config.commerce.marketCacheSeconds * 1000;
  const projects = createProjectsService({ db, users, cacheMs: marketCacheMs });
  const orders = createOrdersService({ db, projects });
  const cart = createCartService({ db, projects, orders });
  const market = createMarketService({ db, projects, cart, orders, users }, { cacheMs: marketCacheMs });
  const tagsService = createTagsService({ db, projects, audit });
  const wallet = createWalletService({ db, commissionPercent: config.commerce.commissionPercent });
  const { provider, sandbox } = createPaymentProvider(config.payments, sandboxSessionStore(db));
  const payments = createPaymentsService({ db, provider });
  const notify = createPaymentNotifyWorkflow({ db, orders, cart, projects, wallet, payments });
  // Creator content (issue 4): system messages, jobs, file types and capacity, the editor and review.
  // The realtime channel starts once the session guard exists (below); messages announce themselves through it.
  let realtime: Realtime | undefined;
  const messages = createMessagesService({
    db,
    notify: (userIds, count) => realtime?.toUsers(userIds, RealtimeEvent.messageNew, { count }),
  });
  const forum = createForumService({
    db,
    users,
    messages,
    projects,
    postIntervalSeconds: config.forum.postIntervalSeconds,
    cacheSeconds: config.commerce.marketCacheSeconds,
    audit,
  });
  await forum.ensureDefaultBoards();
  // As many jobs at once as the asset pipeline has worker threads.
  const jobs = createJobQueue({
    db,
    log: app.log,
    concurrency: config.pipeline.workers,
    scratchRoot: path.join(config.dataDir, 'tmp', 'jobs'),
  });
  const station = createStationService({ db, users, rbac, messages, jobs, audit });
  // Organisation approval (issue 10): registrations as organisations wait for an administrator.
  const institution = createInstitutionService({ db, rbac, messages, mailer, storage, access, audit, log: app.log });
  const images = createProjectImagesService({ db, storage, tmpDir: path.join(config.dataDir, 'tmp'), log: app.log });
  // CPU-heavy asset processing runs in worker threads (started on the first job), never on this event loop.
  const pipeline = createPipelinePool({ workers: config.pipeline.workers, memoryMb: config.pipeline.workerMemoryMb });
  // The model library (issue 8): catalogue rows at once, generated files by background jobs or on first request.
  const library = createLibraryService({
    db,
    storage,
    pipeline,
    jobs,
    tmpDir: path.join(config.dataDir, 'tmp'),
    cacheMs: marketCacheMs,
    log: app.log,
  });
  library.registerJobs();
  if (config.library.seed) {
    const started = Date.now();
    const { inserted } = await library.ensureCatalogue();
    if (inserted > 0) app.log.info({ inserted, ms: Date.now() - started }, 'model library catalogue inserted');
  }
  if (config.library.prebuild) await library.startBackgroundBuild();
  // Scene documents (issue 8): library models are placed by id and resolved to the library's public file URLs.
  const scenes = createScenesService({
    db,
    projects,
    users,
    storage,
    jobs,
    library: library.sceneLookup,
    purchasedAmong: (userId, projectIds) => orders.purchasedAmong(userId, projectIds),
    urlTtlSeconds: config.uploads.urlTtlSeconds,
  });
  const editor = createEditorService({
    db,
    audit,
    projects,
    users,
    messages,
    storage,
    jobs,
    images,
    purchased: async (userId, projectId) => (await orders.purchasedAmong(userId, [projectId])).has(projectId),
    hasBuyers: (projectId, tx) => orders.hasBuyers(projectId, tx),
    scenes,
    urlTtlSeconds: config.uploads.urlTtlSeconds,
  });
  // The demo catalogue's generated content (queued by seedCatalogue): tours and 3D scenes saved as published
  // documents, their models found in the library, 3D covers drawn by the pipeline's software renderer.
  registerSeedMedia(jobs, {
    editor,
    storage,
    pipeline,
    log: app.log,
    width: config.seedMediaWidth,
    saveDocument: (authorId, projectId, doc) => scenes.saveDocument(authorId, projectId, doc, { publish: true }),
    libraryIdsByName: () => resolveSeedModels((q) => library.firstMatch(q)),
    renderSceneCover: async (doc, outPath) => {
      // The software renderer (glTF-Transform, the thumbnail rasteriser) loads only when the seed job needs it.
      const { renderSceneCover } = await import('./lib/pipeline/scene-cover');
      await renderSceneCover(
        doc,
        async (source) => {
          if ('library_id' in source) return library.glbBytes(source.library_id);
          const key = (await editor.assetById(source.asset_id))?.outputs.model;
          const body = key ? await storage.get(key) : null;
          return body ? new Uint8Array(await buffer(body)) : null;
        },
        outPath,
      );
    },
  });
  // Reports of projects and forum posts, decided on /ReportList (issue 10).
  const reports = createReportsService({ db, projects, forum, editor, users, messages, audit });
  const rules = createStorageRulesService({
    db,
    usedBytes: editor.usedBytes,
    usagePage: editor.usagePage,
    usageOf: editor.usageOf,
    contacts: users.contacts,
  });
  await rules.ensureDefaults();
  registerAssetJobs({ jobs, editor, storage, pipeline });
  // The demo catalogue's generated content (queued by seedCatalogue). The scenes service's saveDocument, the library's
  // ids and the 3D cover renderer plug in here as hooks (see SeedContentHooks).
  const checkout = createCheckoutWorkflow({
    db,
    projects,
    orders,
    users,
    payments,
    notify,
    orderExpiryMinutes: config.commerce.orderExpiryMinutes,
  });

  const origins = createOriginPolicy(config);
  realtime = createRealtime({ server: app.server, resolve: auth.resolveSession, origins, access, redis, log: app.log });
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(securityHeadersPlugin, { config });
  await app.register(openapiPlugin);
  await app.register(rateLimitPlugin, { config, redis });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
  await app.register(accessPlugin, { resolve: auth.resolveSession });

  await app.register(
    async (api) => {
      await api.register(systemRoutes, { database, storage, mailer, system, config, redis });
      await api.register(authRoutes, { auth, origins });
      await api.register(usersRoutes, { users, auth, storage });
      await api.register(codesRoutes, { codes, rateLimit: config.rateLimit });
      await api.register(rbacRoutes, { rbac });
      await api.register(communityRoutes, { community });
      await api.register(projectsRoutes, { projects });
      await api.register(marketRoutes, { market });
      await api.register(cartRoutes, { cart });
      await api.register(ordersRoutes, { orders, checkout });
      await api.register(paymentsRoutes, { checkout, notify, sandbox, origins });
      await api.register(reportsRoutes, { reports });
      await api.register(messagesRoutes, { messages });
      await api.register(forumRoutes, { forum });
      await api.register(stationRoutes, { station });
      await api.register(institutionRoutes, { institution });
      await api.register(tagsRoutes, { tagsService });
      await api.register(storageRulesRoutes, { rules });
      await api.register(editorRoutes, { editor });
      await api.register(scenesRoutes, { scenes });
      await api.register(projectImagesRoutes, { images });
      await api.register(uploadsRoutes, { editor, rules, storage, config });
      await api.register(signedFilesRoutes, { storage, secret: config.uploads.urlSecret });
      await api.register(libraryRoutes, { library });
      await api.register(auditRoutes, { audit });
    },
    { prefix: '/api' },
  );

  if (config.seedDemo ?? (await users.isEmpty())) {
    await seedDemo({ users, rbac, log: app.log });
    await seedDemoCodes({ users, codes, log: app.log });
    await seedCatalogue({
      users,
      projects,
      market,
      checkout,
      notify,
      sandbox,
      storage,
      log: app.log,
      media: { jobs, width: config.seedMediaWidth },
    });
    // The demo threads are posted in one go: no flood control for the seed.
    const seedingForum = createForumService({ db, users, messages, projects, postIntervalSeconds: 0 });
    await seedForum({ forum: seedingForum, users, rbac, log: app.log });
  }

  if (fs.existsSync(path.join(config.webDist, 'index.html'))) {
    await registerWebStatic(app, config.webDist);
  }

  let stopImageCleanup: (() => Promise<void>) | undefined;
  const stopAuditRetention = startAuditRetention(jobs, audit, app.log);
  app.addHook('onClose', async () => {
    stopAuditRetention();
    await stopImageCleanup?.();
    await realtime?.close();
    await jobs.stop();
    await pipeline.destroy();
    mailer.close();
    await access.close();
    await redis?.quit().catch(() => undefined);
    if (!opts.database) await database.close();
  });
  await app.ready();
  await jobs.start();
  stopImageCleanup = images.startCleanup();
  return app;
}

import fs from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import multipart from '@fastify/multipart';
import { RealtimeEvent } from '@xr/contract/realtime';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { configuredStorage } from './lib/storage';
import { startAuditRetention } from './modules/audit/audit.retention';
import { auditRoutes } from './modules/audit/audit.routes';
import { createAuditService } from './modules/audit/audit.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { registerAvatarJobs } from './modules/avatars/avatars.jobs';
import { avatarsRoutes } from './modules/avatars/avatars.routes';
import { createAvatarsService } from './modules/avatars/avatars.service';
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
import { createRedisLiveAudience } from './modules/live/live.audience';
import { createRedisLiveDirectory } from './modules/live/live.directory';
import { createLiveReactions } from './modules/live/live.reactions';
import { liveRoutes } from './modules/live/live.routes';
import { type CanStream, createLiveService, roomOf as liveRoomOf } from './modules/live/live.service';
import { liveCutsAcrossProcesses, liveSocketHandler } from './modules/live/live.socket';
import { marketRoutes } from './modules/market/market.routes';
import { createMarketService } from './modules/market/market.service';
import { ordersRoutes } from './modules/orders/orders.routes';
import { createOrdersService } from './modules/orders/orders.service';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { createPaymentsService, sandboxSessionStore } from './modules/payments/payments.service';
import { plansRoutes } from './modules/plans/plans.routes';
import { createPlansService } from './modules/plans/plans.service';
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
import { registerSharePages } from './modules/share/share.pages';
import { shareRoutes } from './modules/share/share.routes';
import { createShareService } from './modules/share/share.service';
import { storageRulesRoutes } from './modules/system/storage-rules.routes';
import { createStorageRulesService } from './modules/system/storage-rules.service';
import { createSystemRepository } from './modules/system/system.repository';
import { systemRoutes } from './modules/system/system.routes';
import { createAccountsService } from './modules/users/accounts.service';
import { institutionRoutes } from './modules/users/institution.routes';
import { createInstitutionService } from './modules/users/institution.service';
import { createInvitesService } from './modules/users/invites.service';
import { createMembersService } from './modules/users/members.service';
import { createMembershipService } from './modules/users/membership.service';
import { createProfileService } from './modules/users/profile.service';
import { seatsRoutes } from './modules/users/seats.routes';
import { createSeatsService } from './modules/users/seats.service';
import { usersRoutes } from './modules/users/users.routes';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { createWalletService } from './modules/wallet/wallet.service';
import { createChatService } from './modules/world/chat.service';
import { createEntriesService } from './modules/world/entries.service';
import { createPresenceService, type LookFor } from './modules/world/presence.service';
import { createMemoryAttempts, createRedisAttempts } from './modules/world/world.attempts';
import { createWorldRooms } from './modules/world/world.rooms';
import { worldRoutes } from './modules/world/world.routes';
import { accessPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { inputGuardPlugin } from './plugins/input-guard';
import { openapiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { createRealtime, loadRedisAdapter, type Realtime } from './plugins/realtime';
import { securityHeadersPlugin } from './plugins/security-headers';
import { registerWebStatic } from './plugins/web-static';
import { createCheckoutWorkflow } from './workflows/checkout';
import { createLiveRecordingImport } from './workflows/live-recording';
import { createPaymentNotifyWorkflow } from './workflows/payment-notify';
import { seedCatalogue } from './workflows/seed-catalogue';
import { seedDemo } from './workflows/seed-demo';
import { seedDemoCodes } from './workflows/seed-demo-codes';
import { seedForum } from './workflows/seed-forum';
import { registerSeedMedia } from './workflows/seed-media';
import { openDemoRooms } from './workflows/seed-rooms';
import { resolveSeedModels } from './workflows/seed-scenes';
import { seedWalletDemo } from './workflows/seed-wallet';

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
  // ioredis is loaded only when Redis is configured (a process without it never holds the client's code)
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  // While Redis is away ioredis reports each failed reconnection here and keeps trying.
  redis?.on('error', (err) => app.log.warn({ err }, 'Redis connection error'));
  // Once connected, a command sent while Redis is away fails at once instead of waiting in ioredis's offline queue
  // through its reconnection attempts (seconds each, growing): the global rate limit then lets the request through
  // and what needs Redis answers 503 (plugins/errors.ts) without keeping the caller waiting. Before the first
  // connection the queue stays, so start-up does not race it; the pub/sub connections keep theirs (realtime.ts).
  redis?.once('ready', () => {
    redis.options.enableOfflineQueue = false;
  });
  const storage = configuredStorage(config);
  const system = createSystemRepository(db);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, store: system, log: app.log });

  const access = createAccessEvents(redis);
  // The audit log: services that audit receive it and call audit.record(tx, ...) in their transaction.
  const audit = createAuditService({ db, retentionDays: config.audit.retentionDays });
  const rbac = createRbacService(db, access, audit);
  await rbac.ensureCatalogue();
  // Users: accounts and credentials, profiles and cards, the membership an account holds, invite codes, the /member screen.
  const accounts = createAccountsService({ db, rbac, storage });
  const profile = createProfileService({ db, rbac, storage, renewalReminderDays: config.plans.renewalReminderDays });
  const membership = createMembershipService({ db, access });
  const invites = createInvitesService({ db });
  const members = createMembersService({ db, rbac, accounts, audit, access });
  const seats = createSeatsService({ db, audit, access });
  const codes = createCodesService({ db, profile, invites, membership, audit });
  const counters = redis ? createRedisCounters(redis) : createMemoryCounters();
  const auth = createAuthService({ db, config, mailer, users: accounts, rbac, codes, access, counters, audit });
  const community = createCommunityService({ db, mailer, config });

  // Storefront and commerce.
  const marketCacheMs = config.commerce.marketCacheSeconds * 1000;
  const projects = createProjectsService({ db, users: profile, cacheMs: marketCacheMs });
  const orders = createOrdersService({ db, projects });
  const cart = createCartService({ db, projects, orders });
  const market = createMarketService(
    { db, projects, cart, orders, users: profile },
    { cacheMs: marketCacheMs, countCacheMs: config.commerce.marketCountCacheSeconds * 1000 },
  );
  const tagsService = createTagsService({ db, projects, audit });
  // System messages come first: the wallet tells creators about cash-out decisions with them.
  let realtime: Realtime | undefined;
  const messages = createMessagesService({
    db,
    notify: (userIds, count) => realtime?.toUsers(userIds, RealtimeEvent.messageNew, { count }),
  });
  // Wallet and coins: the cash ledger, cash-out and its approval, coin awards and exchanges.
  const wallet = createWalletService({
    db,
    commissionPercent: config.commerce.commissionPercent,
    holdDays: config.wallet.holdDays,
    cashOutMinCents: config.wallet.cashOutMinCents,
    coinsPerHkd: config.wallet.coinsPerHkd,
    coinsPerMembershipDay: config.wallet.coinsPerMembershipDay,
    exchangeDailyLimit: config.wallet.exchangeDailyLimit,
    users: { contacts: profile.contacts, extendMembership: membership.extendMembership },
    codes,
    messages,
    audit,
  });
  await wallet.ensureCoinRules();
  const { provider, sandbox } = createPaymentProvider(config.payments, sandboxSessionStore(db));
  const payments = createPaymentsService({ db, provider });
  // Plans and memberships: bought at checkout; quotas read by projects, uploads, live streaming, avatars.
  // Usage for /profile comes from the editor and the storage rules (created below), through these late-bound functions.
  let projectCount: ((userId: number) => Promise<number>) | undefined;
  let storageOf: ((userId: number) => Promise<{ used_bytes: number; quota_bytes: number }>) | undefined;
  const plans = createPlansService({
    db,
    vipDates: membership.vipDates,
    extendMembershipMonths: membership.extendMembershipMonths,
    planSeats: seats.planSeats,
    projectCount: (userId) => projectCount?.(userId) ?? Promise.resolve(0),
    storage: (userId) => storageOf?.(userId) ?? Promise.resolve({ used_bytes: 0, quota_bytes: 0 }),
    audit,
    renewalReminderDays: config.plans.renewalReminderDays,
  });
  await plans.ensureDefaults();
  const notify = createPaymentNotifyWorkflow({
    db,
    orders,
    cart,
    projects,
    wallet,
    payments,
    plans,
    membershipChanged: (userId) => membership.accessChanged(userId),
  });
  // Creator content: system messages, jobs, file types and capacity, the editor and review.
  // The realtime channel starts once the session guard exists (below); messages announce themselves through it.
  const forum = createForumService({
    db,
    users: profile,
    messages,
    projects,
    postIntervalSeconds: config.forum.postIntervalSeconds,
    cacheSeconds: config.commerce.marketCacheSeconds,
    audit,
  });
  await forum.ensureDefaultBoards();
  // As many jobs at once as the asset pipeline has worker threads. On PGlite this process is the only one on the
  // database and every enqueue wakes an idle worker at once, so polling only finds retries that came due and reaping
  // only leases this process failed to renew: both far less often there. PGlite answers one query at a time and each
  // idle claim (an UPDATE … FOR UPDATE SKIP LOCKED) and reap held it for 1–14 ms, two to four times a second,
  // in front of whatever request came next (docs/perf.md, forum search).
  const pglite = database.kind === 'pglite';
  const jobs = createJobQueue({
    db,
    log: app.log,
    concurrency: config.pipeline.workers,
    scratchRoot: path.join(config.dataDir, 'tmp', 'jobs'),
    ...(pglite ? { pollMs: 5_000, reapMs: 15_000 } : {}),
  });
  const station = createStationService({ db, users: profile, rbac, messages, jobs, audit });
  // Organisation approval: registrations as organisations wait for an administrator.
  const institution = createInstitutionService({ db, rbac, messages, mailer, storage, access, audit, log: app.log });
  const images = createProjectImagesService({ db, storage, tmpDir: path.join(config.dataDir, 'tmp'), log: app.log });
  // CPU-heavy asset processing runs in worker threads (started on the first job), never on this event loop.
  const pipeline = createPipelinePool({ workers: config.pipeline.workers, memoryMb: config.pipeline.workerMemoryMb });
  // The model library: catalogue rows at once, generated files by background jobs or on first request.
  const library = createLibraryService({
    db,
    storage,
    pipeline,
    jobs,
    tmpDir: path.join(config.dataDir, 'tmp'),
    cacheMs: marketCacheMs,
    log: app.log,
    importDir: config.library.importDir,
  });
  library.registerJobs();
  if (config.library.seed) {
    const started = Date.now();
    const { inserted } = await library.ensureCatalogue();
    if (inserted > 0) app.log.info({ inserted, ms: Date.now() - started }, 'model library catalogue inserted');
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
  const editor = createEditorService({
    db,
    audit,
    projects,
    users: profile,
    messages,
    storage,
    jobs,
    images,
    purchased: async (userId, projectId) => (await orders.purchasedAmong(userId, [projectId])).has(projectId),
    hasBuyers: (projectId, tx) => orders.hasBuyers(projectId, tx),
    scenes,
    urlTtlSeconds: config.uploads.urlTtlSeconds,
    projectQuota: (userId) => plans.projectQuota(userId),
  });
  projectCount = editor.countOwned;
  // The demo catalogue's generated content (queued by seedCatalogue): tours and 3D scenes saved as published
  // documents, their models found in the library, 3D covers drawn by the pipeline's software renderer.
  registerSeedMedia(jobs, {
    editor,
    storage,
    pipeline,
    log: app.log,
    width: config.seedMediaWidth,
    saveDocument: (authorId, projectId, doc) => scenes.saveDocument(authorId, projectId, doc, { publish: true }),
    libraryIds: () => resolveSeedModels((keys) => library.idsByKeys(keys)),
    // The meta world is built further down; the content job runs long after start-up.
    openDemoRooms: (content) => openDemoRooms({ world: entries, users: accounts, log: app.log }, content),
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
  const rules = createStorageRulesService({
    db,
    usedBytes: editor.usedBytes,
    usagePage: editor.usagePage,
    usageOf: editor.usageOf,
    contacts: profile.contacts,
    planStorage: (userIds) => plans.storageQuotas(userIds),
  });
  await rules.ensureDefaults();
  storageOf = rules.capacityOf;
  registerAssetJobs({ jobs, editor, storage, pipeline });
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
  // The demo catalogue's generated content (queued by seedCatalogue). The scenes service's saveDocument, the library's
  // ids and the 3D cover renderer plug in here as hooks (see SeedContentHooks).
  const checkout = createCheckoutWorkflow({
    db,
    projects,
    orders,
    users: profile,
    payments,
    notify,
    orderExpiryMinutes: config.commerce.orderExpiryMinutes,
    plans,
  });

  const origins = createOriginPolicy(config);
  // Share links and embeds of public tours and 3D scenes: the card behind /api/share/info, /s/<id> and the viewer.
  const share = createShareService({ projects, scenes });
  realtime = createRealtime({
    server: app.server,
    resolve: auth.resolveSession,
    origins,
    access,
    redis,
    redisAdapter: redis ? await loadRedisAdapter() : undefined,
    log: app.log,
  });
  // The meta world: entries, rooms over the realtime channel, presence statistics and chat records.
  // `lookFor` answers people's avatar in use (a built-in figure's look or an uploaded model's signed URL).
  const lookFor: LookFor = (userIds) => avatars.looksFor(userIds);
  // Wrong room-password guesses per address and room, one budget for HTTP and socket entries (Redis across processes).
  const attempts = redis ? createRedisAttempts(redis) : createMemoryAttempts();
  const entries = createEntriesService({ db, projects, scenes, users: profile, audit, attempts });
  const chat = createChatService({ db, audit });
  const presence = createPresenceService({ db, entries, chat, users: profile, lookFor, audit });
  const worldNode = config.world.nodeId;
  const stopWorldNode = await presence.startNode(worldNode, { staleMs: config.world.staleSeconds * 1000 });
  const rooms = createWorldRooms({
    realtime,
    presence,
    chat,
    nodeId: worldNode,
    cluster: !!redis,
    log: app.log,
    iceServers: config.world.iceServers,
    trustProxy: config.trustProxy,
  });
  // Reports of projects, forum posts and world chat messages, decided on /ReportList. Hiding a chat message
  // deletes it through the world and tells its room.
  const reports = createReportsService({
    db,
    projects,
    forum,
    editor,
    users: profile,
    members,
    messages,
    audit,
    chat: { forReports: (ids) => chat.chatForReports(ids), remove: (id) => rooms.removeChat(id) },
  });
  // Live VR streaming: creating and publishing need `canStream`: an active account whose plan includes live
  // streaming (plans.allows), or an administrator.
  const canStream: CanStream = async (userId) => {
    const account = await accounts.accountState(userId);
    if (account?.status !== 'active') return false;
    return (await rbac.accessOf(userId)).roles.includes('admin') || (await plans.allows(userId, 'live_streaming'));
  };
  const liveCluster = redis ? liveCutsAcrossProcesses(realtime) : undefined;
  const live = createLiveService({
    db,
    users: profile,
    canStream,
    secret: config.uploads.urlSecret,
    log: app.log,
    emit: (room, event, payload) => realtime?.io.to(room).emit(event, payload),
    ingest: {
      port: config.live.rtmpPort,
      host: config.live.rtmpHost,
      publicUrl: config.live.rtmpPublicUrl,
      graceSeconds: config.live.graceSeconds,
      recordDir: path.join(config.dataDir, 'live', 'recordings'),
    },
    ticketTtlSeconds: config.uploads.urlTtlSeconds,
    // With Redis, viewers of any process get a stream another process ingests (their play request is proxied there).
    directory: redis
      ? createRedisLiveDirectory(redis, () => {
          if (config.live.internalUrl) return config.live.internalUrl;
          const address = app.server.address();
          return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : null;
        })
      : undefined,
    cutElsewhere: liveCluster?.cut,
    audience: redis ? createRedisLiveAudience(redis, config.world.nodeId) : undefined,
    // A kept recording becomes a 360 video asset of the creator (a private draft project) through the asset pipeline.
    importRecording: createLiveRecordingImport({
      editor,
      images,
      rules,
      storage,
      tmpDir: path.join(config.dataDir, 'tmp'),
      log: app.log,
    }),
  });
  // Reactions on the watch page, limited per person with the shared counters (Redis with REDIS_URL).
  const liveReactions = createLiveReactions({
    counters,
    emit: (stream, event, payload) => realtime?.io.to(liveRoomOf(stream)).emit(event, payload),
  });
  realtime.onConnection(liveSocketHandler(live, liveReactions));
  liveCluster?.onCut((id) => live.cutLocal(id));
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(securityHeadersPlugin, { config });
  await app.register(openapiPlugin);
  await app.register(rateLimitPlugin, { config, redis });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
  await app.register(accessPlugin, { resolve: auth.resolveSession });

  await app.register(
    async (api) => {
      // Coins earned at their sources, after the action succeeded; each award is idempotent per rule and
      // reference, so a repeated call earns nothing more.
      api.addHook('onResponse', async (request, reply) => {
        if (reply.statusCode !== 200) return;
        const url = request.routeOptions.url;
        const award = (run: () => Promise<unknown>) =>
          run().catch((err: unknown) => request.log.warn({ err, url }, 'coin award failed'));
        if (url === '/api/user/user_info' && request.user) {
          const userId = request.user.id;
          await award(() => wallet.awardDailyVisit(userId));
        } else if (url === '/api/home_page/set_score' && request.user) {
          const userId = request.user.id;
          const projectId = (request.body as { project_id?: unknown } | undefined)?.project_id;
          // only a review of something the reviewer bought earns coins (free projects can be scored by anyone)
          if (typeof projectId === 'number') {
            await award(async () => {
              if ((await orders.purchasedAmong(userId, [projectId])).has(projectId)) {
                await wallet.award(undefined, userId, 'purchase_review', projectId);
              }
            });
          }
        } else if (url === '/api/approval/approve_project') {
          const id = (request.body as { id?: unknown } | undefined)?.id;
          if (typeof id !== 'number') return;
          await award(async () => {
            const p = await projects.byId(id);
            // the first published project: the rule's total cap (1 by default) makes it the first only
            if (p) await wallet.award(undefined, p.ownerId, 'first_publish', p.id);
          });
        } else if (url === '/api/register') {
          const email = (request.body as { email?: unknown } | undefined)?.email;
          if (typeof email !== 'string') return;
          await award(async () => {
            const account = await accounts.accountByEmail(email);
            const inviter = account ? await invites.inviterOf(account.id) : undefined;
            if (account && inviter) await wallet.award(undefined, inviter, 'invite_registration', account.id);
          });
        }
      });
      await api.register(systemRoutes, { database, storage, mailer, system, config, redis });
      await api.register(authRoutes, { auth, origins });
      await api.register(usersRoutes, { accounts, profile, members });
      await api.register(seatsRoutes, { seats });
      await api.register(codesRoutes, { codes, rateLimit: config.rateLimit });
      await api.register(rbacRoutes, { rbac });
      await api.register(communityRoutes, { community });
      await api.register(projectsRoutes, { projects });
      await api.register(marketRoutes, { market, checkReplies: config.env !== 'production' });
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
      await api.register(uploadsRoutes, { editor, rules, storage, config, avatars });
      await api.register(signedFilesRoutes, { storage, secret: config.uploads.urlSecret });
      await api.register(libraryRoutes, { library });
      await api.register(auditRoutes, { audit });
      await api.register(walletRoutes, { wallet });
      await api.register(plansRoutes, { plans, checkout });
      await api.register(worldRoutes, { entries, presence, chat, rooms });
      await api.register(avatarsRoutes, { avatars });
      await api.register(liveRoutes, { live });
      await api.register(shareRoutes, { share, origins });
    },
    { prefix: '/api' },
  );

  if (config.seedDemo ?? (await accounts.isEmpty())) {
    await seedDemo({ users: accounts, rbac, log: app.log });
    await seedDemoCodes({ users: accounts, codes, log: app.log });
    await seedWalletDemo({ users: accounts, wallet, log: app.log });
    await seedCatalogue({
      users: accounts,
      profile,
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
    const seedingForum = createForumService({ db, users: profile, messages, projects, postIntervalSeconds: 0 });
    await seedForum({ forum: seedingForum, users: accounts, rbac, log: app.log });
  }

  if (fs.existsSync(path.join(config.webDist, 'index.html'))) {
    await registerSharePages(app, { share, origins, webDist: config.webDist });
    await registerWebStatic(app, config.webDist);
  }

  let stopImageCleanup: (() => Promise<void>) | undefined;
  const stopAuditRetention = startAuditRetention(jobs, audit, app.log);
  app.addHook('onClose', async () => {
    stopAuditRetention();
    await stopImageCleanup?.();
    rooms.stop();
    await live.stop();
    await realtime?.close();
    await stopWorldNode();
    await jobs.stop();
    await pipeline.destroy();
    mailer.close();
    await access.close();
    await redis?.quit().catch(() => undefined);
    if (!opts.database) await database.close();
  });
  await app.ready();
  await live.startIngest();
  await jobs.start();
  stopImageCleanup = images.startCleanup();
  return app;
}

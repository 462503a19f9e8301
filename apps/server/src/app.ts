import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { RealtimeEvent } from '@xr/contract/realtime';
import { openDemoRooms } from '@xr/demo-content/rooms';
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
import { createPipelinePool } from './lib/pipeline/pool';
import { configuredStorage } from './lib/storage';
import { startAuditRetention } from './modules/audit/audit.retention';
import { auditRoutes } from './modules/audit/audit.routes';
import { createAuditService } from './modules/audit/audit.service';
import { createMessagesService } from './modules/messages/messages.service';
import { createRbacService } from './modules/rbac/rbac.service';
import { registerSharePages } from './modules/share/share.pages';
import { createSystemRepository } from './modules/system/system.repository';
import { systemRoutes } from './modules/system/system.routes';
import { accessPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { inputGuardPlugin } from './plugins/input-guard';
import { openapiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { createRealtime, loadRedisAdapter, type Realtime } from './plugins/realtime';
import { securityHeadersPlugin } from './plugins/security-headers';
import { registerWebStatic } from './plugins/web-static';
import { wireAccounts } from './wiring/accounts';
import { registerCoinAwards } from './wiring/coin-awards';
import { wireCommerce } from './wiring/commerce';
import { wireCommunity } from './wiring/community';
import { wireContent } from './wiring/content';
import type { Core } from './wiring/core';
import { seedDemoData } from './wiring/demo-seed';
import { wireLive } from './wiring/live';
import { wireWorld } from './wiring/world';

export interface BuildOptions {
  /** An already-open database (tests pass one made from a migrated snapshot). */
  database?: Database;
  /** Pino logger options; `false` silences it (tests); a `stream` receives the JSON lines (tests of the log). */
  logger?: false | { level: string; stream?: { write(line: string): void } };
}

/**
 * Builds the whole application: the shared core (database, Redis, files, mail, audit, roles, jobs), then each domain
 * from its wiring function (src/wiring/), the plugins, every domain's routes under /api, and the web app. `main.ts`
 * only listens.
 */
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
  const counters = redis ? createRedisCounters(redis) : createMemoryCounters();
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
  // CPU-heavy asset processing runs in worker threads (started on the first job), never on this event loop.
  const pipeline = createPipelinePool({ workers: config.pipeline.workers, memoryMb: config.pipeline.workerMemoryMb });
  const origins = createOriginPolicy(config);
  const core: Core = {
    config,
    database,
    db,
    redis,
    storage,
    mailer,
    access,
    audit,
    rbac,
    counters,
    jobs,
    pipeline,
    origins,
    log: app.log,
    server: app.server,
  };

  // System messages come first: every domain tells people with them. They announce themselves over the realtime
  // channel, which starts once the session guard exists (below).
  let realtime: Realtime | undefined;
  const messages = createMessagesService({
    db,
    notify: (userIds, count) => realtime?.toUsers(userIds, RealtimeEvent.messageNew, { count }),
  });
  const accounts = wireAccounts(core, { messages });
  const commerce = await wireCommerce(core, {
    profile: accounts.profile,
    membership: accounts.membership,
    seats: accounts.seats,
    codes: accounts.codes,
    messages,
  });
  const content = await wireContent(core, {
    profile: accounts.profile,
    projects: commerce.projects,
    orders: commerce.orders,
    plans: commerce.plans,
    messages,
    // The meta world is wired further down; the content job runs long after start-up.
    openDemoRooms: (saved) => openDemoRooms({ world: world.entries, users: accounts.accounts, log: app.log }, saved),
  });
  // Plans show the usage the content counts (wired after the plans, whose quotas it reads).
  commerce.usage.projectCount = content.editor.countOwned;
  commerce.usage.storageOf = content.rules.capacityOf;

  realtime = createRealtime({
    server: app.server,
    resolve: accounts.auth.resolveSession,
    origins,
    access,
    redis,
    redisAdapter: redis ? await loadRedisAdapter() : undefined,
    log: app.log,
  });
  const world = await wireWorld(core, {
    realtime,
    projects: commerce.projects,
    scenes: content.scenes,
    profile: accounts.profile,
    avatars: content.avatars,
  });
  const community = await wireCommunity(core, {
    messages,
    profile: accounts.profile,
    members: accounts.members,
    projects: commerce.projects,
    review: content.review,
    chat: { forReports: (ids) => world.chat.chatForReports(ids), remove: (id) => world.rooms.removeChat(id) },
  });
  const live = wireLive(core, {
    realtime,
    accounts: accounts.accounts,
    profile: accounts.profile,
    plans: commerce.plans,
    editor: content.editor,
    assets: content.assets,
    images: content.images,
    rules: content.rules,
  });

  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(securityHeadersPlugin, { config });
  await app.register(openapiPlugin);
  await app.register(rateLimitPlugin, { config, redis });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
  await app.register(accessPlugin, { resolve: accounts.auth.resolveSession });

  await app.register(
    async (api) => {
      registerCoinAwards(api, {
        coins: commerce.coins,
        orders: commerce.orders,
        projects: commerce.projects,
        accounts: accounts.accounts,
        invites: accounts.invites,
      });
      await api.register(systemRoutes, { database, storage, mailer, system, config, redis });
      await api.register(auditRoutes, { audit });
      await accounts.routes(api);
      await commerce.routes(api);
      await community.routes(api);
      await content.routes(api);
      await world.routes(api);
      await live.routes(api);
    },
    { prefix: '/api' },
  );

  if (config.seedDemo ?? (await accounts.accounts.isEmpty())) await seedDemoData(core, { accounts, commerce, messages });

  if (fs.existsSync(path.join(config.webDist, 'index.html'))) {
    await registerSharePages(app, { share: content.share, origins, webDist: config.webDist });
    await registerWebStatic(app, config.webDist);
  }

  let stopImageCleanup: (() => Promise<void>) | undefined;
  const stopAuditRetention = startAuditRetention(jobs, audit, app.log);
  app.addHook('onClose', async () => {
    stopAuditRetention();
    await stopImageCleanup?.();
    world.rooms.stop();
    await live.broadcast.stop();
    await realtime?.close();
    await world.stopNode();
    await jobs.stop();
    await pipeline.destroy();
    mailer.close();
    await access.close();
    await redis?.quit().catch(() => undefined);
    if (!opts.database) await database.close();
  });
  await app.ready();
  await live.broadcast.startIngest();
  await jobs.start();
  stopImageCleanup = content.images.startCleanup();
  return app;
}

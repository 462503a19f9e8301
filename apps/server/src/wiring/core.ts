import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { AccessEvents } from '../lib/access-events';
import type { Counters } from '../lib/counters';
import type { JobQueue } from '../lib/jobs';
import type { Mailer } from '../lib/mailer';
import type { OriginPolicy } from '../lib/origin';
import type { PipelinePool } from '../lib/pipeline/pool';
import type { Storage } from '../lib/storage';
import type { AuditService } from '../modules/audit/audit.service';
import type { RbacService } from '../modules/rbac/rbac.service';

/** The Fastify instance the modules' routes register on (zod schemas, under /api). */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Registers one domain's routes on the /api instance. */
export type RegisterRoutes = (api: Api) => Promise<void>;

/**
 * What the domains are built on, made once by app.ts: configuration, the database, Redis, files, mail, access
 * events, the audit log, roles and permissions, counters, background jobs, the asset pipeline and the allowed
 * origins. Each `wire*` function takes only the part it needs (`Pick<Core, ...>`).
 */
export interface Core {
  config: Config;
  database: Database;
  db: Db;
  /** Set with REDIS_URL (several server processes share limits, presence and realtime through it). */
  redis: Redis | undefined;
  storage: Storage;
  mailer: Mailer;
  access: AccessEvents;
  audit: AuditService;
  rbac: RbacService;
  counters: Counters;
  jobs: JobQueue;
  pipeline: PipelinePool;
  origins: OriginPolicy;
  log: FastifyBaseLogger;
  /** The HTTP server (Socket.IO attaches to it; live streaming proxies to this process's own address). */
  server: Api['server'];
}

import { z } from 'zod';
import { pageLimit } from './common';
import { V } from './messages';

// --- Mail outbox (without SMTP_URL: the mails the platform kept instead of delivering) ---

/** GET /system/mail_outbox: `to` picks one recipient (any case), `limit` the newest that many (1 to 200, 50 by default). */
export const mailOutboxQuery = z.object({
  to: z.string().trim().max(254, V('tooLong')).optional(),
  limit: pageLimit(200, 50),
});
export type MailOutboxQuery = z.input<typeof mailOutboxQuery>;

/** A kept mail, as the outbox lists it (newest first). */
export const outboxMail = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** ISO time the mail was kept. */
  created_at: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMail>;

// --- Liveness and readiness ---

/** GET /health: the process answers (nothing probed). */
export const healthReply = z.object({ status: z.literal('ok') });
export type HealthReply = z.infer<typeof healthReply>;

/** One dependency as GET /ready probed it: its kind (e.g. pglite, local, smtp) and, when down, why. */
export const readyComponent = z.object({ status: z.enum(['ok', 'error']), kind: z.string(), error: z.string().optional() });
export type ReadyComponent = z.infer<typeof readyComponent>;

/** GET /ready: the same `data` with code 200 when every dependency is up, and with 503 otherwise. */
export const readyReply = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: readyComponent,
  storage: readyComponent,
  mail: readyComponent,
  redis: readyComponent.optional(),
});
export type ReadyReply = z.infer<typeof readyReply>;

import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Where every sent mail is recorded (the system module's outbox table). */
export interface OutboxStore {
  record(mail: MailMessage & { transport: 'smtp' | 'outbox' }): Promise<number>;
  markSent(id: number, error?: string): Promise<void>;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(mail: MailMessage): Promise<void>;
  /** Verifies the SMTP connection (or that the outbox is writable). */
  check(): Promise<void>;
  close(): void;
}

/**
 * Mail through nodemailer when `smtpUrl` is set; otherwise into the dev outbox only (kept in the database,
 * readable at /api/dev/outbox, and written to the server log), so a fresh start needs no mail server.
 * nodemailer itself loads only with `smtpUrl` (a server without SMTP never holds its code: idle memory).
 */
export function createMailer(opts: { smtpUrl?: string; from: string; store: OutboxStore; log: FastifyBaseLogger }): Mailer {
  const smtpUrl = opts.smtpUrl;
  const transporter: Promise<Transporter> | null = smtpUrl
    ? import('nodemailer').then((m) => m.default.createTransport(smtpUrl))
    : null;
  // A failed load surfaces on the first send or check, not as an unhandled rejection at start.
  transporter?.catch(() => undefined);
  return {
    transport: transporter ? 'smtp' : 'outbox',
    async send(mail) {
      const id = await opts.store.record({ ...mail, transport: transporter ? 'smtp' : 'outbox' });
      if (!transporter) {
        opts.log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail kept in the dev outbox');
        await opts.store.markSent(id);
        return;
      }
      try {
        await (await transporter).sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        await opts.store.markSent(id);
      } catch (err) {
        opts.log.error({ err, to: mail.to }, 'mail delivery failed');
        await opts.store.markSent(id, err instanceof Error ? err.message : String(err));
        throw err;
      }
    },
    async check() {
      if (transporter) await (await transporter).verify();
    },
    close() {
      void transporter?.then((t) => t.close()).catch(() => undefined);
    },
  };
}

import { z } from 'zod';
import { idNumber, pageOf, pageQuery } from './common';
import { REPORT_REASONS } from './market';
import { V } from './messages';

/**
 * The /ReportList screen: reports of projects, forum posts and meta world chat messages (`chat`). An open report is decided once: dismissed,
 * or resolved with an action (hide the target, warn its owner by system message, disable the owner's account), with a
 * note saying why; the reporter is told the outcome. A second decision answers 40950.
 */
export const REPORT_TARGETS = ['project', 'forum_post', 'chat'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_STATES = ['open', 'resolved', 'dismissed'] as const;
export type ReportState = (typeof REPORT_STATES)[number];
export const REPORT_ACTIONS = ['hide', 'warn', 'disable'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const REPORT_NOTE_MAX = 500;

/** GET /reports/report_page: open ones oldest first (a queue), decided ones newest first. */
export const reportPageQuery = pageQuery.extend({
  status: z.enum(REPORT_STATES).optional(),
  target_type: z.enum(REPORT_TARGETS).optional(),
});
export type ReportPageQuery = z.input<typeof reportPageQuery>;

const person = z.object({ id: z.number().int(), name: z.string() });
export const reportItem = z.object({
  id: z.number().int(),
  target_type: z.enum(REPORT_TARGETS),
  target_id: z.number().int(),
  /** The project's name, the post's thread title, or the chat message's room (world entry) name; '' when gone. */
  target_title: z.string(),
  /** A short excerpt of the reported post, or the chat message's text. */
  target_excerpt: z.string(),
  /** Where the web shows the target (a hash route), or null when it is gone. */
  target_path: z.string().nullable(),
  /** False once hidden (project withdrawn, post or chat message deleted). */
  target_visible: z.boolean(),
  /** The project's owner or the post's or message's author (null: gone, or a guest's chat message). */
  owner: person.nullable(),
  /** The name the author chatted under (chat messages; guests have only this), else ''. */
  author_name: z.string(),
  reporter: person,
  reason: z.enum(REPORT_REASONS),
  content: z.string(),
  status: z.enum(REPORT_STATES),
  action: z.enum(REPORT_ACTIONS).nullable(),
  note: z.string(),
  handler: z.string(),
  handled_at: z.string().nullable(),
  created_at: z.string(),
});
export type ReportItem = z.infer<typeof reportItem>;
export const reportPage = pageOf(reportItem);

/** POST /reports/report_decide. */
export const reportDecideBody = z
  .object({
    id: idNumber,
    status: z.enum(['resolved', 'dismissed'], { message: V('required') }),
    action: z.enum(REPORT_ACTIONS).optional(),
    note: z
      .string({ message: V('reasonRequired') })
      .trim()
      .min(1, V('reasonRequired'))
      .max(REPORT_NOTE_MAX, V('tooLong')),
  })
  .refine((b) => b.status !== 'resolved' || !!b.action, { message: V('required'), path: ['action'] });
export type ReportDecideBody = z.input<typeof reportDecideBody>;

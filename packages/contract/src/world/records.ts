import { z } from 'zod';
import { idCoerced, idNumber, pageQuery } from '../common';
import { V } from '../messages';
import { day, keyword } from './fields';

// --- Presence statistics (/explore/onlinelist) ---

/** One row per (user, entry): spec "Online user row" plus ours. Times are ISO strings, durations seconds. */
export const onlineUserRow = z.object({
  user_id: z.number().int(),
  name: z.string(),
  account: z.string(),
  entry_id: z.number().int(),
  entry_name: z.string(),
  first_login: z.string(),
  last_login: z.string(),
  total_online_time: z.number().int(),
  messages: z.number().int(),
  /** In the room right now (on any process). */
  online: z.boolean(),
});
export type OnlineUserRow = z.infer<typeof onlineUserRow>;

/** GET /explore/online_page: filter by room (entry) and by a day range of the last login; keyword: name or account. */
export const onlinePageQuery = pageQuery.extend({
  entry_id: idCoerced.optional(),
  date_from: day.optional(),
  date_to: day.optional(),
  keyword,
  online: z.enum(['true', 'false'], { message: V('invalidValue') }).optional(),
});
export type OnlinePageParams = z.input<typeof onlinePageQuery>;

/** POST /explore/kick: removes the user from every instance of the entry (not a ban). */
export const kickBody = z.object({ entry_id: idNumber, user_id: idNumber });
export type KickBody = z.input<typeof kickBody>;
/** Reply of POST /explore/kick: how many visits were closed. */
export const kickReply = z.object({ kicked: z.number().int() });
export type KickReply = z.infer<typeof kickReply>;

// --- Bans (/explore/list: who a room's hosts banned; lifting a ban) ---

/** GET /explore/ban_page: the bans of one entry, newest first. */
export const banPageQuery = pageQuery.extend({ entry_id: idCoerced });
export type BanPageParams = z.input<typeof banPageQuery>;
export const worldBan = z.object({
  entry_id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  account: z.string(),
  banned_by: z.number().int(),
  banned_by_name: z.string(),
  created_at: z.string(),
});
export type WorldBan = z.infer<typeof worldBan>;
/** POST /explore/unban: lifts a ban (the person may enter again). */
export const unbanBody = z.object({ entry_id: idNumber, user_id: idNumber });
export type UnbanBody = z.input<typeof unbanBody>;

// --- Chat records (/explore/chat-record-list) ---

export const chatRecord = z.object({
  id: z.number().int(),
  entry_id: z.number().int(),
  entry_name: z.string(),
  instance: z.number().int(),
  user_id: z.number().int().nullable(),
  name: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type ChatRecord = z.infer<typeof chatRecord>;

/** GET /explore/chat_record_page and GET /explore/chat_record_export (CSV of the same filters, at most 10,000 rows). */
export const chatRecordQuery = pageQuery.extend({
  entry_id: idCoerced.optional(),
  user_id: idCoerced.optional(),
  keyword,
  date_from: day.optional(),
  date_to: day.optional(),
});
export type ChatRecordParams = z.input<typeof chatRecordQuery>;
export const CHAT_EXPORT_MAX_ROWS = 10_000;

/** POST /explore/del_chat_record: one or more records. */
export const delChatRecordBody = z.object({
  ids: z.array(idNumber).min(1, V('required')).max(100, V('tooManyItems')),
});
export type DelChatRecordBody = z.input<typeof delChatRecordBody>;
/** Reply of POST /explore/del_chat_record: how many records were deleted (the actor's rooms' only, unless admin). */
export const delChatRecordReply = z.object({ deleted: z.number().int() });
export type DelChatRecordReply = z.infer<typeof delChatRecordReply>;

import { z } from 'zod';
import { idCoerced, idNumber, pageOf, pageQuery } from './common';
import { CATALOG_VALUES, ID_MAX } from './constants';
import { COMMENT_MAX, KEYWORD_MAX, MARKET_SORTS, REPORT_REASONS, SCORE_MAX, SCORE_MIN } from './market-basics';
import { V } from './messages';
import { money, priceQuery } from './money';

export * from './market-basics';

/** A positive id, in a body (`project_id`) or (coerced) in a query. */
export const idField = idNumber;
export const idParam = idCoerced;

/** `1,2,3` -> distinct positive ids, at most `max`. */
export function idsText(max: number, tooMany: Parameters<typeof V>[0] = 'tooLong') {
  return z
    .string()
    .trim()
    .regex(/^(\d+\s*(,\s*\d+\s*)*)?$/, V('projectIdsFormat'))
    .transform((s) =>
      [
        ...new Set(
          s
            .split(',')
            .filter((x) => x.trim())
            .map((x) => Number(x)),
        ),
      ].filter((n) => n > 0),
    )
    .pipe(z.array(z.number().int().max(ID_MAX, V('idInvalid'))).max(max, V(tooMany)));
}

/** `1,2,3` or a repeated query parameter -> distinct positive ids, at most `max`. */
export function idList(max: number, tooMany: Parameters<typeof V>[0] = 'tooLong') {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v.join(',') : v))
    .pipe(idsText(max, tooMany));
}

/**
 * GET /home_page/item_list. `catalog` empty or `all` means every category; `tag_ids` (`1,2`) keeps projects with
 * any of these tags; `min_price` / `max_price` in HKD; `keyword` matches substrings of the name, keywords,
 * description, tag names and creator name, in any script (every space-separated word must match).
 */
export const itemListQuery = pageQuery
  .extend({
    catalog: z
      .union([z.enum(CATALOG_VALUES), z.literal('all'), z.literal('')])
      .optional()
      .transform((v) => (v === 'all' || v === '' ? undefined : v)),
    tag_ids: idList(50).optional(),
    min_price: priceQuery.optional(),
    max_price: priceQuery.optional(),
    sort: z.enum(MARKET_SORTS).default('newest'),
    keyword: z.string().trim().max(KEYWORD_MAX, V('tooLong')).optional(),
  })
  .refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
    message: V('priceRange'),
    path: ['min_price'],
  });
export type ItemListQuery = z.output<typeof itemListQuery>;

/** A tag: its key (`name`, unique) and its display name in each interface language (`tagName` picks one). */
export const tagRef = z.object({
  id: z.number().int(),
  name: z.string(),
  names: z.object({ zh: z.string(), tc: z.string(), en: z.string() }),
});
export type TagRef = z.infer<typeof tagRef>;

export const creatorBrief = z.object({ id: z.number().int(), name: z.string(), avatar: z.string() });
export type CreatorBrief = z.infer<typeof creatorBrief>;

/** One card of the market grid. `price` in HKD; `score` is the average (one decimal), 0 without scores. */
export const marketItem = z.object({
  id: z.number().int(),
  name: z.string(),
  catalog: z.enum(CATALOG_VALUES),
  type: z.string(),
  price: money,
  is_free: z.boolean(),
  cover: z.string(),
  keywords: z.string(),
  tags: z.array(tagRef),
  creator: creatorBrief,
  score: z.number(),
  score_count: z.number().int(),
  sales_count: z.number().int(),
  created_at: z.string(),
});
export type MarketItem = z.infer<typeof marketItem>;
/** A market page; `total_exact` is false when more than MARKET_COUNT_CAP projects match (`total` is then the cap). */
export const marketPage = pageOf(marketItem).extend({ total_exact: z.boolean() });
export type MarketPage = z.infer<typeof marketPage>;

/** The creator card of the details page. `project_count` counts the creator's approved public projects. */
export const creatorCard = creatorBrief.extend({ introduction: z.string(), project_count: z.number().int() });
export type CreatorCard = z.infer<typeof creatorCard>;

export const myScore = z.object({ score: z.number().int(), content: z.string() });

/**
 * GET /project/front_project_details?id. The flags describe the caller (all false for visitors):
 * `in_cart`, `is_collection` (wish list), `purchased` (in the buyer library), `is_owner`, `can_score`.
 */
export const projectDetails = marketItem.extend({
  description: z.string(),
  images: z.array(z.string()),
  for_sale: z.boolean(),
  is_public: z.boolean(),
  review_status: z.enum(['draft', 'pending', 'approved', 'rejected']),
  updated_at: z.string(),
  creator: creatorCard,
  in_cart: z.boolean(),
  is_collection: z.boolean(),
  purchased: z.boolean(),
  is_owner: z.boolean(),
  can_score: z.boolean(),
  my_score: myScore.nullable(),
});
export type ProjectDetails = z.infer<typeof projectDetails>;
export const detailsQuery = z.object({ id: idParam });

export const projectIdBody = z.object({ project_id: idField });
export type ProjectIdBody = z.infer<typeof projectIdBody>;
export const projectPageQuery = pageQuery.extend({ project_id: idParam });
export type ProjectPageQuery = z.output<typeof projectPageQuery>;

/** POST /home_page/set_score: 1 to 5 with an optional review text; one per user and project, changeable. */
export const setScoreBody = z.object({
  project_id: idField,
  score: z
    .number({ message: V('scoreRange') })
    .int(V('scoreRange'))
    .min(SCORE_MIN, V('scoreRange'))
    .max(SCORE_MAX, V('scoreRange')),
  content: z.string().trim().max(COMMENT_MAX, V('tooLong')).optional(),
});
export type SetScoreBody = z.output<typeof setScoreBody>;
export const scoreSummary = z.object({ score: z.number(), score_count: z.number().int(), my_score: myScore });
export type ScoreSummary = z.infer<typeof scoreSummary>;

export const userBrief = z.object({ id: z.number().int(), name: z.string(), avatar: z.string() });
/** A review: a score with its text (GET /home_page/score_page). */
export const review = z.object({
  id: z.number().int(),
  score: z.number().int(),
  content: z.string(),
  user: userBrief,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Review = z.infer<typeof review>;

/** A comment with the creator's reply (states: no reply yet / replied). */
export const comment = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  content: z.string(),
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
  user: userBrief,
  created_at: z.string(),
});
export type Comment = z.infer<typeof comment>;
export const addCommentBody = z.object({
  project_id: idField,
  content: z
    .string({ message: V('contentRequired') })
    .trim()
    .min(1, V('contentRequired'))
    .max(COMMENT_MAX, V('tooLong')),
});
export type AddCommentBody = z.output<typeof addCommentBody>;

/** POST /reports/set_reports. Reporting the same project again updates the open report. */
/**
 * POST /reports/set_reports: a project (`project_id`), a forum post (`post_id`) or a meta world chat message
 * (`chat_id`), exactly one.
 */
export const reportBody = z
  .object({
    project_id: idField.optional(),
    post_id: idField.optional(),
    chat_id: idField.optional(),
    reason: z.enum(REPORT_REASONS, { message: V('reportReasonRequired') }),
    content: z
      .string({ message: V('contentRequired') })
      .trim()
      .min(1, V('contentRequired'))
      .max(2000, V('tooLong')),
  })
  .refine((b) => [b.project_id, b.post_id, b.chat_id].filter((id) => id !== undefined).length === 1, {
    message: V('required'),
    path: ['project_id'],
  });
export type ReportBody = z.output<typeof reportBody>;
export const reportReply = z.object({ id: z.number().int() });
export type ReportReply = z.infer<typeof reportReply>;

/** POST /collection/add_collection toggles the wish; the reply says where it ended. */
export const collectionReply = z.object({ project_id: z.number().int(), is_collection: z.boolean() });
export type CollectionReply = z.infer<typeof collectionReply>;
/** A wish-list entry (the /wishlist screen): the market card plus when it was added and whether it is still on sale. */
export const collectionItem = marketItem.extend({ collected_at: z.string(), available: z.boolean() });
export type CollectionItem = z.infer<typeof collectionItem>;

export const tagList = z.array(tagRef);

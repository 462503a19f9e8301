import { z } from 'zod';
import { pageOf, pageQuery, requiredText } from './common';
import { CATALOG_VALUES } from './constants';
import { COMMENT_MAX, idField, idParam, KEYWORD_MAX } from './market';
import { V } from './messages';

/**
 * Creator content: the project form and list (/vrdata/list), comment replies (/vrdata/commentlist),
 * questionnaires (/vrdata/questionnaire), review (/approval/project-review*), system messages, file types
 * (/system/filetype), capacity (/system/capacity), uploads and protected delivery.
 */

/** Review states: `draft` (never submitted), `pending` (pending review), `approved` (review succeeded), `rejected` (not passed). */
export const REVIEW_STATUSES = ['draft', 'pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const PROJECT_NAME_MAX = 100;
/**
 * Uses a project is made for (spec section 1: education, showrooms, exhibitions, classrooms, galleries, marketing,
 * training; plus tourism and entertainment, which the catalogue needs). The form offers exactly these.
 */
export const PROJECT_TYPES = [
  'education',
  'showroom',
  'exhibition',
  'classroom',
  'gallery',
  'marketing',
  'training',
  'tourism',
  'entertainment',
] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];
export const DESCRIPTION_MAX = 5000;
export const PROJECT_IMAGES_MAX = 20;
export const PROJECT_TAGS_MAX = 20;
export const PRICE_MAX_HKD = 1_000_000;

/** A price in HKD, number or string, format 0.00 (at most two decimals), 0 or more. */
export const priceField = z
  .union([z.number({ message: V('priceRequired') }), z.string({ message: V('priceRequired') })])
  .transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: V('priceRequired') });
      return z.NEVER;
    }
    if (!/^\d+(\.\d{1,2})?$/.test(text) || Number(text) > PRICE_MAX_HKD) {
      ctx.addIssue({ code: 'custom', message: V('priceFormat') });
      return z.NEVER;
    }
    return Number(text);
  });

/** A cover or image: a stored public file key (`public/…`), an `/api/files/…` path or an http(s) URL. */
const imageRef = (key: Parameters<typeof V>[0]) =>
  z
    .string({ message: V(key) })
    .trim()
    .min(1, V(key))
    .max(500, V('tooLong'))
    .regex(/^(public\/|\/api\/files\/|https?:\/\/)\S+$/, V('invalidValue'));

/** The project form (spec section 3 fields, section 5 rules): name, type, catalog, price, description, keyword, cover required. */
export const projectForm = z.object({
  name: requiredText('nameRequired', PROJECT_NAME_MAX),
  catalog: z.enum(CATALOG_VALUES, { message: V('catalogRequired') }),
  type: z.enum(PROJECT_TYPES, { message: V('typeRequired') }),
  price: priceField,
  keywords: requiredText('keywordRequired', KEYWORD_MAX),
  tag_ids: z.array(idField).max(PROJECT_TAGS_MAX, V('tooLong')).default([]),
  description: requiredText('descriptionRequired', DESCRIPTION_MAX),
  cover: imageRef('coverRequired'),
  images: z.array(imageRef('invalidValue')).max(PROJECT_IMAGES_MAX, V('tooLong')).default([]),
  for_sale: z.boolean().default(false),
  is_public: z.boolean().default(false),
  anonymous_preview: z.boolean().default(false),
});
export type ProjectForm = z.infer<typeof projectForm>;
export const addProjectBody = projectForm;
export const upProjectBody = projectForm.extend({ id: idField });
export type UpProjectBody = z.infer<typeof upProjectBody>;

/** POST /project/image_upload (multipart `file`: PNG, JPEG or WebP): the public URL of the stored picture. */
export const imageUploadReply = z.object({ url: z.string() });
export type ImageUploadReply = z.infer<typeof imageUploadReply>;

/** GET /project/my_project_page: search (name, keywords, description), review-state filter, paging. */
export const myProjectQuery = pageQuery.extend({
  keyword: z.string().trim().max(100, V('tooLong')).optional(),
  review_status: z.enum(REVIEW_STATUSES, { message: V('invalidValue') }).optional(),
});
export type MyProjectQuery = z.infer<typeof myProjectQuery>;

/** A project as its owner (and reviewers) see it. `price` in HKD. */
export const ownProject = z.object({
  id: z.number().int(),
  owner_id: z.number().int(),
  name: z.string(),
  catalog: z.enum(CATALOG_VALUES),
  type: z.string(),
  price: z.number(),
  keywords: z.string(),
  tag_ids: z.array(z.number().int()),
  description: z.string(),
  cover: z.string(),
  images: z.array(z.string()),
  for_sale: z.boolean(),
  is_public: z.boolean(),
  anonymous_preview: z.boolean(),
  review_status: z.enum(REVIEW_STATUSES),
  review_reason: z.string(),
  /** Copies sold or given free: a project people own cannot be deleted, only withdrawn. */
  sales_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OwnProject = z.infer<typeof ownProject>;

// --- Comments on my projects ---

export const COMMENT_STATES = ['no_reply', 'replied'] as const;
export const myCommentQuery = pageQuery.extend({
  state: z.enum(COMMENT_STATES, { message: V('invalidValue') }).optional(),
  project_id: idParam.optional(),
});
export type MyCommentQuery = z.infer<typeof myCommentQuery>;
export const myComment = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  project_name: z.string(),
  content: z.string(),
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
  state: z.enum(COMMENT_STATES),
  user: z.object({ id: z.number().int(), name: z.string(), avatar: z.string() }),
  created_at: z.string(),
});
export type MyComment = z.infer<typeof myComment>;
export const replyCommentBody = z.object({ id: idField, reply: requiredText('contentRequired', COMMENT_MAX) });

// --- Review ---

export const FILE_KINDS = ['model3d', 'image360', 'video360', 'image', 'audio', 'video'] as const;
export type FileKind = (typeof FILE_KINDS)[number];
export const ASSET_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;
export const assetView = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  kind: z.enum(FILE_KINDS),
  filename: z.string(),
  bytes: z.number(),
  status: z.enum(ASSET_STATUSES),
  job: z
    .object({
      id: z.number().int(),
      status: z.string(),
      progress: z.number(),
      /** Failure reason code (JOB_FAILURE_REASONS) of a failed job, else null. */
      reason: z.string().nullable(),
      /** The reason's message in the caller's language (never the raw error), else null. */
      error: z.string().nullable(),
      result: z.unknown().nullable(),
    })
    .nullable(),
  created_at: z.string(),
});
export type AssetView = z.infer<typeof assetView>;

export const reviewPageQuery = pageQuery.extend({ keyword: z.string().trim().max(100).optional() });
export type ReviewPageQuery = z.infer<typeof reviewPageQuery>;
/** A project waiting for review, with what the reviewer previews. */
export const reviewItem = ownProject.extend({
  creator: z.object({ id: z.number().int(), name: z.string(), avatar: z.string() }),
  assets: z.array(assetView),
  /**
   * The scene document version under review, which approval publishes (open it with
   * `/project/scene_details?id=&version=`), and the version now on the market (null when never published); null when
   * the review is about the project alone.
   */
  scene: z
    .object({
      kind: z.enum(['tour', 'scene']),
      version: z.number().int(),
      published_version: z.number().int().nullable(),
    })
    .nullable()
    .default(null),
});
export const rejectProjectBody = z.object({ id: idField, reason: requiredText('reasonRequired', 500) });
export const REVIEW_DECISIONS = ['approved', 'rejected'] as const;
export const reviewRecordQuery = pageQuery.extend({
  decision: z.enum(REVIEW_DECISIONS, { message: V('invalidValue') }).optional(),
  project_id: idParam.optional(),
});
export type ReviewRecordQuery = z.infer<typeof reviewRecordQuery>;
export const reviewRecord = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  project_name: z.string(),
  decision: z.enum(REVIEW_DECISIONS),
  reason: z.string(),
  reviewer: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
});
export type ReviewRecord = z.infer<typeof reviewRecord>;

// --- System messages ---

export const systemMessage = z.object({
  id: z.number().int(),
  type: z.string(),
  message: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});
export type SystemMessage = z.infer<typeof systemMessage>;
export const myMessageQuery = pageQuery.extend({ unread: z.enum(['1', '0', 'true', 'false']).optional() });
export const myMessagePage = pageOf(systemMessage).extend({ unread: z.number().int() });
/** POST /message/read_message: marks one message read, or all of them when `id` is omitted. */
export const readMessageBody = z.object({ id: idField.optional() });
export type ReadMessageBody = z.input<typeof readMessageBody>;

// --- File types and capacity ---

export const fileType = z.object({
  id: z.number().int(),
  kind: z.enum(FILE_KINDS),
  extension: z.string(),
  max_bytes: z.number().int(),
  enabled: z.boolean(),
});
export type FileTypeRow = z.infer<typeof fileType>;
export const fileTypeQuery = pageQuery.extend({ kind: z.enum(FILE_KINDS, { message: V('invalidValue') }).optional() });
export const addFileTypeBody = z.object({
  kind: z.enum(FILE_KINDS, { message: V('invalidValue') }),
  extension: z
    .string({ message: V('extensionFormat') })
    .trim()
    .toLowerCase()
    .transform((s) => s.replace(/^\./, ''))
    .pipe(z.string().regex(/^[a-z0-9]{1,10}$/, V('extensionFormat'))),
  max_bytes: z
    .number({ message: V('numberInvalid') })
    .int(V('numberInvalid'))
    .min(1, V('numberInvalid'))
    .max(1024 ** 4, V('numberInvalid')),
  enabled: z.boolean().default(true),
});
export const upFileTypeBody = addFileTypeBody.partial().extend({ id: idField });

export const CAPACITY_PLANS = ['free', 'monthly', 'quarterly', 'yearly', 'biz', 'biz_plus', 'enterprise'] as const;
export type CapacityPlan = (typeof CAPACITY_PLANS)[number];
/** Enterprise capacity floor (spec section 9: at least 20G). */
export const ENTERPRISE_MIN_BYTES = 20 * 1024 ** 3;
export const planCapacity = z.object({ plan: z.enum(CAPACITY_PLANS), quota_bytes: z.number() });
export const userCapacity = z.object({
  user_id: z.number().int(),
  plan: z.enum(CAPACITY_PLANS),
  quota_bytes: z.number(),
  override_bytes: z.number().nullable(),
  used_bytes: z.number(),
  /** Account name and email (null when the account is deleted). */
  name: z.string().nullable(),
  email: z.string().nullable(),
  /** used_bytes / quota_bytes in percent, one decimal; above 100 when over quota (100 when the quota is 0 and anything is stored). */
  percent: z.number(),
});
export type UserCapacity = z.infer<typeof userCapacity>;
export const capacityPage = z.object({ plans: z.array(planCapacity), users: pageOf(userCapacity) });
export type CapacityPage = z.infer<typeof capacityPage>;
export const capacityPageQuery = pageQuery.extend({ user_id: idParam.optional() });
const bytes = z
  .number({ message: V('numberInvalid') })
  .int(V('numberInvalid'))
  .min(0, V('numberInvalid'))
  .max(1024 ** 5, V('numberInvalid'));
/** Either a plan's quota (`plan` + `quota_bytes`) or a user's plan / override (`user_id` + `plan` and/or `quota_bytes`, null clears it). */
export const upCapacityBody = z.union([
  z.object({ user_id: idField, plan: z.enum(CAPACITY_PLANS).optional(), quota_bytes: bytes.nullable().optional() }),
  z.object({ plan: z.enum(CAPACITY_PLANS, { message: V('invalidValue') }), quota_bytes: bytes }),
]);
export type UpCapacityBody = z.infer<typeof upCapacityBody>;
export const myCapacity = z.object({ plan: z.enum(CAPACITY_PLANS), used_bytes: z.number(), quota_bytes: z.number() });

// --- Assets, jobs, delivery ---

export const assetStatus = z.object({
  project_id: z.number().int(),
  review_status: z.enum(REVIEW_STATUSES),
  assets: z.array(assetView),
});
export const contentAsset = z.object({
  id: z.number().int(),
  kind: z.enum(FILE_KINDS),
  filename: z.string(),
  /** Signed, expiring URL of the original. */
  original_url: z.string(),
  /** Signed URLs of processed outputs by name (optimized GLB, thumbnail, previews, tiles `tile_<col>_<row>`…). */
  outputs: z.record(z.string(), z.string()),
  /** Tile grid of a large panorama (full width, power-of-two columns and rows); null when it has no tiles. */
  tiles: z.object({ width: z.number().int(), cols: z.number().int(), rows: z.number().int() }).nullable().default(null),
});
export const projectContent = z.object({
  id: z.number().int(),
  cover: z.string(),
  /** `full`: owner, buyer or admin; `preview`: anonymous preview; `none`: cover only, purchase to view. */
  access: z.enum(['full', 'preview', 'none']),
  message: z.string(),
  assets: z.array(contentAsset),
  /**
   * The scene document (360 tour or 3D scene) the caller sees through `/project/scene_details` (the published one
   * for visitors and buyers, the draft for the creator), or null when the project's content is its assets alone.
   */
  scene: z
    .object({ kind: z.enum(['tour', 'scene']), version: z.number().int() })
    .nullable()
    .default(null),
});

// --- Questionnaires ---

export const QUESTIONS_MAX = 10;
const question = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('single'),
    title: requiredText('contentRequired', 200),
    options: z.array(requiredText('contentRequired', 100)).min(2, V('optionsRequired')).max(10, V('optionsRequired')),
  }),
  z.object({ type: z.literal('text'), title: requiredText('contentRequired', 200) }),
]);
export const questionnaireBody = z.object({
  project_id: idField,
  title: requiredText('nameRequired', 100),
  questions: z.array(question).min(1, V('questionsRange')).max(QUESTIONS_MAX, V('questionsRange')),
});
export type QuestionnaireBody = z.infer<typeof questionnaireBody>;
export type Question = z.infer<typeof question>;
export const questionnaire = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  title: z.string(),
  questions: z.array(question),
  answered: z.boolean(),
});
export const answerBody = z.object({
  project_id: idField,
  /** One answer per question, in order: an option index for `single`, text for `text`. */
  answers: z.array(z.union([z.number().int().min(0), z.string().trim().max(1000, V('tooLong'))])).max(QUESTIONS_MAX),
});
export const questionnaireResults = z.object({
  id: z.number().int(),
  title: z.string(),
  responses: z.number().int(),
  questions: z.array(
    z.object({
      type: z.enum(['single', 'text']),
      title: z.string(),
      /** Per option counts (single choice). */
      counts: z.array(z.number().int()).optional(),
      /** The latest text answers (text). */
      texts: z.array(z.string()).optional(),
    }),
  ),
});

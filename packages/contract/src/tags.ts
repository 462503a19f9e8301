import { z } from 'zod';
import { idNumber, pageOf, pageQuery } from './common';
import { V } from './messages';

/**
 * The tag catalogue (/projecttag): each tag has a key (`name`, unique), display names in zh/tc/en, an
 * on/off switch, an order and a usage count. A closed tag disappears from the market's chips and the project form but
 * stays on the projects that carry it; merging moves every project from one tag to another and removes the first.
 */
export const TAG_NAME_MAX = 40;
export const TAG_SORT_MAX = 9999;

const tagText = (required: boolean) => {
  const s = z
    .string({ message: V('required') })
    .trim()
    .max(TAG_NAME_MAX, V('tooLong'));
  return required ? s.min(1, V('required')) : s;
};

/** GET /tag/tag_page. */
export const tagPageQuery = pageQuery.extend({
  keyword: z.string().trim().max(100, V('tooLong')).optional(),
  enabled: z
    .enum(['true', 'false'], { message: V('invalidValue') })
    .transform((v) => v === 'true')
    .optional(),
});
export type TagPageQuery = z.input<typeof tagPageQuery>;

export const adminTag = z.object({
  id: z.number().int(),
  name: z.string(),
  names: z.object({ zh: z.string(), tc: z.string(), en: z.string() }),
  enabled: z.boolean(),
  sort: z.number().int(),
  /** Projects (not deleted) carrying the tag. */
  usage: z.number().int(),
  created_at: z.string(),
});
export type AdminTag = z.infer<typeof adminTag>;
export const tagPage = pageOf(adminTag);

const tagFields = {
  names: z
    .object({ zh: tagText(false), tc: tagText(false), en: tagText(false) })
    .partial()
    .default({}),
  sort: z
    .number({ message: V('invalidValue') })
    .int(V('invalidValue'))
    .min(0)
    .max(TAG_SORT_MAX, V('numberTooLarge'))
    .default(0),
  enabled: z.boolean().default(true),
};

/** POST /tag/add_tag. */
export const addTagBody = z.object({ name: tagText(true), ...tagFields });
export type AddTagBody = z.input<typeof addTagBody>;

/** POST /tag/up_tag: the key is fixed once created (search text and imports refer to it); names, order and switch change. */
export const upTagBody = z.object({
  id: idNumber,
  names: tagFields.names,
  sort: tagFields.sort.optional(),
  enabled: z.boolean().optional(),
});
export type UpTagBody = z.input<typeof upTagBody>;

/** POST /tag/set_tag: start / close. */
export const setTagBody = z.object({ id: idNumber, enabled: z.boolean({ message: V('required') }) });

/** POST /tag/merge_tag: every project with `from_id` gets `into_id` instead; `from_id` is removed. */
export const mergeTagBody = z
  .object({ from_id: idNumber, into_id: idNumber })
  .refine((b) => b.from_id !== b.into_id, { message: V('tagMergeSelf'), path: ['into_id'] });
export type MergeTagBody = z.input<typeof mergeTagBody>;
export const mergeTagReply = z.object({ moved: z.number().int() });
export type MergeTagReply = z.infer<typeof mergeTagReply>;

// The zod-free part of ./market (re-exported there): the public pages import it from here, so the market and the
// product details do not load zod and the schemas (docs/perf.md "Web first load").

/** Sort orders of the market (spec: newest, price up / down, most popular, best rated). */
export const MARKET_SORTS = ['newest', 'price_asc', 'price_desc', 'popular', 'rating'] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];
/** Reasons a project can be reported for (ours). */
export const REPORT_REASONS = ['infringement', 'inappropriate', 'fraud', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const SCORE_MIN = 1;
export const SCORE_MAX = 5;
export const COMMENT_MAX = 1000;
export const KEYWORD_MAX = 100;

/** A tag's name in an interface language (its key when that translation is missing). */
export function tagName(
  tag: { name: string; names?: Partial<Record<'zh' | 'tc' | 'en', string>> },
  lang: 'zh' | 'tc' | 'en',
): string {
  return tag.names?.[lang] || tag.name;
}

/**
 * Counting the market's matches stops after this many: a count of every match would cost more than the page
 * itself, so beyond it the reply says `total_exact: false` and `total` is the cap (shown as "10,000+").
 */
export const MARKET_COUNT_CAP = 10_000;

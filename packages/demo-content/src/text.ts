import type { I18nText } from '@xr/contract/scenes';

/** A text in the three interface languages, English first (as the demo data is written). */
export const t = (en: string, zh: string, tc: string): Required<I18nText> => ({ zh, tc, en });

/** Where the demo's link hotspots point: what an equirectangular panorama is. */
export const LINK_URL = 'https://en.wikipedia.org/wiki/Equirectangular_projection';

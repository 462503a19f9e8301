import type { Lang } from '@xr/contract/lang';
import { LIBRARY_CATEGORIES, type LibraryCategory } from '@xr/contract/library';

/** A category's name in the interface language (the contract holds the three names, as the server answers them). */
export const categoryLabel = (id: LibraryCategory, lang: Lang) => LIBRARY_CATEGORIES[id]?.[lang] ?? id;

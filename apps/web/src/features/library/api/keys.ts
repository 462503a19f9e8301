/** Query keys of the library feature; curation invalidates by the `all` prefix. */
export const libraryKeys = {
  all: ['library'] as const,
  models: ['library', 'models'] as const,
  categories: ['library', 'categories'] as const,
  manage: ['library', 'manage'] as const,
};

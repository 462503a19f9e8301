import type { DocumentKind } from '@xr/contract/scenes';

/**
 * The full-screen viewer's address: the lean page `viewer.html` (its own entry, without the SPA's start-up), with
 * the scene document's kind when the caller knows it (the page then fetches that viewer's code at once).
 */
export function fullScreenViewerUrl(projectId: number, kind?: DocumentKind | null): string {
  return `/viewer.html?id=${projectId}${kind ? `&kind=${kind}` : ''}`;
}

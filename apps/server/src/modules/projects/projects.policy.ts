import type { NotPurchasableReason } from '@xr/contract/cart';

/** Who is looking: the signed-in user (null for a visitor). */
export type Viewer = { id: number; roles: readonly string[]; permissions: ReadonlySet<string> } | null;

/** The permission of the review screen: reviewers see projects that are not published yet. */
export const REVIEW_PERMISSION = '/approval/project-review';

interface ProjectState {
  ownerId: number;
  reviewStatus: string;
  isPublic: boolean;
  forSale: boolean;
}

/** In the market: approved and public. */
export const isMarketVisible = (p: Pick<ProjectState, 'reviewStatus' | 'isPublic'>) =>
  p.reviewStatus === 'approved' && p.isPublic;

/** Administrators and reviewers see every project. */
export const isModerator = (viewer: Viewer) =>
  !!viewer && (viewer.roles.includes('admin') || viewer.permissions.has(REVIEW_PERMISSION));

/** A project's page is readable when it is in the market, or by its owner and moderators (others get "not found"). */
export const canView = (viewer: Viewer, p: ProjectState) => isMarketVisible(p) || viewer?.id === p.ownerId || isModerator(viewer);

/**
 * Why a user cannot buy a project (cart or order), or null when they can. `purchased` says whether the
 * user already owns it. Unknown projects are the caller's case ('unknown').
 */
export function whyNotPurchasable(buyerId: number, p: ProjectState, purchased: boolean): NotPurchasableReason | null {
  if (p.ownerId === buyerId) return 'own';
  if (!isMarketVisible(p)) return 'unavailable';
  if (purchased) return 'purchased';
  if (!p.forSale) return 'not_for_sale';
  return null;
}

/** Only the owner edits a project, uploads its files, replies to its comments and deletes it. */
export const canEdit = (viewer: Viewer, p: Pick<ProjectState, 'ownerId'>) => !!viewer && viewer.id === p.ownerId;

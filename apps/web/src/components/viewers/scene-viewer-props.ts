import type { SceneDetails } from '@xr/contract/scenes';

/**
 * What both document viewers take (the 360 tour viewer in `viewers/tour/`, the 3D scene viewer in
 * `viewers/scene3d/`). Each is the default export of its `*-viewer.tsx`, loaded lazily, and is also the preview of
 * its editor: the editor passes the unsaved document and its resolved media.
 */
export interface SceneViewerProps {
  details: SceneDetails;
  /** The document to show (already parsed with the contract's schema). Defaults to `details.document`. */
  document?: unknown;
  /** Height of the viewer box (CSS); full-screen pages pass '100vh'. */
  height?: number | string;
  /** Start in this scene of a tour (element id). */
  startScene?: string;
  /** Adds a market project to the cart (product hotspots; the popup waits for a returned promise); absent where there is no cart. */
  onAddToCart?(projectId: number): unknown;
  className?: string;
}

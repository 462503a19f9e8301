import type { SceneDetails } from '@xr/contract/scenes';
import type { ReactNode } from 'react';
import type { TourPeopleSource } from './tour/tour-people';

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
  /** Turn the view slowly on its own (an embed's option): a tour as with its autorotate setting on, a 3D scene's orbit camera circling. */
  autoRotate?: boolean;
  /** Adds a market project to the cart (product hotspots; the popup waits for a returned promise); absent where there is no cart. */
  onAddToCart?(projectId: number): unknown;
  className?: string;
  /** 3D scenes: extra content inside the canvas (the meta world room's avatars and presenter screen). */
  children?: ReactNode;
  /** 3D scenes: walk mode only, no orbit switch (a room, where the camera is the visitor's eyes). */
  walkOnly?: boolean;
  /** Tours: go to this scene and view whenever it changes (a room's "follow the host"); null stays put. */
  follow?: { scene: string; yaw: number; pitch: number } | null;
  /** Tours: the visitor's scene and view as they change (at most every quarter second). */
  onViewChange?(sceneId: string, view: { yaw: number; pitch: number }): void;
  /** Tours: a room's other people, drawn where they look (a ring around the viewpoint in stereo and VR). */
  people?: TourPeopleSource;
}

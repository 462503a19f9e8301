/** An axis-aligned box in world space. */
export interface Box {
  min: number[];
  max: number[];
}

/** What a reader makes of one model. */
export interface Analysis {
  box: Box | null;
  /** Triangles drawn (instances counted). */
  triangles: number;
  /** Drawn meshes: per mesh, its material groups (at least one) times its instances. */
  draws: number;
  skinned: number;
  /** The distinct morph target counts of the meshes that have morph targets. */
  morph: number[];
  clips: string[];
  ms: number;
}

/** Two renders of two models (two views each), compared: see `compare` in page.ts. */
export interface ImageMetrics {
  /** Mean absolute difference over R, G and B of every pixel, 0–255. */
  mad: number;
  /** Share of the pixels both models cover whose largest channel difference is ≤ 24. */
  within: number;
  /** Silhouette intersection over union. */
  iou: number;
}

import type { PanoramaTiles } from './panorama-viewer';

/**
 * What the viewers show of a project's delivered content, as plain data: the pages decide from it whether there is
 * anything to show before they load any viewer code (asset-viewer.tsx renders it).
 */

export type ViewerKind = 'panorama' | 'video' | 'model' | 'image';

export interface AssetViewerProps {
  kind: ViewerKind;
  src: string;
  preview?: string;
  /** Tiled panoramas only. */
  tiles?: PanoramaTiles;
  poster?: string;
  height?: number | string;
  caption?: string;
  emptyText?: string;
  errorText?: string;
  /** The original file (owner, buyers and admins only): a download link under the viewer. */
  download?: { url: string; filename: string };
}

/** Which viewer an asset kind opens with (contract kinds: model3d, image360, video360, image, audio, video). */
export function viewerKindOf(assetKind: string): ViewerKind {
  if (/model|glb|gltf|obj|fbx|3ds/i.test(assetKind)) return 'model';
  if (/video|audio/i.test(assetKind)) return 'video';
  if (/360|pano/i.test(assetKind)) return 'panorama';
  return 'image';
}

/** What the viewers show of a project's delivered content: one entry per asset that has something viewable. */
export function viewsOf(content: { assets: DeliveredAsset[] } | undefined): AssetViewerProps[] {
  return (content?.assets ?? []).map(viewerPropsOf).filter((v): v is AssetViewerProps => !!v);
}

/** A delivered asset: signed URL of the original and of the processed outputs by name. */
export interface DeliveredAsset {
  kind: string;
  filename: string;
  original_url: string;
  outputs: Record<string, string>;
  tiles?: { width: number; cols: number; rows: number } | null;
}

const firstOf = (outputs: Record<string, string>, test: (name: string) => boolean) =>
  Object.entries(outputs).find(([name]) => test(name))?.[1];

/**
 * What the viewer shows for a delivered asset: the optimized GLB for models, the panorama (or its preview size
 * when only previews are allowed), the video with its poster. Undefined when nothing viewable was delivered.
 */
export function viewerPropsOf(a: DeliveredAsset): AssetViewerProps | undefined {
  const kind = viewerKindOf(a.kind);
  const o = a.outputs;
  // the largest preview size first (preview_2048 before preview_512)
  const previews = Object.entries(o)
    .filter(([n]) => n.startsWith('preview'))
    .sort(([a], [b]) => Number(b.replace(/\D/g, '')) - Number(a.replace(/\D/g, '')));
  const preview = previews[0]?.[1];
  const poster = o.poster ?? o.thumbnail;
  const glb = firstOf(o, (n) => /glb|model|optimized/i.test(n));
  const src =
    kind === 'model' ? (glb ?? (/\.glb$/i.test(a.filename) ? a.original_url : '')) : a.original_url || preview || poster || '';
  if (!src) return undefined;
  if (kind === 'video' && !a.original_url) return { kind: 'image', src: poster ?? src, caption: a.filename };
  // (the download link comes with full access only: previews carry no original URL)
  const tileUrls = Object.fromEntries(Object.entries(o).filter(([n]) => n.startsWith('tile_')));
  const tiles =
    kind === 'panorama' && a.tiles && Object.keys(tileUrls).length === a.tiles.cols * a.tiles.rows
      ? { ...a.tiles, urls: tileUrls }
      : undefined;
  const download = a.original_url ? { url: a.original_url, filename: a.filename } : undefined;
  return { kind, src, preview, tiles, poster, caption: a.filename, download };
}

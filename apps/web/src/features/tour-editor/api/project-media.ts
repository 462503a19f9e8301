import { queryOptions } from '@tanstack/react-query';
import type { ResolvedMedia } from '@xr/contract/scenes';
import { fetchProjectContent, type ProjectContent } from '../../../components/api/project-content';

type ContentAsset = ProjectContent['assets'][number];

/** What the editor offers: the project's uploads as the viewer resolves them, by id, with their kind and file name. */
export interface ProjectMedia {
  /** Asset id → resolved URLs (the same shape `scene_details` gives the viewer). */
  media: Record<string, ResolvedMedia>;
  assets: { id: number; kind: ContentAsset['kind']; filename: string; ready: boolean }[];
}

/** A delivered asset in the viewer's shape: its outputs plus `original`, and its tile grid. */
export function resolvedOf(a: ContentAsset): ResolvedMedia {
  const urls: Record<string, string> = { ...a.outputs };
  if (a.original_url) urls.original = a.original_url;
  return {
    id: a.id,
    kind: a.kind,
    status: 'ready',
    urls,
    // (the contract's grid; tile URLs are the `tile_<col>_<row>` outputs)
    tiles: a.tiles ? ({ ...a.tiles, url_template: '' } as ResolvedMedia['tiles']) : null,
    clips: [],
  };
}

/** A 360 image is usable once the pipeline made its previews; the other kinds once the original is there. */
const isReady = (a: ContentAsset) =>
  a.kind === 'image360' ? Object.keys(a.outputs).some((n) => n.startsWith('preview')) : !!a.original_url;

export function toProjectMedia(content: ProjectContent): ProjectMedia {
  return {
    media: Object.fromEntries(content.assets.map((a) => [String(a.id), resolvedOf(a)])),
    assets: content.assets.map((a) => ({ id: a.id, kind: a.kind, filename: a.filename, ready: isReady(a) })),
  };
}

/** GET /project/content?id as the owner sees it: every upload of the project with signed URLs. */
export function projectMediaQuery(id: number) {
  return queryOptions({
    queryKey: ['tour-editor', 'media', id],
    queryFn: async ({ signal }) => toProjectMedia(await fetchProjectContent(id, signal)),
  });
}

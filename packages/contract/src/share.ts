import { z } from 'zod';
import { idCoerced } from './common';
import { i18nText, sceneKind } from './scenes';

/** `GET /share/info?id=`: the share card of a public project (404 for any other). */
export const shareInfoQuery = z.object({ id: idCoerced });

/** A tour scene an embed may start in. */
export const shareStartScene = z.object({ id: z.string(), name: i18nText() });

export const shareInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Absolute URL of the cover (what a chat app's link card shows). */
  cover: z.string(),
  kind: sceneKind,
  /** The page people open: server-rendered link card, then the project's details in the app. */
  share_url: z.string(),
  /** The full-screen viewer, the page an embed frames (options are added as query parameters). */
  embed_url: z.string(),
  /** A tour's scenes, in order (empty for a 3D scene). */
  scenes: z.array(shareStartScene),
});
export type ShareInfo = z.infer<typeof shareInfo>;
export type ShareStartScene = z.infer<typeof shareStartScene>;

/** The options of an embed code, as the viewer page reads them from its query. */
export interface EmbedOptions {
  autorotate: boolean;
  /** A tour scene id to start in; empty for the document's own start. */
  scene: string;
  /** The viewer's interface language; empty follows the visitor's. */
  lang: '' | 'zh' | 'tc' | 'en';
}

/** The viewer address an embed frames: `embed_url` with the options that differ from the defaults. */
export function embedSrc(embedUrl: string, o: EmbedOptions): string {
  const url = new URL(embedUrl);
  url.searchParams.set('embed', '1');
  if (o.autorotate) url.searchParams.set('autorotate', '1');
  if (o.scene) url.searchParams.set('scene', o.scene);
  if (o.lang) url.searchParams.set('lang', o.lang);
  return url.toString();
}

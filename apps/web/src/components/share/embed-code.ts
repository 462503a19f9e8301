import { type EmbedOptions, embedSrc } from '@xr/contract/share';

/** The size choices of an embed: a responsive 16:9 box that fills the page's width, two fixed sizes, or custom. */
export type EmbedSize = 'responsive' | '800x450' | '1280x720' | 'custom';
export const EMBED_SIZES: readonly EmbedSize[] = ['responsive', '800x450', '1280x720', 'custom'];

/** Bounds of a custom size (a frame smaller than this cannot show the viewer's controls). */
export const CUSTOM_LIMITS = { width: [240, 3840], height: [180, 2160] } as const;

export interface EmbedChoice extends EmbedOptions {
  size: EmbedSize;
  /** Used when `size` is `custom`. */
  width: number;
  height: number;
}

export const DEFAULT_CHOICE: EmbedChoice = {
  size: 'responsive',
  width: 960,
  height: 540,
  autorotate: false,
  scene: '',
  lang: '',
};

const clamp = (v: number, [lo, hi]: readonly [number, number]) =>
  Math.min(hi, Math.max(lo, Math.round(Number.isFinite(v) ? v : lo)));

/** The frame's pixel size, or null for the responsive box. */
export function frameSize(c: Pick<EmbedChoice, 'size' | 'width' | 'height'>): { width: number; height: number } | null {
  if (c.size === 'responsive') return null;
  if (c.size === 'custom') return { width: clamp(c.width, CUSTOM_LIMITS.width), height: clamp(c.height, CUSTOM_LIMITS.height) };
  const [w, h] = c.size.split('x').map(Number);
  return { width: w ?? 800, height: h ?? 450 };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const attr = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);

/** What the frame may use: full screen, VR/AR sessions, the phone's motion sensors (gyroscope look-around), sound. */
const ALLOW = 'fullscreen; xr-spatial-tracking; gyroscope; accelerometer; autoplay';

/** The `<iframe>` HTML a site pastes: the viewer with the chosen options, titled with the project's name. */
export function embedCode(embedUrl: string, title: string, c: EmbedChoice): string {
  const src = attr(embedSrc(embedUrl, c));
  const common = `src="${src}" title="${attr(title)}" allow="${ALLOW}" allowfullscreen loading="lazy"`;
  const size = frameSize(c);
  if (!size) {
    return `<div style="position:relative;width:100%;padding-top:56.25%"><iframe ${common} style="position:absolute;inset:0;width:100%;height:100%;border:0"></iframe></div>`;
  }
  return `<iframe ${common} width="${size.width}" height="${size.height}" style="border:0;max-width:100%"></iframe>`;
}

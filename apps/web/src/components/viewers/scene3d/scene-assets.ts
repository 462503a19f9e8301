import type { HotspotIcon, ResolvedMedia, SceneDetails, SceneHotspot } from '@xr/contract/scenes';
import { CanvasTexture, SRGBColorSpace, type Texture } from 'three';

/** A 360 sky's image: its widest `preview_<width>` output (what the pipeline makes of a panorama), else the original. */
export function panoramaUrl(m: ResolvedMedia | undefined): string | null {
  if (!m) return null;
  const previews = Object.entries(m.urls)
    .map(([name, url]) => ({ width: Number(/^preview_(\d+)$/.exec(name)?.[1] ?? 0), url }))
    .filter((p) => p.width > 0)
    .sort((a, b) => b.width - a.width);
  return previews[0]?.url ?? m.urls.preview ?? m.urls.original ?? null;
}

/** The URL a media hotspot plays or shows (video, audio, image). */
export function hotspotMediaUrl(details: SceneDetails, hotspot: SceneHotspot): string | null {
  if (!('asset_id' in hotspot)) return null;
  const m = details.media[String(hotspot.asset_id)];
  if (!m) return null;
  const order: Record<string, string[]> = {
    video: ['video', 'preview', 'original'],
    audio: ['audio', 'original'],
    image: ['image', 'preview', 'original', 'thumbnail'],
  };
  for (const key of order[hotspot.kind] ?? ['original']) if (m.urls[key]) return m.urls[key]!;
  return Object.values(m.urls)[0] ?? null;
}

const GLYPHS: Record<HotspotIcon, string> = {
  info: 'i',
  play: '▶',
  image: '▣',
  audio: '♪',
  link: '↗',
  arrow: '➜',
  star: '★',
  cart: '$',
};
const COLOURS: Record<HotspotIcon, string> = {
  info: '#1677ff',
  play: '#eb2f96',
  image: '#13a8a8',
  audio: '#722ed1',
  link: '#2f54eb',
  arrow: '#fa8c16',
  star: '#faad14',
  cart: '#52c41a',
};

const iconCache = new Map<string, Texture>();

/** A round icon texture drawn in a canvas (no image downloads), cached per icon. */
export function hotspotIconTexture(icon: HotspotIcon, selected = false): Texture {
  const key = `${icon}:${selected}`;
  const cached = iconCache.get(key);
  if (cached) return cached;
  const size = 128;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const g = canvas.getContext('2d');
  if (g) {
    g.beginPath();
    g.arc(size / 2, size / 2, size / 2 - 6, 0, Math.PI * 2);
    g.fillStyle = COLOURS[icon];
    g.fill();
    g.lineWidth = 8;
    g.strokeStyle = selected ? '#ffd400' : '#ffffff';
    g.stroke();
    g.fillStyle = '#ffffff';
    g.font = 'bold 64px sans-serif';
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText(GLYPHS[icon], size / 2, size / 2 + 4);
  }
  const tex = new CanvasTexture(canvas);
  tex.colorSpace = SRGBColorSpace;
  iconCache.set(key, tex);
  return tex;
}

/** Finds a model's clip by a step's clip name: exact, then case-insensitive, then by inclusion (`Armature|Walk`). */
export function matchClip<T extends { name: string }>(clips: readonly T[], name: string | null): T | undefined {
  if (!name) return undefined;
  const lower = name.toLowerCase();
  return (
    clips.find((c) => c.name === name) ??
    clips.find((c) => c.name.toLowerCase() === lower) ??
    clips.find((c) => c.name.toLowerCase().includes(lower))
  );
}

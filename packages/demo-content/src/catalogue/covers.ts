import crypto from 'node:crypto';
import type { Catalog } from '@xr/contract/constants';

/** Gradient pairs of the generated covers. */
const PALETTES: [string, string][] = [
  ['#0ea5e9', '#6366f1'],
  ['#f97316', '#db2777'],
  ['#10b981', '#0e7490'],
  ['#8b5cf6', '#ec4899'],
  ['#f59e0b', '#ef4444'],
  ['#14b8a6', '#3b82f6'],
  ['#64748b', '#0f172a'],
  ['#84cc16', '#059669'],
  ['#e11d48', '#7c3aed'],
  ['#06b6d4', '#1e3a8a'],
];

/** The scene motif of a category, drawn in an 800×450 box; `v` (0-2) varies the composition. */
function motif(catalog: Catalog, v: number): string {
  const dx = [0, -120, 120][v] ?? 0;
  switch (catalog) {
    case '360_image':
      return `<circle cx="${560 + dx}" cy="130" r="52" fill="#fff" fill-opacity="0.85"/>
<path d="M0 330 L150 190 L260 280 L380 150 L520 300 L640 210 L800 320 L800 450 L0 450 Z" fill="#fff" fill-opacity="0.28"/>
<path d="M0 370 L120 290 L240 350 L360 260 L500 360 L660 300 L800 380 L800 450 L0 450 Z" fill="#fff" fill-opacity="0.4"/>
<ellipse cx="400" cy="225" rx="330" ry="150" fill="none" stroke="#fff" stroke-opacity="0.55" stroke-width="4" stroke-dasharray="14 10"/>`;
    case '360_video':
      return `<circle cx="${400 + dx}" cy="215" r="120" fill="#fff" fill-opacity="0.18" stroke="#fff" stroke-opacity="0.7" stroke-width="5"/>
<ellipse cx="${400 + dx}" cy="215" rx="120" ry="42" fill="none" stroke="#fff" stroke-opacity="0.45" stroke-width="3"/>
<path d="M${372 + dx} 165 L${372 + dx} 265 L${452 + dx} 215 Z" fill="#fff" fill-opacity="0.95"/>
<rect x="60" y="380" width="680" height="8" rx="4" fill="#fff" fill-opacity="0.3"/>
<rect x="60" y="380" width="${220 + v * 140}" height="8" rx="4" fill="#fff" fill-opacity="0.9"/>`;
    case '3d_model':
      return `<ellipse cx="${400 + dx}" cy="360" rx="170" ry="34" fill="#000" fill-opacity="0.18"/>
<path d="M${400 + dx} 90 L${530 + dx} 160 L${400 + dx} 230 L${270 + dx} 160 Z" fill="#fff" fill-opacity="0.92"/>
<path d="M${270 + dx} 160 L${400 + dx} 230 L${400 + dx} 370 L${270 + dx} 300 Z" fill="#fff" fill-opacity="0.55"/>
<path d="M${530 + dx} 160 L${400 + dx} 230 L${400 + dx} 370 L${530 + dx} 300 Z" fill="#fff" fill-opacity="0.32"/>`;
    case 'multimedia':
      return `<rect x="${190 + dx}" y="110" width="300" height="190" rx="18" fill="#fff" fill-opacity="0.25" transform="rotate(-8 ${340 + dx} 205)"/>
<rect x="${250 + dx}" y="130" width="300" height="190" rx="18" fill="#fff" fill-opacity="0.45"/>
<rect x="${310 + dx}" y="150" width="300" height="190" rx="18" fill="#fff" fill-opacity="0.85"/>
${[0, 1, 2, 3, 4, 5, 6]
  .map((i) => {
    const h = [30, 60, 44, 80, 52, 70, 36][(i + v) % 7] ?? 40;
    return `<rect x="${350 + dx + i * 30}" y="${300 - h}" width="16" height="${h}" rx="6" fill="#6366f1" fill-opacity="0.8"/>`;
  })
  .join('\n')}`;
  }
}

/**
 * A generated cover: a diagonal gradient, soft light circles and the category's motif. Presentation attributes
 * only (no scripts, no styles), so it renders under the file route's strict Content-Security-Policy.
 */
export function coverSvg(name: string, catalog: Catalog, variant = 0): string {
  const h = crypto.createHash('sha256').update(`${name}#${variant}`).digest();
  const [from, to] = PALETTES[(h[0] ?? 0) % PALETTES.length] ?? ['#0ea5e9', '#6366f1'];
  const angle = [
    [0, 0, 1, 1],
    [1, 0, 0, 1],
    [0, 1, 1, 0],
  ][variant % 3] ?? [0, 0, 1, 1];
  const bubbles = [1, 2, 3]
    .map((i) => {
      const x = ((h[i] ?? 0) / 255) * 800;
      const y = ((h[i + 3] ?? 0) / 255) * 450;
      const r = 40 + ((h[i + 6] ?? 0) / 255) * 120;
      return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="#fff" fill-opacity="0.08"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
<defs><linearGradient id="g" x1="${angle[0]}" y1="${angle[1]}" x2="${angle[2]}" y2="${angle[3]}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="800" height="450" fill="url(#g)"/>${bubbles}
${motif(catalog, variant % 3)}
</svg>
`;
}

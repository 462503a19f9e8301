/**
 * The room's meaning-carrying pictures (raised hand, speaking, emotes) as line icons drawn from SVG path data, the
 * same paths in the page (`RoomIcon`) and on the canvas of the name above an avatar (`drawRoomIcon`). Not emoji: a
 * browser without an emoji font (CI's headless Chromium) draws them as empty boxes.
 * 24 × 24 grid, 2 px round strokes (drawn after Lucide's icons, ISC licence).
 */
export type RoomIconName = 'hand' | 'sparkles' | 'thumbs_up' | 'heart' | 'laugh' | 'music' | 'question' | 'speaker';

const CIRCLE = 'M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20z';

/** Each icon's strokes; `fill`: the first path is also filled (a solid shape reads better when small). */
export const ROOM_ICON_PATHS: Record<RoomIconName, { d: string[]; fill?: boolean }> = {
  hand: {
    d: [
      'M18 11V6a2 2 0 0 0-4 0',
      'M14 10V4a2 2 0 0 0-4 0v2',
      'M10 10.5V6a2 2 0 0 0-4 0v8',
      'M18 8a2 2 0 1 1 4 0v6a8 8 0 0 1-8 8h-2c-2.8 0-4.5-.86-5.99-2.34l-3.6-3.6a2 2 0 0 1 2.83-2.82L7 15',
    ],
  },
  sparkles: {
    d: ['M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9z', 'M19 3v4', 'M21 5h-4', 'M5 17v4', 'M7 19H3'],
  },
  thumbs_up: {
    d: [
      'M7 10v12',
      'M15 5.88L14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88z',
    ],
  },
  heart: {
    d: [
      'M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7z',
    ],
    fill: true,
  },
  laugh: { d: [CIRCLE, 'M18 13a6 6 0 0 1-12 0z', 'M9 9h.01', 'M15 9h.01'] },
  music: { d: ['M9 18V5l12-2v13', 'M6 15a3 3 0 1 0 0 6a3 3 0 1 0 0-6z', 'M18 13a3 3 0 1 0 0 6a3 3 0 1 0 0-6z'] },
  question: { d: [CIRCLE, 'M9.09 9a3 3 0 0 1 5.83 1c0 2-3 3-3 3', 'M12 17h.01'] },
  speaker: {
    d: [
      'M11 4.7a.7.7 0 0 0-1.2-.5L6.4 7.6A1.4 1.4 0 0 1 5.4 8H3a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2.4a1.4 1.4 0 0 1 1 .4l3.4 3.4a.7.7 0 0 0 1.2-.5z',
      'M16 9a5 5 0 0 1 0 6',
      'M19.4 18.4a9 9 0 0 0 0-12.8',
    ],
  },
};

/** A room icon inline with text (1em, the text's colour), named for screen readers when `label` is given. */
export function RoomIcon({ name, label, className }: { name: RoomIconName; label?: string; className?: string }) {
  const icon = ROOM_ICON_PATHS[name];
  const cls = `anticon xr-room-icon${className ? ` ${className}` : ''}`;
  const svg = (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      aria-hidden="true"
    >
      {icon.d.map((d, i) => (
        <path key={d} d={d} fill={icon.fill && i === 0 ? 'currentColor' : undefined} />
      ))}
    </svg>
  );
  return label ? (
    <span className={cls} role="img" aria-label={label} title={label} data-icon={name}>
      {svg}
    </span>
  ) : (
    <span className={cls} aria-hidden="true" data-icon={name}>
      {svg}
    </span>
  );
}

/** Draws a room icon on a 2D canvas, `size` px square with its top left at (x, y). */
export function drawRoomIcon(
  ctx: CanvasRenderingContext2D,
  name: RoomIconName,
  x: number,
  y: number,
  size: number,
  color: string,
): void {
  if (typeof Path2D === 'undefined') return;
  const icon = ROOM_ICON_PATHS[name];
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(size / 24, size / 24);
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = 2;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  icon.d.forEach((d, i) => {
    const p = new Path2D(d);
    if (icon.fill && i === 0) ctx.fill(p);
    ctx.stroke(p);
  });
  ctx.restore();
}

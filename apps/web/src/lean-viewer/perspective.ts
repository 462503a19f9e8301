/*
 * The opening view of an equirectangular panorama in perspective, computed on the CPU (no WebGL, no three.js): the
 * lean page draws the tour's first picture this way while Photo Sphere Viewer's code is still on its way, with the
 * same camera as Photo Sphere Viewer's (yaw to the right, pitch up, vertical field of view from the zoom level).
 */

/** A view as the tour document stores it: yaw and pitch in radians, zoom 0…100 (Photo Sphere Viewer's level). */
export interface PerspectiveView {
  yaw: number;
  pitch: number;
  zoom: number;
}

/** RGBA pixels, row by row (an `ImageData`'s shape). */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** Photo Sphere Viewer's vertical field of view (degrees) at a zoom level, with its default min / max (30° / 90°). */
export function fovOfZoom(zoom: number, minFov = 30, maxFov = 90): number {
  const z = Math.min(100, Math.max(0, Number.isFinite(zoom) ? zoom : 50));
  return maxFov + (z / 100) * (minFov - maxFov);
}

/**
 * The early picture's canvas size for a place of `cssWidth` × `cssHeight`: two canvas pixels per panorama pixel
 * across the view (more would only interpolate: the browser's scaling of the canvas does that for free), at most half
 * the CSS size. A 512 px preview at zoom 50 on a 1440 × 768 place needs ~280 × 150 pixels, not 1440 × 768: the
 * per-pixel work on the main thread is what this picture costs.
 */
export function earlyCanvasSize(cssWidth: number, cssHeight: number, sourceWidth: number, zoom: number) {
  if (!(cssWidth > 0 && cssHeight > 0 && sourceWidth > 0)) return { width: 1, height: 1 };
  const tanV = Math.tan((fovOfZoom(zoom) * Math.PI) / 360);
  const hFov = 2 * Math.atan(tanV * (cssWidth / cssHeight));
  const needed = (2 * sourceWidth * hFov) / (2 * Math.PI);
  const scale = Math.min(0.5, needed / cssWidth);
  return { width: Math.max(1, Math.ceil(cssWidth * scale)), height: Math.max(1, Math.ceil(cssHeight * scale)) };
}

/**
 * The panorama point (u right 0…1 from yaw −π, v down 0…1 from the zenith) seen through the view at a screen point
 * (x right, y up, both −1…1 across the picture whose width / height is `aspect`).
 */
export function panoramaPointAt(x: number, y: number, view: PerspectiveView, aspect: number): { u: number; v: number } {
  const tanV = Math.tan((fovOfZoom(view.zoom) * Math.PI) / 360);
  const tanH = tanV * aspect;
  const sy = Math.sin(view.yaw);
  const cy = Math.cos(view.yaw);
  const sp = Math.sin(view.pitch);
  const cp = Math.cos(view.pitch);
  // forward (sy·cp, sp, −cy·cp), right (cy, 0, sy), up (−sy·sp, cp, cy·sp); −z is straight ahead at yaw 0
  const a = x * tanH;
  const b = y * tanV;
  const dx = sy * cp + a * cy - b * sy * sp;
  const dy = sp + b * cp;
  const dz = -cy * cp + a * sy + b * cy * sp;
  const lon = Math.atan2(dx, -dz);
  const lat = Math.atan2(dy, Math.hypot(dx, dz));
  return { u: 0.5 + lon / (2 * Math.PI), v: 0.5 - lat / Math.PI };
}

/**
 * Fills `out` with the view of the equirectangular `source` (bilinear samples, wrapping around in yaw). The rays are
 * computed per pixel with the same formulas as `panoramaPointAt`, hoisted out of the loop.
 */
export function renderPerspective(source: Pixels, out: Pixels, view: PerspectiveView): void {
  const { width: sw, height: sh, data: src } = source;
  const { width: w, height: h, data: dst } = out;
  const tanV = Math.tan((fovOfZoom(view.zoom) * Math.PI) / 360);
  const tanH = tanV * (w / h);
  const sy = Math.sin(view.yaw);
  const cy = Math.cos(view.yaw);
  const sp = Math.sin(view.pitch);
  const cp = Math.cos(view.pitch);
  const twoPi = 2 * Math.PI;
  let o = 0;
  for (let j = 0; j < h; j++) {
    const b = (1 - (2 * (j + 0.5)) / h) * tanV;
    const rowX = sy * cp - b * sy * sp;
    const dy = sp + b * cp;
    const rowZ = -cy * cp + b * cy * sp;
    for (let i = 0; i < w; i++, o += 4) {
      const a = ((2 * (i + 0.5)) / w - 1) * tanH;
      const dx = rowX + a * cy;
      const dz = rowZ + a * sy;
      const u = 0.5 + Math.atan2(dx, -dz) / twoPi;
      const v = 0.5 - Math.atan2(dy, Math.sqrt(dx * dx + dz * dz)) / Math.PI;
      // bilinear sample, x wrapping (the seam behind the viewer), y clamped at the poles
      const fx = u * sw - 0.5;
      const fy = Math.min(sh - 1, Math.max(0, v * sh - 0.5));
      const x0 = Math.floor(fx);
      const y0 = Math.floor(fy);
      const tx = fx - x0;
      const ty = fy - y0;
      const xa = ((x0 % sw) + sw) % sw;
      const xb = (xa + 1) % sw;
      const ya = y0 * sw;
      const yb = Math.min(sh - 1, y0 + 1) * sw;
      const p00 = (ya + xa) * 4;
      const p10 = (ya + xb) * 4;
      const p01 = (yb + xa) * 4;
      const p11 = (yb + xb) * 4;
      for (let c = 0; c < 3; c++) {
        const top = src[p00 + c]! + (src[p10 + c]! - src[p00 + c]!) * tx;
        const bottom = src[p01 + c]! + (src[p11 + c]! - src[p01 + c]!) * tx;
        dst[o + c] = top + (bottom - top) * ty;
      }
      dst[o + 3] = 255;
    }
  }
}

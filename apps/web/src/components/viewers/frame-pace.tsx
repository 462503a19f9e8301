import { useThree } from '@react-three/fiber';
import { useCallback, useEffect, useState } from 'react';

/**
 * Frames per second a 3D view draws at when the browser renders WebGL in software (no usable GPU: SwiftShader,
 * llvmpipe, Windows' basic render driver). Such a renderer fills every pixel on the CPU, so an uncapped loop takes a
 * whole core per canvas, and the page's own work (chat, the socket, input, other tabs) waits behind it: a room of
 * people would stutter everywhere but the canvas. 20 frames keep walking and animations smooth enough while leaving
 * more of the core to the page. A GPU draws every frame as before. Measured in a two-person room under SwiftShader
 * (decision 0048): the cost of a frame there is its draw calls, not its pixels (a lower pixel ratio saved nothing),
 * so the paced canvas also draws no shadow maps (a second pass over every caster).
 */
export const SOFTWARE_FPS = 20;

/** What `isSoftwareRenderer` reads of a WebGL context. */
interface RendererInfoSource {
  getExtension(name: 'WEBGL_debug_renderer_info'): { UNMASKED_RENDERER_WEBGL: number } | null;
  getParameter(p: number): unknown;
  readonly RENDERER: number;
}

/** Whether a WebGL context draws on the CPU (the renderer's name, unmasked where the browser allows). */
export function isSoftwareRenderer(gl: RendererInfoSource): boolean {
  let name = '';
  try {
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
  } catch {
    return false;
  }
  return /swiftshader|llvmpipe|softpipe|software|basic render/i.test(name);
}

/**
 * Whether a canvas's frames are paced (software renderer), and the `onCreated` that finds out. A canvas whose loop
 * would draw every frame draws on demand instead while paced, and `<PacedFrames>` asks for the frames.
 */
export function useFramePace(): { paced: boolean; detect: (state: { gl: { getContext(): unknown } }) => void } {
  const [paced, setPaced] = useState(false);
  const detect = useCallback((state: { gl: { getContext(): unknown } }) => {
    setPaced(isSoftwareRenderer(state.gl.getContext() as RendererInfoSource));
  }, []);
  return { paced, detect };
}

/** A canvas's frame loop while `paced`: every frame becomes frames on demand (asked for by `<PacedFrames>`). */
export function pacedFrameloop<T extends 'always' | 'demand' | 'never'>(loop: T, paced: boolean): T | 'demand' {
  return paced && loop === 'always' ? 'demand' : loop;
}

/** The wait between two paced frames (ms), a little under the period so a display's frames are not skipped. */
export function pacedInterval(fps: number): number {
  return 1000 / fps - 4;
}

/**
 * Asks a demand-driven canvas for `fps` frames a second while `on` (inside a react-three-fiber `<Canvas>`). Anything
 * else that invalidates (controls, a loaded model) still gets its frame at once.
 */
export function PacedFrames({ on, fps = SOFTWARE_FPS }: { on: boolean; fps?: number }) {
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => {
    if (!on) return;
    const wait = pacedInterval(fps);
    let last = Number.NEGATIVE_INFINITY;
    let frame = requestAnimationFrame(function tick(now) {
      if (now - last >= wait) {
        last = now;
        invalidate();
      }
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [on, fps, invalidate]);
  return null;
}

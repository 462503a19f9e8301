import { describe, expect, it, vi } from 'vitest';
import { canvasDpr, modelsSettled, prepareRenderer, sizeBeforeContext, viewerFrameloop } from './first-frame';

describe('canvasDpr', () => {
  it('draws the first complete frame at half the ratio it settles at', () => {
    expect(canvasDpr(false, 1)).toBe(0.5);
    expect(canvasDpr(false, 1.5)).toBe(0.75);
    expect(canvasDpr(false, 3)).toBe(1);
    expect(canvasDpr(false, Number.NaN)).toBe(0.5);
  });
  it("uses the screen's ratio after the first frame, between 1 and 2", () => {
    expect(canvasDpr(true, 1)).toBe(1);
    expect(canvasDpr(true, 1.5)).toBe(1.5);
    expect(canvasDpr(true, 3)).toBe(2);
    expect(canvasDpr(true, 0.5)).toBe(1);
    expect(canvasDpr(true, Number.NaN)).toBe(1);
  });
});

describe('viewerFrameloop', () => {
  it('draws nothing until every model has settled', () => {
    expect(viewerFrameloop(false, false)).toBe('never');
  });
  it('draws every frame once the scene is complete, after the time-out, or in a headset', () => {
    expect(viewerFrameloop(true, false)).toBe('always');
    expect(viewerFrameloop(false, true)).toBe('always');
    expect(viewerFrameloop(false, false, true)).toBe('always');
  });
});

describe('modelsSettled', () => {
  it('waits for every model and for the downloads to end', () => {
    expect(modelsSettled(11, 0, 12, false)).toBe(false);
    expect(modelsSettled(12, 0, 12, true)).toBe(false);
    expect(modelsSettled(12, 0, 12, false)).toBe(true);
  });
  it('does not wait for a model that failed (it shows its red box)', () => {
    expect(modelsSettled(11, 1, 12, false)).toBe(true);
    expect(modelsSettled(10, 1, 12, false)).toBe(false);
  });
  it('is complete at once for a scene without models', () => {
    expect(modelsSettled(0, 0, 0, false)).toBe(true);
  });
});

describe('prepareRenderer', () => {
  it('asks for the filtering extension at once and checks shaders only in development', () => {
    for (const dev of [true, false]) {
      const renderer = { debug: { checkShaderErrors: true }, capabilities: { getMaxAnisotropy: vi.fn(() => 16) } };
      prepareRenderer(renderer, dev);
      expect(renderer.debug.checkShaderErrors).toBe(dev);
      expect(renderer.capabilities.getMaxAnisotropy).toHaveBeenCalledOnce();
    }
  });
});

describe('sizeBeforeContext', () => {
  // the canvas's own box is its default 300 × 150: the size comes from its parent, which react-three-fiber measures
  const canvas = (width: number, height: number, parent = true) => ({
    width: 300,
    height: 150,
    getBoundingClientRect: () => ({ width: 300, height: 150 }),
    parentElement: parent ? { getBoundingClientRect: () => ({ width, height }) } : null,
  });
  it("sizes the drawing buffer for the first frame's ratio before the context exists", () => {
    const c = canvas(1440, 829.5);
    expect(sizeBeforeContext(c, 0.5)).toEqual({ width: 1440, height: 829.5 });
    expect([c.width, c.height]).toEqual([720, 414]);
  });
  it('leaves a canvas that is not laid out (or a broken ratio) alone', () => {
    const c = canvas(0, 0);
    expect(sizeBeforeContext(c, 0.5)).toBeNull();
    expect(sizeBeforeContext(canvas(100, 100), Number.NaN)).toBeNull();
    expect(sizeBeforeContext(canvas(100, 100, false), 1)).toBeNull();
    expect([c.width, c.height]).toEqual([300, 150]);
  });
});

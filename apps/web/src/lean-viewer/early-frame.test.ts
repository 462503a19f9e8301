import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type EarlyFrameEnv, showEarlyFrame } from './early-frame';

// jsdom has no 2D canvas and no layout: a recording 2D context and a 200 × 100 layer stand in for them
const puts: { width: number; height: number }[] = [];
function fakeContext() {
  return {
    drawImage: vi.fn(),
    getImageData: (_x: number, _y: number, width: number, height: number) => ({
      width,
      height,
      data: new Uint8ClampedArray(width * height * 4).fill(128),
    }),
    createImageData: (width: number, height: number) => ({ width, height, data: new Uint8ClampedArray(width * height * 4) }),
    putImageData: (img: { width: number; height: number }) => puts.push({ width: img.width, height: img.height }),
  };
}

const view = { yaw: 0.2, pitch: 0, zoom: 50 };
const picture = () => Promise.resolve(new Blob(['jpeg']));
let frames: (() => void)[] = [];
const env = (over: Partial<EarlyFrameEnv> = {}): EarlyFrameEnv => ({
  document,
  decode: async () => ({ width: 64, height: 32 }) as unknown as HTMLCanvasElement,
  frame: (cb) => frames.push(cb),
  ...over,
});
const runFrames = () => {
  const now = frames;
  frames = [];
  for (const f of now) f();
};
const layer = () => document.querySelector<HTMLElement>('[data-testid=tour-early-frame]');

describe('showEarlyFrame', () => {
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"><main></main></div>';
    puts.length = 0;
    frames = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
      () => fakeContext() as unknown as CanvasRenderingContext2D,
    );
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(200);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(100);
  });
  afterEach(() => vi.restoreAllMocks());

  it('draws the opening view at half resolution over the viewer, then leaves two frames after the viewer is there', async () => {
    expect(await showEarlyFrame(picture(), 'lake', view, env())).toBe(true);
    expect(layer()?.dataset.scene).toBe('lake');
    expect(layer()?.getAttribute('aria-hidden')).toBe('true');
    // a 64 px wide picture across ~90° of a 200 × 100 place: 2 × 64 / 4 ≈ 32 canvas pixels wide
    expect(puts).toHaveLength(1);
    expect(puts[0]!.width).toBeGreaterThan(25);
    expect(puts[0]!.width).toBeLessThan(40);
    // the viewer shows the scene: the picture stays for two more frames (the viewer's first draw), then goes
    const pano = document.createElement('div');
    pano.dataset.testid = 'tour-panorama';
    document.querySelector('main')?.append(pano);
    pano.dataset.scene = 'lake';
    await Promise.resolve();
    expect(layer()).not.toBeNull();
    runFrames();
    expect(layer()).not.toBeNull();
    runFrames();
    expect(layer()).toBeNull();
  });

  it('goes as well when a message replaces the viewer (refused, invalid document)', async () => {
    await showEarlyFrame(picture(), 'lake', view, env());
    const msg = document.createElement('div');
    msg.dataset.testid = 'lean-message';
    document.querySelector('main')?.append(msg);
    await Promise.resolve();
    runFrames();
    runFrames();
    expect(layer()).toBeNull();
  });

  it('draws nothing when the viewer was faster, the picture failed or there is no 2D canvas', async () => {
    document.querySelector('main')!.innerHTML = '<div data-testid="tour-panorama" data-scene="lake"></div>';
    expect(await showEarlyFrame(picture(), 'lake', view, env())).toBe(false);
    expect(layer()).toBeNull();
    document.querySelector('main')!.innerHTML = '';
    expect(await showEarlyFrame(Promise.reject(new Error('404')), 'lake', view, env())).toBe(false);
    const undecodable = env({ decode: () => Promise.reject(new Error('not an image')) });
    expect(await showEarlyFrame(picture(), 'lake', view, undecodable)).toBe(false);
    expect(layer()).toBeNull();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    expect(await showEarlyFrame(picture(), 'lake', view, env())).toBe(false);
    expect(layer()).toBeNull();
    expect(puts).toEqual([]);
  });
});

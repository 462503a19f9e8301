import { describe, expect, it } from 'vitest';
import { isSoftwareRenderer, pacedFrameloop, pacedInterval, SOFTWARE_FPS } from './frame-pace';

/** A WebGL context whose renderer is named `name` (unmasked when `unmasked`, else only as RENDERER). */
function context(name: string, unmasked = true) {
  const UNMASKED_RENDERER_WEBGL = 0x9246;
  const RENDERER = 0x1f01;
  return {
    RENDERER,
    getExtension: () => (unmasked ? { UNMASKED_RENDERER_WEBGL } : null),
    getParameter: (p: number) => (p === (unmasked ? UNMASKED_RENDERER_WEBGL : RENDERER) ? name : 'WebKit WebGL'),
  };
}

describe('isSoftwareRenderer', () => {
  it("knows Chromium's SwiftShader, Mesa's llvmpipe and Windows' basic render driver", () => {
    expect(
      isSoftwareRenderer(context('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)')),
    ).toBe(true);
    expect(isSoftwareRenderer(context('llvmpipe (LLVM 15.0.6, 256 bits)'))).toBe(true);
    expect(isSoftwareRenderer(context('ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0)'))).toBe(true);
  });
  it('leaves a GPU unpaced, also when the name is masked', () => {
    expect(isSoftwareRenderer(context('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)'))).toBe(false);
    expect(isSoftwareRenderer(context('Apple GPU', false))).toBe(false);
  });
  it('is not paced when the context cannot say', () => {
    const broken = {
      RENDERER: 1,
      getExtension: () => null,
      getParameter: () => {
        throw new Error('lost');
      },
    };
    expect(isSoftwareRenderer(broken)).toBe(false);
  });
});

describe('pacedFrameloop', () => {
  it('turns every frame into frames on demand only while paced', () => {
    expect(pacedFrameloop('always', true)).toBe('demand');
    expect(pacedFrameloop('always', false)).toBe('always');
    expect(pacedFrameloop('never', true)).toBe('never');
    expect(pacedFrameloop('demand', true)).toBe('demand');
  });
  it('asks for a frame a little under each period', () => {
    expect(SOFTWARE_FPS).toBe(20);
    expect(pacedInterval(20)).toBe(46);
  });
});

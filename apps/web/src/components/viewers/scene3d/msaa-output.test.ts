import {
  type Camera,
  type Object3D,
  PerspectiveCamera,
  Scene,
  SRGBColorSpace,
  type Vector2,
  type WebGLRenderTarget,
} from 'three';
import { describe, expect, it } from 'vitest';
import { contextWithoutMsaa, MsaaOutput, type MsaaRenderer, msaaSamples } from './msaa-output';

/** A stand-in renderer that records what was drawn where. */
function fakeRenderer(opts: { width?: number; height?: number; presenting?: boolean } = {}) {
  const calls: { scene: Object3D; target: WebGLRenderTarget | null }[] = [];
  let current: WebGLRenderTarget | null = null;
  const renderer: MsaaRenderer = {
    render: (scene: Object3D, _camera: Camera) => void calls.push({ scene, target: current }),
    setRenderTarget: (t) => {
      current = t;
    },
    getRenderTarget: () => current,
    getDrawingBufferSize: (v: Vector2) => v.set(opts.width ?? 1440, opts.height ?? 900),
    xr: { isPresenting: opts.presenting ?? false },
    outputColorSpace: SRGBColorSpace,
    capabilities: { maxSamples: 8 },
  };
  return { renderer, calls, target: () => current };
}

describe('msaaSamples', () => {
  it('asks for 4 samples, fewer if the GPU has fewer', () => {
    expect(msaaSamples({ capabilities: { maxSamples: 8 } })).toBe(4);
    expect(msaaSamples({ capabilities: { maxSamples: 2 } })).toBe(2);
    expect(msaaSamples({ capabilities: { maxSamples: 0 } })).toBe(0);
  });
});

describe('MsaaOutput', () => {
  const scene = new Scene();
  const camera = new PerspectiveCamera();

  it('draws the scene into a multisampled target the size of the drawing buffer, drawn as the screen is, then copies it', () => {
    const { renderer, calls, target } = fakeRenderer();
    const out = new MsaaOutput(4, SRGBColorSpace);
    out.render(renderer, scene, camera);
    expect(out.target.samples).toBe(4);
    // flagged as three.js flags a VR layer's target: materials tone-map and write sRGB into it, as onto the screen
    expect(out.target.isXRRenderTarget).toBe(true);
    expect(out.target.texture.colorSpace).toBe(SRGBColorSpace);
    // the same storage as the multisampled buffer (RGBA8 for a flagged target), or the resolve blit fails
    expect(out.target.texture.internalFormat).toBe('RGBA8');
    expect([out.target.width, out.target.height]).toEqual([1440, 900]);
    expect(calls).toHaveLength(2);
    expect(calls[0]).toEqual({ scene, target: out.target });
    // the copy: a raw shader (no conversion) reading the target, drawn to the screen
    expect(calls[1]?.target).toBeNull();
    const copy = calls[1]?.scene as unknown as {
      material?: { isRawShaderMaterial?: boolean; uniforms: { map: { value: unknown } } };
    };
    expect(copy?.material?.isRawShaderMaterial).toBe(true);
    expect(copy?.material?.uniforms.map.value).toBe(out.target.texture);
    expect(target()).toBeNull();
    out.dispose();
  });

  it('follows the drawing buffer when it is resized (the pixel ratio rises after the first frame)', () => {
    const out = new MsaaOutput(4, SRGBColorSpace);
    out.render(fakeRenderer({ width: 390, height: 844 }).renderer, scene, camera);
    expect([out.target.width, out.target.height]).toEqual([390, 844]);
    out.render(fakeRenderer({ width: 780, height: 1688 }).renderer, scene, camera);
    expect([out.target.width, out.target.height]).toEqual([780, 1688]);
    out.dispose();
  });

  it('draws VR frames straight into the XR layer (its own antialiasing)', () => {
    const { renderer, calls } = fakeRenderer({ presenting: true });
    const out = new MsaaOutput(4, SRGBColorSpace);
    out.render(renderer, scene, camera);
    expect(calls).toEqual([{ scene, target: null }]);
    expect([out.target.width, out.target.height]).toEqual([1, 1]);
    out.dispose();
  });
});

describe('contextWithoutMsaa', () => {
  it('makes a WebGL 2 context without MSAA that reports antialiasing to the VR layer set-up', () => {
    const asked: [string, WebGLContextAttributes | undefined][] = [];
    const context = { getContextAttributes: () => ({ alpha: true, antialias: false, depth: true }) };
    const canvas = {
      getContext: (id: string, attrs?: WebGLContextAttributes) => {
        asked.push([id, attrs]);
        return context;
      },
    } as unknown as HTMLCanvasElement;
    const gl = contextWithoutMsaa(canvas);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.[0]).toBe('webgl2');
    expect(asked[0]?.[1]).toMatchObject({ antialias: false, preserveDrawingBuffer: false, alpha: true, depth: true });
    expect(gl).toBe(context);
    expect(gl?.getContextAttributes()).toEqual({ alpha: true, antialias: true, depth: true });
  });
  it('gives null without WebGL 2', () => {
    expect(contextWithoutMsaa({ getContext: () => null } as unknown as HTMLCanvasElement)).toBeNull();
  });
});

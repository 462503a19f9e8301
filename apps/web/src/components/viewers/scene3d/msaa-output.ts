/*
 * Antialiased edges from the frame after the first complete one (docs/perf.md "3D scenes", session 12).
 *
 * The viewer's WebGL context is made without MSAA (`antialias: false`): a context's antialiasing cannot change after
 * it is made, and on a software GPU (SwiftShader) most of the first complete frame's draw is the multisampled
 * rasterisation. Once the first complete frame is drawn (with the shadows), each frame is drawn into a multisampled
 * 8-bit render target (4 samples) and copied 1:1 to the screen by one full-screen triangle.
 *
 * The target is drawn exactly as the screen is: it is flagged `isXRRenderTarget` with the renderer's output colour
 * space, as three.js's WebXRManager does for the multisampled target of a VR projection layer, so the materials
 * apply the renderer's tone mapping and sRGB output themselves (the sky and backgrounds that skip tone mapping keep
 * skipping it, the shaders are the ones the first frame compiled), and the samples are resolved in display colour as
 * the context's own MSAA did. The copy converts nothing. VR frames are drawn as before, straight into the XR layer.
 */
import {
  BufferGeometry,
  type Camera,
  type ColorSpace,
  Float32BufferAttribute,
  Mesh,
  NearestFilter,
  type Object3D,
  OrthographicCamera,
  RawShaderMaterial,
  Vector2,
  WebGLRenderTarget,
} from 'three';

/** What this needs of three.js's `WebGLRenderer` (a narrow type, so a test can stand in for it). */
export interface MsaaRenderer {
  render(scene: Object3D, camera: Camera): void;
  setRenderTarget(target: WebGLRenderTarget | null): void;
  getRenderTarget(): WebGLRenderTarget | null;
  getDrawingBufferSize(target: Vector2): Vector2;
  outputColorSpace: ColorSpace;
  xr: { isPresenting: boolean };
  capabilities: { maxSamples: number };
}

/** The samples of the offscreen target: 4, or the GPU's maximum if lower (0: no MSAA at all). */
export function msaaSamples(renderer: Pick<MsaaRenderer, 'capabilities'>): number {
  return Math.max(0, Math.min(4, renderer.capabilities.maxSamples || 0));
}

const copyVertex = /* glsl */ `
  precision highp float;
  attribute vec3 position;
  attribute vec2 uv;
  varying vec2 vUv;
  void main() {
    vUv = uv;
    gl_Position = vec4(position.xy, 0.0, 1.0);
  }
`;
const copyFragment = /* glsl */ `
  precision highp float;
  uniform sampler2D map;
  varying vec2 vUv;
  void main() {
    gl_FragColor = texture2D(map, vUv);
  }
`;

/** A target drawn as the screen is (see above): tone mapping and output colour space applied by the materials. */
type ScreenLikeTarget = WebGLRenderTarget & { isXRRenderTarget?: boolean };

/**
 * Draws the scene through a multisampled render target and copies it to the screen. `render` replaces the renderer's
 * own `render(scene, camera)` for one frame; `dispose` frees the target and the copy's geometry and material.
 */
export class MsaaOutput {
  readonly target: ScreenLikeTarget;
  private readonly quad: Mesh<BufferGeometry, RawShaderMaterial>;
  private readonly quadCamera = new OrthographicCamera(-1, 1, 1, -1, 0, 1);
  private readonly size = new Vector2();

  constructor(samples: number, outputColorSpace: ColorSpace) {
    this.target = new WebGLRenderTarget(1, 1, {
      samples,
      depthBuffer: true,
      stencilBuffer: false,
      colorSpace: outputColorSpace,
      // stored as the bytes the shaders write (already sRGB): three.js would otherwise store an sRGB-space target as
      // SRGB8_ALPHA8 while the flag makes its multisampled buffer RGBA8, and the resolve between them fails
      internalFormat: 'RGBA8',
      minFilter: NearestFilter,
      magFilter: NearestFilter,
      generateMipmaps: false,
    });
    this.target.isXRRenderTarget = true;
    // one triangle covering the screen (as three.js's WebGLOutput), its texture coordinates mapping the target 1:1
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new Float32BufferAttribute([-1, 3, 0, -1, -1, 0, 3, -1, 0], 3));
    geometry.setAttribute('uv', new Float32BufferAttribute([0, 2, 0, 0, 2, 0], 2));
    const material = new RawShaderMaterial({
      uniforms: { map: { value: this.target.texture } },
      vertexShader: copyVertex,
      fragmentShader: copyFragment,
      depthTest: false,
      depthWrite: false,
    });
    this.quad = new Mesh(geometry, material);
    this.quad.frustumCulled = false;
  }

  /** One frame: into the target at the drawing buffer's size, then onto the screen. VR frames go straight to the XR layer. */
  render(renderer: MsaaRenderer, scene: Object3D, camera: Camera): void {
    if (renderer.xr.isPresenting) {
      renderer.render(scene, camera);
      return;
    }
    renderer.getDrawingBufferSize(this.size);
    if (this.target.width !== this.size.x || this.target.height !== this.size.y) this.target.setSize(this.size.x, this.size.y);
    const previous = renderer.getRenderTarget();
    renderer.setRenderTarget(this.target);
    renderer.render(scene, camera);
    renderer.setRenderTarget(previous);
    renderer.render(this.quad, this.quadCamera);
  }

  dispose(): void {
    this.target.dispose();
    this.quad.geometry.dispose();
    this.quad.material.dispose();
  }
}

/** The context attributes three.js's WebGLRenderer would ask for, for the viewer (no MSAA, no kept drawing buffer). */
export const VIEWER_CONTEXT_ATTRIBUTES: WebGLContextAttributes = {
  alpha: true,
  depth: true,
  stencil: false,
  antialias: false,
  premultipliedAlpha: true,
  preserveDrawingBuffer: false,
  powerPreference: 'high-performance',
  failIfMajorPerformanceCaveat: false,
};

/**
 * The viewer's WebGL 2 context, made without MSAA (`null` without WebGL 2: three.js then reports the error). It
 * tells whoever asks for its attributes that it is antialiased: three.js's WebXRManager reads `antialias` from the
 * context (once, when the renderer is made) to choose the VR layer's own antialiasing (the XRWebGLLayer's
 * `antialias`, or 4 samples on its projection layer's target), and VR frames must keep it.
 */
export function contextWithoutMsaa(canvas: HTMLCanvasElement): WebGL2RenderingContext | null {
  const gl = canvas.getContext('webgl2', VIEWER_CONTEXT_ATTRIBUTES) as WebGL2RenderingContext | null;
  if (!gl) return null;
  const own = gl.getContextAttributes.bind(gl);
  Object.defineProperty(gl, 'getContextAttributes', {
    configurable: true,
    value: (): WebGLContextAttributes | null => {
      const attrs = own();
      return attrs ? { ...attrs, antialias: true } : attrs;
    },
  });
  return gl;
}

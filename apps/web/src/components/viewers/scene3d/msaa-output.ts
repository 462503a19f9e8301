/*
 * Antialiased edges from the frame after the first complete one (docs/perf.md "3D scenes", session 12).
 *
 * The viewer's WebGL context is made without MSAA (`antialias: false`): a context's antialiasing cannot change after
 * it is made, and on a software GPU (SwiftShader) most of the first complete frame's draw is the multisampled
 * rasterisation. Once the first complete frame is drawn (with the shadows), each frame is drawn into a multisampled
 * half-float render target (4 samples) and copied to the screen through one full-screen triangle that applies the
 * renderer's tone mapping and output colour space (what three.js's own `WebGLOutput` does when the renderer is made
 * with `outputBufferType: HalfFloatType`, which ties the samples to the context's `antialias`). VR frames are drawn
 * as before, straight into the XR layer with its own antialiasing.
 */
import {
  BufferGeometry,
  type Camera,
  Float32BufferAttribute,
  HalfFloatType,
  Mesh,
  MeshBasicMaterial,
  type Object3D,
  OrthographicCamera,
  Vector2,
  WebGLRenderTarget,
} from 'three';

/** What this needs of three.js's `WebGLRenderer` (a narrow type, so a test can stand in for it). */
export interface MsaaRenderer {
  render(scene: Object3D, camera: Camera): void;
  setRenderTarget(target: WebGLRenderTarget | null): void;
  getRenderTarget(): WebGLRenderTarget | null;
  getDrawingBufferSize(target: Vector2): Vector2;
  xr: { isPresenting: boolean };
  capabilities: { maxSamples: number };
  extensions: { has(name: string): boolean };
}

/** The samples of the offscreen target: 4 (or the GPU's maximum if lower); 0 when the GPU cannot render to half floats. */
export function msaaSamples(renderer: Pick<MsaaRenderer, 'capabilities' | 'extensions'>): number {
  if (!renderer.extensions.has('EXT_color_buffer_float') && !renderer.extensions.has('EXT_color_buffer_half_float')) return 0;
  return Math.max(0, Math.min(4, renderer.capabilities.maxSamples || 0));
}

/**
 * Draws the scene through a multisampled render target and copies it to the screen. `render` replaces the renderer's
 * own `render(scene, camera)` for one frame; `dispose` frees the target and the copy's geometry and material.
 */
export class MsaaOutput {
  readonly target: WebGLRenderTarget;
  private readonly quad: Mesh<BufferGeometry, MeshBasicMaterial>;
  private readonly quadCamera = new OrthographicCamera(-1, 1, 1, -1, 0, 1);
  private readonly size = new Vector2();

  constructor(samples: number) {
    // half floats: the scene is drawn before tone mapping (values above 1) and in linear colour (8 bits would band)
    this.target = new WebGLRenderTarget(1, 1, { type: HalfFloatType, samples, depthBuffer: true, stencilBuffer: false });
    // one triangle covering the screen (as three.js's WebGLOutput), its texture coordinates mapping the target 1:1
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new Float32BufferAttribute([-1, 3, 0, -1, -1, 0, 3, -1, 0], 3));
    geometry.setAttribute('uv', new Float32BufferAttribute([0, 2, 0, 0, 2, 0], 2));
    // a basic material drawn to the screen gets the renderer's tone mapping and sRGB output in its shader
    const material = new MeshBasicMaterial({ map: this.target.texture, depthTest: false, depthWrite: false });
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

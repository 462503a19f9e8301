import type { Page } from 'playwright-core';

/**
 * A mocked WebXR runtime (`navigator.xr`) for the tour's "Enter VR": enough of the WebXR Device API for three.js's
 * WebXRManager — an immersive-vr session with one view, a reference space, frames with a viewer pose and one
 * right-hand controller whose target ray points straight ahead (−z). The headset looks up (so gaze does not fall
 * on the hotspots) and `window.__xrSelect()` pulls the controller's trigger (a `select` event).
 *
 * It also offers `immersive-ar` (a phone's "View in AR"): its session answers `requestHitTestSource`, and every frame's
 * `getHitTestResults` returns one hit on the floor at `XR_FLOOR_HIT` (1.4 m below the phone, 1.2 m ahead, 0.3 m to
 * the right); `__xrSelect()` is then the screen tap.
 */
export const XR_FLOOR_HIT = { x: 0.3, y: -1.4, z: -1.2 };
export async function installXrMock(page: Page): Promise<void> {
  await page.addInitScript((floor) => {
    const identity = () => ({
      matrix: new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]),
      position: { x: 0, y: 0, z: 0, w: 1 },
      orientation: { x: 0, y: 0, z: 0, w: 1 },
    });
    // the head pitched up by 60° (rotation about x): gaze points above the horizon
    const a = Math.PI / 3;
    const head = {
      matrix: new Float32Array([1, 0, 0, 0, 0, Math.cos(a), Math.sin(a), 0, 0, -Math.sin(a), Math.cos(a), 0, 0, 0, 0, 1]),
      position: { x: 0, y: 0, z: 0, w: 1 },
      orientation: { x: Math.sin(a / 2), y: 0, z: 0, w: Math.cos(a / 2) },
    };
    const f = 1 / Math.tan(Math.PI / 4);
    const near = 0.05;
    const far = 200;
    const projection = new Float32Array([
      f / 2,
      0,
      0,
      0,
      0,
      f,
      0,
      0,
      0,
      0,
      (far + near) / (near - far),
      -1,
      0,
      0,
      (2 * far * near) / (near - far),
      0,
    ]);
    const source = {
      handedness: 'right',
      targetRayMode: 'tracked-pointer',
      targetRaySpace: { space: 'ray' },
      gripSpace: { space: 'grip' },
      profiles: ['generic-trigger'],
      gamepad: null,
      hand: null,
    };
    class MockSession extends EventTarget {
      renderState: Record<string, unknown> = { depthNear: near, depthFar: far };
      inputSources = [source];
      enabledFeatures = ['local'];
      environmentBlendMode = 'opaque';
      visibilityState = 'visible';
      private frame: unknown = null;
      private ended = false;
      updateRenderState(s: Record<string, unknown>) {
        this.renderState = { ...this.renderState, ...s };
      }
      async requestReferenceSpace() {
        return { getOffsetReferenceSpace: () => ({}) };
      }
      async requestHitTestSource() {
        if (!this.enabledFeatures.includes('hit-test')) throw new DOMException('hit-test not enabled', 'NotSupportedError');
        return { cancel: () => undefined };
      }
      requestAnimationFrame(cb: (t: number, frame: unknown) => void) {
        return window.requestAnimationFrame((t) => {
          if (this.ended) return;
          const frame = {
            session: this,
            getViewerPose: () => ({
              transform: head,
              emulatedPosition: false,
              views: [{ eye: 'none', projectionMatrix: projection, transform: head, recommendedViewportScale: null }],
            }),
            getPose: () => ({ transform: identity(), emulatedPosition: false, linearVelocity: null, angularVelocity: null }),
            getJointPose: () => null,
            getHitTestResults: () => [
              {
                getPose: () => ({
                  transform: {
                    matrix: new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, floor.x, floor.y, floor.z, 1]),
                    position: { ...floor, w: 1 },
                    orientation: { x: 0, y: 0, z: 0, w: 1 },
                  },
                  emulatedPosition: false,
                }),
              },
            ],
          };
          this.frame = frame;
          cb(t, frame);
        });
      }
      cancelAnimationFrame(id: number) {
        window.cancelAnimationFrame(id);
      }
      select() {
        const e = new Event('select') as Event & { inputSource: unknown; frame: unknown };
        e.inputSource = source;
        e.frame = this.frame;
        this.dispatchEvent(e);
      }
      async end() {
        this.ended = true;
        this.dispatchEvent(new Event('end'));
      }
    }
    class MockLayer {
      framebuffer = null;
      framebufferWidth = 800;
      framebufferHeight = 400;
      ignoreDepthValues = false;
      antialias = true;
      getViewport() {
        return { x: 0, y: 0, width: 800, height: 400 };
      }
    }
    const w = window as unknown as Record<string, unknown>;
    w.XRWebGLLayer = MockLayer;
    w.XRWebGLBinding = undefined;
    for (const proto of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype] as unknown as Record<
      string,
      unknown
    >[])
      proto.makeXRCompatible = async () => undefined;
    let current: MockSession | null = null;
    Object.defineProperty(navigator, 'xr', {
      configurable: true,
      value: {
        isSessionSupported: async (mode: string) => mode === 'immersive-vr' || mode === 'immersive-ar',
        requestSession: async (mode: string, init?: { requiredFeatures?: string[]; optionalFeatures?: string[] }) => {
          current = new MockSession();
          if (mode === 'immersive-ar') {
            current.environmentBlendMode = 'alpha-blend';
            current.enabledFeatures = ['local', 'viewer', ...(init?.requiredFeatures ?? []), ...(init?.optionalFeatures ?? [])];
            w.__xrMode = mode;
          }
          w.__xrSession = current;
          // the controller connects once the app listens
          setTimeout(() => {
            const e = new Event('inputsourceschange') as Event & { added: unknown[]; removed: unknown[] };
            e.added = [source];
            e.removed = [];
            current?.dispatchEvent(e);
          }, 50);
          return current;
        },
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      },
    });
    w.__xrSelect = () => current?.select();
    w.__xrEnd = () => current?.end();
  }, XR_FLOOR_HIT);
}

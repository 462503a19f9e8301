import { earlyCanvasSize, type PerspectiveView, renderPerspective } from './perspective';

/*
 * The tour's first frame before Photo Sphere Viewer is ready (docs/decisions/0032-tour-viewer-first-frame.md):
 * as soon as the start scene's first picture (the 512 px preview) has downloaded, the lean page's first script
 * draws the opening view in perspective, where the viewer will be, on a plain 2D canvas of about two pixels per
 * preview pixel across the view (`earlyCanvasSize`) while three.js and Photo Sphere Viewer download and start. Photo Sphere Viewer
 * then draws the same view over it and this picture goes: nothing here can be turned or clicked, it is only drawn
 * earlier. No WebGL context (the viewer's own is the one that counts), no three.js, a few KB.
 */

/** When the viewer (or a message in its place) is there, the early picture goes. */
const REPLACED = '[data-testid=tour-panorama][data-scene], [data-testid=lean-message], [data-testid=tour-invalid]';

/** What the early frame needs from the page (tests give their own). */
export interface EarlyFrameEnv {
  document: Document;
  decode(blob: Blob): Promise<CanvasImageSource & { width: number; height: number }>;
  frame(cb: () => void): void;
}

const browserEnv = (): EarlyFrameEnv => ({
  document,
  decode: (blob) => createImageBitmap(blob),
  frame: (cb) => requestAnimationFrame(() => cb()),
});

/**
 * Draws the opening view of `scene` from the picture's bytes into a layer over the viewer's place, and removes the
 * layer two frames after the viewer (or a message) has replaced it. Resolves once drawn (false when the viewer was
 * faster, the picture failed, or the browser has no 2D canvas: then nothing is shown and nothing is left behind).
 */
export async function showEarlyFrame(
  picture: Promise<Blob>,
  scene: string,
  view: PerspectiveView,
  env: EarlyFrameEnv = browserEnv(),
): Promise<boolean> {
  const doc = env.document;
  let image: CanvasImageSource & { width: number; height: number };
  try {
    image = await env.decode(await picture);
  } catch {
    return false;
  }
  if (doc.querySelector(REPLACED) || !image.width || !image.height) return false;
  const layer = doc.createElement('div');
  layer.className = 'xr-lean-early';
  layer.dataset.testid = 'tour-early-frame';
  layer.setAttribute('aria-hidden', 'true');
  const canvas = doc.createElement('canvas');
  layer.append(canvas);
  doc.body.append(layer);
  const remove = watchReplacement(doc, layer, env);
  const cssW = layer.clientWidth;
  const cssH = layer.clientHeight;
  const { width: w, height: h } = earlyCanvasSize(cssW, cssH, image.width, view.zoom);
  const source = doc.createElement('canvas');
  source.width = image.width;
  source.height = image.height;
  const small = doc.createElement('canvas');
  small.width = w;
  small.height = h;
  // the shown canvas has the layer's CSS size: the compositor then copies it 1:1 in every frame (scaling a small
  // canvas up there cost 6–10 ms per frame in software, at every frame of the loading signs' animation)
  canvas.width = cssW;
  canvas.height = cssH;
  const sctx = source.getContext('2d', { willReadFrequently: true });
  const smallCtx = small.getContext('2d');
  const ctx = canvas.getContext('2d');
  if (!sctx || !smallCtx || !ctx || cssW === 0 || cssH === 0) {
    remove();
    return false;
  }
  sctx.drawImage(image, 0, 0);
  const out = smallCtx.createImageData(w, h);
  renderPerspective(sctx.getImageData(0, 0, image.width, image.height), out, view);
  smallCtx.putImageData(out, 0, 0);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(small, 0, 0, cssW, cssH);
  layer.dataset.scene = scene;
  return true;
}

/** Removes the layer two frames after the viewer (or a message) appeared: the viewer's first draw is on screen by then. */
function watchReplacement(doc: Document, layer: HTMLElement, env: EarlyFrameEnv): () => void {
  let done = false;
  const observer = new MutationObserver(() => check());
  const remove = () => {
    done = true;
    observer.disconnect();
    layer.remove();
  };
  const check = () => {
    if (done || !doc.querySelector(REPLACED)) return;
    done = true;
    observer.disconnect();
    env.frame(() => env.frame(() => layer.remove()));
  };
  observer.observe(doc.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-scene'] });
  check();
  return remove;
}

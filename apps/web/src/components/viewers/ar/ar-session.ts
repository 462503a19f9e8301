import './ar-session.css';
import {
  ACESFilmicToneMapping,
  DirectionalLight,
  Group,
  HemisphereLight,
  Mesh,
  MeshBasicMaterial,
  type Object3D,
  PerspectiveCamera,
  RingGeometry,
  Scene,
  WebGLRenderer,
} from 'three';
import { clampArScale, isRealSize, realSizeFactor } from './ar-scale';
import { createArLoader, fitScale, standOnOrigin } from './scene-ar';
import { countLights, scaleLights } from './scene-ar-lights';

/**
 * "View in AR" through WebXR `immersive-ar` (Android Chrome), on three.js's own `renderer.xr`: a hit-test source from
 * the viewer's space draws a reticle where the camera points at the floor, "select" (a tap) places the model there,
 * two fingers on the DOM overlay (or its −/+ buttons) scale it, Reset lifts it to be placed again at its first size,
 * Exit ends the session. A model shows at its real size (glTF metres, no fitting); a scene's models are scaled
 * together to about 1 m (`fitTo`), a tabletop view, which a pinch (or the "Real size" button) takes up to real size
 * (`ar-scale.ts`). A scene brings its own lights (its environment's, `environment`, and the document's, inside the
 * content); a lone model gets a plain hemisphere and sun. Colours are tone-mapped as in the viewer. The overlay is
 * plain DOM (it must be the session's `dom-overlay` root) and carries, for tests and assistive tools, the placed
 * position (`data-placed`), the fitted scale (`data-fit`), the user's factor (`data-scale`), whether that is real size
 * (`data-real`) and how many lights are on (`data-lights`). The session is asked for before the content has loaded
 * (the browser wants it close to the tap); a tap before the content is in places nothing.
 */

export interface ArLabels {
  reset: string;
  exit: string;
  smaller: string;
  larger: string;
  aim: string;
  placed: string;
  /** Said before placing a tabletop (scaled) view. */
  tabletop: string;
  /** The button that takes a tabletop view to real size, and back. */
  realSize: string;
  tableSize: string;
  /** Said while a tabletop view is shown at real size. */
  atRealSize: string;
}

export interface ArOptions {
  /** A model's GLB; or `load`, which builds the content (a scene's models in its arrangement). */
  glbUrl?: string;
  load?(): Promise<Object3D>;
  labels: ArLabels;
  /** Longest side in metres the whole content is scaled to (scenes); none = real size. */
  fitTo?: number;
  /** Lights for the AR scene's root (a scene's environment); none = a plain hemisphere and sun. */
  environment?: Object3D[];
  onEnd?(): void;
}

function button(text: string, onClick: () => void, testId: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.dataset.testid = testId;
  b.className = 'xr-ar__btn';
  b.addEventListener('click', (e) => {
    e.stopPropagation();
    onClick();
  });
  // a tap on a button is not a placement
  b.addEventListener('beforexrselect', (e) => e.preventDefault());
  return b;
}

/** Starts the AR session; resolves once it runs, with a function that ends it. */
export async function startArSession({ glbUrl, load, labels, fitTo, environment, onEnd }: ArOptions): Promise<() => void> {
  const xr = (navigator as Navigator & { xr?: XRSystem }).xr;
  if (!xr) throw new Error('WebXR is not available');
  const loading: Promise<Object3D> = load
    ? load()
    : glbUrl
      ? createArLoader()
          .loadAsync(glbUrl)
          .then((g) => g.scene)
      : Promise.reject(new Error('nothing to show'));
  loading.catch(() => undefined);

  const overlay = document.createElement('div');
  overlay.className = 'xr-ar';
  overlay.dataset.testid = 'ar-overlay';
  const hint = document.createElement('p');
  hint.className = 'xr-ar__hint';
  const bar = document.createElement('div');
  bar.className = 'xr-ar__bar';
  overlay.append(hint, bar);
  document.body.append(overlay);

  const renderer = new WebGLRenderer({ antialias: true, alpha: true });
  renderer.setPixelRatio(window.devicePixelRatio);
  renderer.setSize(window.innerWidth, window.innerHeight);
  renderer.domElement.className = 'xr-ar__canvas';
  renderer.toneMapping = ACESFilmicToneMapping;
  renderer.xr.enabled = true;
  renderer.xr.setReferenceSpaceType('local');
  document.body.append(renderer.domElement);

  const scene = new Scene();
  const camera = new PerspectiveCamera(70, window.innerWidth / window.innerHeight, 0.01, 50);
  if (environment?.length) scene.add(...environment);
  else {
    const sun = new DirectionalLight(0xffffff, 1.5);
    sun.position.set(1, 3, 2);
    scene.add(new HemisphereLight(0xffffff, 0x888888, 2), sun);
  }

  const reticle = new Mesh(new RingGeometry(0.1, 0.13, 32).rotateX(-Math.PI / 2), new MeshBasicMaterial());
  reticle.matrixAutoUpdate = false;
  reticle.visible = false;
  scene.add(reticle);

  const anchor = new Group();
  let baseScale = 1;
  let userScale = 1;
  anchor.visible = false;
  scene.add(anchor);

  let placed = false;
  let realButton: HTMLButtonElement | null = null;
  const tabletop = !!fitTo;
  const showState = () => {
    const real = tabletop && isRealSize(userScale, baseScale);
    if (!placed) hint.textContent = tabletop ? `${labels.tabletop} ${labels.aim}` : labels.aim;
    else hint.textContent = real ? labels.atRealSize : labels.placed;
    if (realButton) realButton.textContent = real ? labels.tableSize : labels.realSize;
    overlay.dataset.scale = userScale.toFixed(2);
    overlay.dataset.real = String(isRealSize(userScale, baseScale));
  };
  const setScale = (s: number) => {
    userScale = clampArScale(s, baseScale);
    anchor.scale.setScalar(baseScale * userScale);
    // a scaled scene's point and spot lights keep their reach and brightness relative to it
    scaleLights(anchor, baseScale * userScale);
    showState();
  };
  const reset = () => {
    placed = false;
    anchor.visible = false;
    delete overlay.dataset.placed;
    setScale(1);
  };
  showState();

  const session = await xr
    .requestSession('immersive-ar', {
      requiredFeatures: ['hit-test'],
      optionalFeatures: ['dom-overlay'],
      domOverlay: { root: overlay },
    } as XRSessionInit)
    .catch((err: unknown) => {
      renderer.dispose();
      renderer.domElement.remove();
      overlay.remove();
      throw err;
    });
  let ended = false;
  const cleanup = () => {
    if (ended) return;
    ended = true;
    renderer.setAnimationLoop(null);
    renderer.dispose();
    renderer.domElement.remove();
    overlay.remove();
    onEnd?.();
  };
  session.addEventListener('end', cleanup);
  await renderer.xr.setSession(session);

  const viewerSpace = await session.requestReferenceSpace('viewer');
  const hitSource = await session.requestHitTestSource?.({ space: viewerSpace });
  if (!hitSource) {
    await session.end();
    throw new Error('hit-test is not available');
  }
  let content: Object3D;
  try {
    // the model stands on its lowest point, centred over the placement spot
    content = standOnOrigin(await loading);
  } catch (err) {
    await session.end().catch(() => undefined);
    throw err;
  }
  anchor.add(content);
  baseScale = fitTo ? fitScale(content, fitTo) : 1;
  // the scale the content is shown at before any pinch (1: real size)
  overlay.dataset.fit = baseScale.toFixed(3);
  overlay.dataset.lights = String(countLights(scene));
  if (tabletop && baseScale < 1) {
    realButton = button(
      labels.realSize,
      () => setScale(isRealSize(userScale, baseScale) ? 1 : realSizeFactor(baseScale)),
      'ar-real',
    );
  }
  setScale(1);

  bar.append(
    button(labels.smaller, () => setScale(userScale / 1.25), 'ar-smaller'),
    button(labels.larger, () => setScale(userScale * 1.25), 'ar-larger'),
    ...(realButton ? [realButton] : []),
    button(labels.reset, reset, 'ar-reset'),
    button(labels.exit, () => void session.end(), 'ar-exit'),
  );

  // pinch: the ratio of the two fingers' distance to the distance when the second finger landed
  let pinch: { distance: number; scale: number } | null = null;
  const spread = (t: TouchList) => {
    const a = t[0];
    const b = t[1];
    return a && b ? Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) : 0;
  };
  overlay.addEventListener('touchstart', (e) => {
    if (e.touches.length === 2) pinch = { distance: spread(e.touches), scale: userScale };
  });
  overlay.addEventListener('touchmove', (e) => {
    if (pinch && e.touches.length === 2 && pinch.distance > 0) setScale(pinch.scale * (spread(e.touches) / pinch.distance));
  });
  overlay.addEventListener('touchend', (e) => {
    if (e.touches.length < 2) pinch = null;
  });

  session.addEventListener('select', () => {
    if (placed || !reticle.visible || pinch) return;
    anchor.position.setFromMatrixPosition(reticle.matrix);
    anchor.visible = true;
    placed = true;
    const p = anchor.position;
    overlay.dataset.placed = [p.x, p.y, p.z].map((v) => v.toFixed(3)).join(',');
    showState();
  });

  renderer.setAnimationLoop((_t, frame?: XRFrame) => {
    if (frame) {
      const space = renderer.xr.getReferenceSpace();
      const hit = space ? frame.getHitTestResults(hitSource)[0] : undefined;
      const pose = hit && space ? hit.getPose(space) : undefined;
      reticle.visible = !!pose && !placed;
      if (pose) reticle.matrix.fromArray(pose.transform.matrix);
    }
    renderer.render(scene, camera);
  });
  return () => void session.end().catch(cleanup);
}

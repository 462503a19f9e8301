import { AimOutlined, EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import { OrbitControls, useProgress } from '@react-three/drei';
import { Canvas, useThree } from '@react-three/fiber';
import { parseSceneDocument, pickText, type SceneDocument, type SceneHotspot } from '@xr/contract/scenes';
import { Button, Progress, Segmented, Tooltip } from 'antd';
import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Group,
  type Material,
  type Mesh,
  type PerspectiveCamera,
  type Texture,
  WebGLRenderer,
  type WebGLRendererParameters,
} from 'three';
import { PacedFrames, pacedFrameloop, useFramePace } from '../frame-pace';
import type { SceneViewerProps } from '../scene-viewer-props';
import { langOf } from '../viewer-lang';
import { contentFramingBox, fitCamera, type OrbitTarget } from './camera-fit';
import { SceneEnvironment } from './environment';
import { canvasDpr, modelsSettled, prepareRenderer, sizeBeforeContext, viewerFrameloop } from './first-frame';
import { HotspotPopup } from './hotspot-popup';
import { coarseModelUrl, modelUrls } from './model-urls';
import type { NpcSpeech } from './npc-runner';
import { panoramaUrl } from './scene-assets';
import { SceneContent, useSceneGltf } from './scene-content';
import { fullTextures, holdFullTextures } from './texture-previews';
import { type MoveInput, TouchJoystick, WalkControls } from './walk-controls';
import { enterVr, isVrSupported, type VrSession, type XrPanelContent, type XrRenderer } from './xr-session';
import './scene-viewer.css';

type Mode = 'orbit' | 'walk';

/** The scene's background sound: starts with the visitor's first interaction (browsers block autoplay before). */
function BackgroundSound({ url, volume, loop }: { url: string; volume: number; loop: boolean }) {
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const audio = ref.current;
    if (!audio) return;
    audio.volume = volume;
    const start = () => void audio.play().catch(() => undefined);
    start();
    window.addEventListener('pointerdown', start, { once: true });
    return () => {
      window.removeEventListener('pointerdown', start);
      audio.pause();
    };
  }, [volume]);
  // biome-ignore lint/a11y/useMediaCaption: background music has no words to caption
  return <audio ref={ref} src={url} loop={loop} preload="auto" hidden />;
}

interface Bridge {
  enterVr(
    onHotspot: (h: SceneHotspot, id: string) => void,
    onEnd: () => void,
    describe: (h: SceneHotspot) => XrPanelContent,
  ): Promise<VrSession>;
  fit(): void;
}

/** Inside the canvas: fits the camera once everything loaded, and opens the VR session on the renderer. */
const CanvasBridge = forwardRef<Bridge, { content: React.RefObject<Group | null>; yaw: number; loading: boolean; mode: Mode }>(
  function CanvasBridge({ content, yaw, loading, mode }, ref) {
    const { gl, scene, camera, controls } = useThree();
    const fitted = useRef(false);
    const fit = useCallback(() => {
      if (!content.current) return;
      // An object larger than 100 m (a model in the wrong unit) is left out: the rest stays in view.
      fitCamera(camera as PerspectiveCamera, controls as unknown as OrbitTarget | null, contentFramingBox(content.current), yaw);
    }, [camera, controls, content, yaw]);
    useImperativeHandle(
      ref,
      () => ({
        fit,
        enterVr: (onHotspot, onEnd, describe) => enterVr(gl as unknown as XrRenderer, scene, { onHotspot, onEnd, describe }),
      }),
      [fit, gl, scene],
    );
    // First fit at once (empty scenes, first frame), again when the models are in, unless the visitor already moved.
    useEffect(() => {
      if (mode !== 'orbit' || !controls) return;
      if (!fitted.current || !loading) fit();
      if (!loading) fitted.current = true;
    }, [loading, fit, mode, controls]);
    return null;
  },
);

/** How long after the first complete frame shadows come in (they cost a shadow pass and new shaders). */
export const SHADOWS_AFTER_MS = 400;

/**
 * Shadows are switched on after the first complete frame: the first frame needs no shadow map pass and compiles
 * the lighter shaders (docs/perf.md, "3D scenes"). The renderer's switch alone does not rebuild the materials'
 * programs, hence the `needsUpdate`.
 */
function ShadowSwitch({ on }: { on: boolean }) {
  const scene = useThree((s) => s.scene);
  useEffect(() => {
    if (!on) return;
    scene.traverse((o) => {
      const m = (o as Mesh).material as Material | Material[] | undefined;
      for (const mat of Array.isArray(m) ? m : m ? [m] : []) mat.needsUpdate = true;
    });
  }, [on, scene]);
  return null;
}

/** The document's models and NPCs that are drawn (not hidden). */
const modelObjectsOf = (doc: SceneDocument) =>
  doc.objects.flatMap((o) => ((o.type === 'model' || o.type === 'npc') && !o.hidden ? [o] : []));

/**
 * The viewer's renderer (react-three-fiber's defaults for the rest), its context made at the first frame's size
 * (`sizeBeforeContext`). Nothing reads the viewer's pixels back (screenshots come from the compositor): no copy of
 * every frame. MSAA from the first frame on: without it the first complete frame was no faster (docs/perf.md).
 */
function viewerRenderer(defaults: WebGLRendererParameters & { canvas: HTMLCanvasElement }, dpr: number): WebGLRenderer {
  const size = sizeBeforeContext(defaults.canvas, dpr);
  const renderer = new WebGLRenderer({ ...defaults, antialias: true, preserveDrawingBuffer: false });
  // the same numbers the canvas already has: records the size and the ratio without resizing the new context
  if (size) renderer.setDrawingBufferSize(size.width, size.height, dpr);
  return renderer;
}

/** A state update adding `id` to a set (the same set when it is there already: no render). */
const withId = (id: string) => (cur: ReadonlySet<string>) => (cur.has(id) ? cur : new Set(cur).add(id));

/**
 * While the models come in and no frame is drawn yet, each loaded model's textures are uploaded and its shader
 * programs compiled (the GPU process links them while the other models arrive), so the first complete frame finds them ready instead of
 * doing all of it at once after the last model (docs/perf.md "3D scenes"). Runs again as each model
 * arrives; stops once the scene is complete.
 */
function Warmup({ loaded, on }: { loaded: number; on: boolean }) {
  const { gl, scene, camera } = useThree();
  const uploaded = useRef(new WeakSet<Texture>());
  useEffect(() => {
    if (!on || loaded === 0) return;
    // the whole scene: the floor, sky, hotspots and NPCs' programs too, not only the models'
    scene.traverse((o) => {
      const m = (o as Mesh).material as Material | Material[] | undefined;
      for (const mat of Array.isArray(m) ? m : m ? [m] : [])
        for (const value of Object.values(mat)) {
          const tex = value as Texture | null;
          if (tex?.isTexture && !uploaded.current.has(tex)) {
            uploaded.current.add(tex);
            gl.initTexture(tex);
          }
        }
    });
    // `compile`, not `compileAsync`: the programs are linked in the GPU process meanwhile all the same, and
    // compileAsync's polling throws when a material it waits for is disposed first (a placeholder replaced by its model)
    const materials = gl.compile(scene, camera);
    // each program's uniform list read now, while models still arrive, not at the first render (a round trip to
    // the GPU process per program, which waits for its link)
    for (const m of materials)
      (gl.properties.get(m) as { currentProgram?: { getUniforms(): unknown } }).currentProgram?.getUniforms();
  }, [loaded, on, gl, scene, camera]);
  return null;
}

/**
 * Restarts the frame loop when the canvas goes from drawing on demand to drawing every frame: react-three-fiber's
 * loop stops while nothing asks for a frame, and changing `frameloop` alone does not start it again.
 */
function EveryFrame({ on }: { on: boolean }) {
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => {
    if (!on) return;
    invalidate();
    const frame = requestAnimationFrame(() => invalidate());
    return () => cancelAnimationFrame(frame);
  }, [on, invalidate]);
  return null;
}

/**
 * The 3D scene viewer (default export, lazy): the document's models, groups, lights, environment, hotspots and NPCs
 * running their steps; orbit and walk modes (WASD + mouse, touch joystick), Enter VR with controller pointing and
 * teleport. Every model starts downloading at once; a progress bar shows until they are in. Popups and speech
 * bubbles are DOM overlays outside the canvas.
 */
export default function SceneViewer({
  details,
  document: given,
  height = 520,
  onAddToCart,
  className,
  children,
  walkOnly,
  autoRotate,
}: SceneViewerProps) {
  const { t, i18n } = useTranslation('scene3d');
  const lang = langOf(i18n);
  const parsed = useMemo(() => parseSceneDocument(given ?? details.document), [given, details.document]);
  const doc: SceneDocument | null = parsed.success ? parsed.data : null;
  const [mode, setMode] = useState<Mode>(walkOnly ? 'walk' : 'orbit');
  const [open, setOpen] = useState<SceneHotspot | null>(null);
  const [speech, setSpeech] = useState<Record<string, NpcSpeech | null>>({});
  const [vrSupported, setVrSupported] = useState(false);
  const [vr, setVr] = useState<VrSession | null>(null);
  const bubbles = useRef(new Map<string, HTMLElement>());
  const move: MoveInput = useRef({ x: 0, y: 0 });
  const bridge = useRef<Bridge>(null);
  const content = useRef<Group>(null);
  const { active, progress } = useProgress();
  const touch = typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches;

  const urls = useMemo(() => {
    if (!doc) return [];
    return modelUrls(details, modelObjectsOf(doc));
  }, [doc, details]);
  // The models' full textures wait until the first complete frame is drawn (it is built with their previews:
  // texture-previews.ts); taken before any model can be in.
  const releaseTextures = useRef<(() => void) | null>(null);
  useLayoutEffect(() => {
    const release = holdFullTextures();
    releaseTextures.current = release;
    return release;
  }, []);
  const texturesPending = useSyncExternalStore(fullTextures.subscribe, fullTextures.pending);
  // All downloads start together, before the tree asks for them one by one.
  useEffect(() => {
    for (const u of urls) useSceneGltf.preload(u);
  }, [urls]);
  useEffect(() => {
    void isVrSupported().then(setVrSupported);
  }, []);

  const onSpeech = useCallback((id: string, s: NpcSpeech | null) => {
    setSpeech((cur) => (cur[id] === s ? cur : { ...cur, [id]: s }));
  }, []);
  const onHotspot = useCallback((h: SceneHotspot) => setOpen(h), []);
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(new Set());
  const onModelLoaded = useCallback((id: string) => setLoaded(withId(id)), []);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const onModelFailed = useCallback((id: string) => setFailed(withId(id)), []);
  const [shadows, setShadows] = useState(false);
  const modelObjects = doc ? modelObjectsOf(doc) : [];
  const settled = !!doc && modelsSettled(loaded.size, failed.size, modelObjects.length, active);
  // Once the first frame's models are in, the viewer stays complete: the models swapped in after it (coarse → full)
  // download and parse while it runs, and must not stop the frame loop, bring back the progress bar or fit the
  // camera again.
  const [wasComplete, setWasComplete] = useState(false);
  useEffect(() => {
    if (settled) setWasComplete(true);
  }, [settled]);
  const complete = settled || wasComplete;
  // Until the models are in (or the shadows' time-out), no frame is drawn (the progress bar shows): a software or
  // phone GPU drawing the half-built scene takes the time the uploads and shader compiles of the complete frame need
  // (docs/perf.md "3D scenes"). Then every frame (NPCs walk).
  const frameloop = viewerFrameloop(complete, shadows, vr !== null);
  // a software renderer draws 'every frame' at a paced rate and without shadow maps (a second pass of the scene each
  // frame) instead; a headset is never paced
  const pace = useFramePace();
  const paced = pace.paced && vr === null;
  const dpr = canvasDpr(shadows, typeof window === 'undefined' ? 1 : window.devicePixelRatio);
  // Dense models are drawn from their coarse version first (`detail`), replaced by the models themselves after the first frame.
  const [detail, setDetail] = useState<'coarse' | 'full'>('coarse');
  const [detailed, setDetailed] = useState<ReadonlySet<string>>(new Set());
  const onModelDetailed = useCallback((id: string) => setDetailed(withId(id)), []);
  const coarseCount = modelObjects.filter((o) => o.type === 'model' && coarseModelUrl(details, o.source)).length;
  // the full textures and models once the first complete frame is on screen
  useEffect(() => {
    if (!complete) return;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        releaseTextures.current?.();
        setDetail('full');
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [complete]);
  // shadows once the first complete frame is drawn (or after a while, if a model never loads)
  useEffect(() => {
    if (shadows) return;
    let frame = 0;
    const timer = window.setTimeout(
      () => {
        frame = requestAnimationFrame(() => setShadows(true));
      },
      complete ? SHADOWS_AFTER_MS : 15_000,
    );
    return () => {
      window.clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [complete, shadows]);

  if (!doc) {
    return (
      <div className={`xr-scene xr-scene--error ${className ?? ''}`} style={{ height }} data-testid="scene-viewer">
        <div className="xr-viewer__error">{t('invalidDocument')}</div>
      </div>
    );
  }
  const settings = doc.settings;
  const panorama = settings.environment.panorama_asset_id
    ? details.media[String(settings.environment.panorama_asset_id)]
    : undefined;
  const skyUrl = panoramaUrl(panorama);
  const npcs = doc.objects.filter((o) => o.type === 'npc');
  const modelCount = modelObjects.length;
  const sound = settings.background_audio ? details.media[String(settings.background_audio.asset_id)] : undefined;
  const soundUrl = sound ? (sound.urls.audio ?? sound.urls.original ?? null) : null;

  /** The in-headset panel of a hotspot: its title and text, a product's name and price with "add to cart". */
  const describe = (h: SceneHotspot): XrPanelContent => {
    const lines = [pickText(h.text, lang)].filter(Boolean);
    if (h.kind === 'link') lines.push(h.url);
    if (h.kind === 'video' || h.kind === 'audio' || h.kind === 'image') lines.push(t('vrMediaHint'));
    const product = h.kind === 'product' ? details.products[String(h.project_id)] : undefined;
    if (product) lines.unshift(`${product.name} · HK$${product.price.toFixed(2)}`);
    return {
      title: pickText(h.title, lang) || t(`kind.${h.kind}`),
      lines,
      action: product?.purchasable && onAddToCart ? t('addToCart') : undefined,
      onAction: product && onAddToCart ? () => onAddToCart(product.id) : undefined,
    };
  };
  const startVr = async () => {
    try {
      const session = await bridge.current?.enterVr(onHotspot, () => setVr(null), describe);
      if (session) setVr(session);
    } catch {
      setVrSupported(false);
    }
  };

  return (
    <div
      className={`xr-scene ${className ?? ''}`}
      style={{ height }}
      data-testid="scene-viewer"
      data-loading={complete ? 'false' : 'true'}
      data-paced={paced ? 'true' : 'false'}
      data-models={`${loaded.size}/${modelCount}`}
      data-shadows={shadows ? 'on' : 'off'}
      data-detail={complete && detailed.size >= coarseCount ? 'full' : 'coarse'}
      data-textures={complete && texturesPending === 0 && detailed.size >= coarseCount ? 'full' : 'preview'}
    >
      <Canvas
        frameloop={pacedFrameloop(frameloop, paced)}
        shadows={shadows && !paced}
        dpr={dpr}
        camera={{ fov: 60, near: 0.05, far: 2000, position: [0, 3, 10] }}
        gl={(defaults) => viewerRenderer(defaults as WebGLRendererParameters & { canvas: HTMLCanvasElement }, dpr)}
        onCreated={(state) => {
          prepareRenderer(state.gl, import.meta.env.DEV);
          pace.detect(state);
        }}
        aria-label={t('canvas')}
      >
        <EveryFrame on={frameloop === 'always' && !paced} />
        <PacedFrames on={frameloop === 'always' && paced} />
        <ShadowSwitch on={shadows && !paced} />
        <Warmup loaded={loaded.size} on={!complete && !shadows} />
        <SceneEnvironment settings={settings} panoramaUrl={skyUrl} />
        <group ref={content}>
          <SceneContent
            doc={doc}
            details={details}
            mode="view"
            onHotspot={onHotspot}
            onSpeech={onSpeech}
            bubbles={bubbles.current}
            onModelLoaded={onModelLoaded}
            onModelFailed={onModelFailed}
            detail={detail}
            onModelDetailed={onModelDetailed}
          />
        </group>
        {mode === 'orbit' ? (
          <OrbitControls
            makeDefault
            enableDamping
            maxPolarAngle={Math.PI / 2 - 0.02}
            autoRotate={autoRotate}
            autoRotateSpeed={0.8}
          />
        ) : (
          <WalkControls spawn={settings.spawn.position} yaw={settings.spawn.yaw} floorSize={settings.floor.size} move={move} />
        )}
        <CanvasBridge ref={bridge} content={content} yaw={settings.spawn.yaw} loading={!complete} mode={mode} />
        {children}
      </Canvas>

      {npcs.map((n) => {
        const s = speech[n.id];
        return (
          <div
            key={n.id}
            ref={(el) => {
              if (el) bubbles.current.set(n.id, el);
              else bubbles.current.delete(n.id);
            }}
            className="xr-scene__bubble"
            data-testid="speech-bubble"
            hidden={!s}
            aria-live="polite"
          >
            {s && (
              <>
                {n.type === 'npc' && pickText(n.display_name, lang) && (
                  <strong className="xr-scene__bubble-name">{pickText(n.display_name, lang)}</strong>
                )}
                {pickText(s.text, lang)}
              </>
            )}
          </div>
        );
      })}

      {/* The controls come with the shadows, once the first frame is drawn: before it they cannot act on anything (the
          full-screen page's loading sign covers them), and building antd's styles for them (~60 ms of the page's
          main thread, traced) delayed the canvas and the models' parsing behind the page's first render
          (docs/perf.md "3D scenes"). */}
      {shadows && (
        <div className="xr-scene__toolbar" data-testid="scene-toolbar">
          {!walkOnly && (
            <Segmented<Mode>
              size="small"
              value={mode}
              onChange={setMode}
              options={[
                { value: 'orbit', label: t('orbit'), icon: <EyeOutlined /> },
                { value: 'walk', label: t('walk'), icon: <AimOutlined /> },
              ]}
            />
          )}
          {mode === 'orbit' && (
            <Tooltip title={t('fit')}>
              <Button size="small" icon={<ReloadOutlined />} aria-label={t('fit')} onClick={() => bridge.current?.fit()} />
            </Tooltip>
          )}
          {vrSupported && (
            <Button size="small" type="primary" onClick={() => (vr ? void vr.end() : void startVr())}>
              {vr ? t('exitVr') : t('enterVr')}
            </Button>
          )}
        </div>
      )}
      {mode === 'walk' && <div className="xr-scene__hint">{touch ? t('walkHintTouch') : t('walkHint')}</div>}
      {mode === 'walk' && touch && <TouchJoystick move={move} label={t('joystick')} />}
      {!complete && (
        <div className="xr-scene__progress" data-testid="scene-progress">
          <Progress percent={Math.round(progress)} size="small" showInfo={false} />
          <span>{t('loading', { percent: Math.round(progress) })}</span>
        </div>
      )}
      {soundUrl && settings.background_audio && (
        <BackgroundSound url={soundUrl} volume={settings.background_audio.volume} loop={settings.background_audio.loop} />
      )}
      {open && (
        <HotspotPopup
          hotspot={open}
          details={details}
          onClose={() => setOpen(null)}
          onAddToCart={onAddToCart ? (id) => onAddToCart(id) : undefined}
        />
      )}
    </div>
  );
}

import { useGLTF } from '@react-three/drei';
import { type ThreeEvent, useFrame } from '@react-three/fiber';
import type { SceneDetails, SceneDocument, SceneHotspot, SceneObject, Vec3 } from '@xr/contract/scenes';
import { Component, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  type AnimationAction,
  AnimationMixer,
  Box3,
  type Group,
  LoaderUtils,
  LoopRepeat,
  type Mesh,
  type Object3D,
  Vector3,
} from 'three';
import { clone as cloneSkinned } from 'three/examples/jsm/utils/SkeletonUtils.js';
import { bubblePlacement } from './bubble';
import { coarseModelUrl, modelUrl, takePrefetchedModel } from './model-urls';
import { advanceNpc, initialNpcState, MAX_FRAME_SECONDS, type NpcEvent, type NpcSpeech, type NpcState } from './npc-runner';
import { hotspotIconTexture, matchClip } from './scene-assets';
import { withTexturePreviews } from './texture-previews';

type NpcObject = Extract<SceneObject, { type: 'npc' }>;
type LightObject = Extract<SceneObject, { type: 'light' }>;
type HotspotObject = Extract<SceneObject, { type: 'hotspot' }>;

export interface SceneContentProps {
  doc: SceneDocument;
  details: SceneDetails;
  /** `edit`: NPCs stand at their start, lights show a marker, clicks select; `view`: everything runs. */
  mode: 'view' | 'edit';
  selection?: readonly string[];
  /** A hotspot was clicked (view mode) or an NPC opened one. */
  onHotspot?(hotspot: SceneHotspot, objectId: string): void;
  /** An object was clicked (edit mode: the top-most clicked object id). */
  onObjectClick?(id: string, e: ThreeEvent<MouseEvent>): void;
  /** The Object3D of each object (editor: gizmo, box select, focus, statistics). */
  register?(id: string, object: Object3D | null): void;
  /** NPC speech changed (the viewer shows bubbles outside the canvas). */
  onSpeech?(npcId: string, speech: NpcSpeech | null): void;
  /** Bubble elements by NPC id: moved every frame to the NPC's head on screen. */
  bubbles?: Map<string, HTMLElement>;
  /** Called when a model finished loading (statistics, camera fit). */
  onModelLoaded?(id: string): void;
  /** Called when a model could not be loaded (it shows a red box): the viewer's first frame does not wait for it. */
  onModelFailed?(id: string): void;
  /**
   * Levels of detail (the viewer): `coarse` draws a dense model's coarse version where it has one (`onModelLoaded`
   * then means the coarse version is in), `full` also loads the model itself and swaps it in when it is in. Absent
   * (the editor): every model itself at once.
   */
  detail?: 'coarse' | 'full';
  /** A model drawn from its coarse version was replaced by the model itself (or the model failed: the coarse stays). */
  onModelDetailed?(id: string): void;
}

/** Keeps a failed model from taking the scene down: it shows a wireframe box instead. */
class ModelBoundary extends Component<{ children: ReactNode; onFailed?(): void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onFailed?.();
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <mesh position={[0, 0.5, 0]}>
        <boxGeometry args={[1, 1, 1]} />
        <meshBasicMaterial color="#ff4d4f" wireframe />
      </mesh>
    );
  }
}

/** A placeholder while a model downloads. */
function Loading() {
  return (
    <mesh position={[0, 0.25, 0]}>
      <boxGeometry args={[0.5, 0.5, 0.5]} />
      <meshBasicMaterial color="#9aa4b2" wireframe transparent opacity={0.5} />
    </mesh>
  );
}

const TAKES_PREFETCHED = Symbol('takesPrefetched');
/** drei's GLB loader (three-stdlib's GLTFLoader), as its `extendLoader` receives it. */
type GltfLoader = Parameters<NonNullable<Parameters<typeof useGLTF>[3]>>[0];

/**
 * drei's GLB loader (one shared instance, with its Draco and meshopt set-up), taught to take over a download the
 * lean page started early ({@link takePrefetchedModel}) instead of asking the network again, and to build textures
 * from the pipeline's small previews first ({@link withTexturePreviews}).
 */
export function takePrefetched(loader: GltfLoader): void {
  const marked = loader as GltfLoader & { [TAKES_PREFETCHED]?: true };
  if (marked[TAKES_PREFETCHED]) return;
  marked[TAKES_PREFETCHED] = true;
  withTexturePreviews(loader);
  const load = loader.load.bind(loader);
  loader.load = (url, onLoad, onProgress, onError) => {
    const bytes = takePrefetchedModel(url);
    if (!bytes) return load(url, onLoad, onProgress, onError);
    loader.manager.itemStart(url);
    const done = () => loader.manager.itemEnd(url);
    bytes.then(
      (data) =>
        loader.parse(
          data,
          loader.resourcePath || LoaderUtils.extractUrlBase(url),
          (gltf) => {
            onLoad(gltf);
            done();
          },
          (e) => {
            onError?.(e);
            loader.manager.itemError(url);
            done();
          },
        ),
      // the early download failed: the network once more, as without it
      () => {
        done();
        load(url, onLoad, onProgress, onError);
      },
    );
  };
}

/** Loads a scene's GLB (or takes the lean page's early download of it); `preload` starts it before it is drawn. */
export const useSceneGltf = (url: string) => useGLTF(url, true, true, takePrefetched);
useSceneGltf.preload = (url: string) => useGLTF.preload(url, true, true, takePrefetched);

/** One GLB instance (skinned meshes cloned with their skeletons so the same file can appear many times). */
function useModelInstance(url: string, castShadow: boolean) {
  const gltf = useSceneGltf(url);
  const scene = useMemo(() => {
    const c = cloneSkinned(gltf.scene);
    c.traverse((o) => {
      const mesh = o as Mesh;
      if (mesh.isMesh) {
        mesh.castShadow = castShadow;
        mesh.receiveShadow = true;
      }
    });
    return c;
  }, [gltf, castShadow]);
  return { scene, animations: gltf.animations };
}

function ModelBody({
  id,
  url,
  castShadow,
  onLoaded,
  visible = true,
}: {
  id: string;
  url: string;
  castShadow: boolean;
  onLoaded?(id: string): void;
  visible?: boolean;
}) {
  const { scene } = useModelInstance(url, castShadow);
  // Once per loaded instance (statistics and the camera fit look at it).
  useEffect(() => {
    if (scene.children.length >= 0) onLoaded?.(id);
  }, [id, scene, onLoaded]);
  return <primitive object={scene} visible={visible} />;
}

/** Renders nothing instead of its children when they fail (the model itself failed: its coarse version stays). */
class KeepCoarse extends Component<{ children: ReactNode; onFailed(): void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onFailed();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A dense model drawn from its coarse version first (the viewer's first frame), then, once `upgrade` is on, the model
 * itself is loaded beside it (hidden) and replaces it when it is in. A model that fails keeps its coarse version.
 */
function CoarseThenFull({
  id,
  url,
  coarseUrl,
  upgrade,
  castShadow,
  onLoaded,
  onDetailed,
}: {
  id: string;
  url: string;
  coarseUrl: string;
  upgrade: boolean;
  castShadow: boolean;
  onLoaded?(id: string): void;
  onDetailed?(id: string): void;
}) {
  const [full, setFull] = useState(false);
  const onFull = useCallback(() => {
    setFull(true);
    onDetailed?.(id);
  }, [id, onDetailed]);
  const onFailed = useCallback(() => onDetailed?.(id), [id, onDetailed]);
  return (
    <>
      {!full && <ModelBody id={id} url={coarseUrl} castShadow={castShadow} onLoaded={onLoaded} />}
      {upgrade && (
        <KeepCoarse onFailed={onFailed}>
          <Suspense fallback={null}>
            <ModelBody id={id} url={url} castShadow={castShadow} onLoaded={onFull} visible={full} />
          </Suspense>
        </KeepCoarse>
      )}
    </>
  );
}

function LightBody({ obj, edit }: { obj: LightObject; edit: boolean }) {
  const l = obj.light;
  const target = useRef<Object3D>(null);
  const light = useRef<Object3D & { target?: Object3D }>(null);
  useEffect(() => {
    if (light.current?.target && target.current) light.current.target = target.current;
  });
  const shadow = {
    castShadow: l.cast_shadow,
    'shadow-mapSize': [1024, 1024] as [number, number],
    'shadow-bias': -0.0005,
  };
  return (
    <>
      {l.kind === 'ambient' && <ambientLight color={l.color} intensity={l.intensity} />}
      {l.kind === 'directional' && (
        <directionalLight
          ref={light}
          color={l.color}
          intensity={l.intensity}
          {...shadow}
          shadow-camera-left={-20}
          shadow-camera-right={20}
          shadow-camera-top={20}
          shadow-camera-bottom={-20}
        />
      )}
      {l.kind === 'point' && <pointLight color={l.color} intensity={l.intensity} distance={l.distance} decay={2} {...shadow} />}
      {l.kind === 'spot' && (
        <spotLight
          ref={light}
          color={l.color}
          intensity={l.intensity}
          distance={l.distance}
          angle={l.angle}
          penumbra={0.3}
          decay={2}
          {...shadow}
        />
      )}
      {/* Directional and spot lights point down their local −Y… at a target 1 m below them. */}
      <object3D ref={target} position={[0, -1, 0]} />
      {edit && (
        <mesh>
          <octahedronGeometry args={[0.18]} />
          <meshBasicMaterial color={l.color} wireframe />
        </mesh>
      )}
    </>
  );
}

function HotspotBody({
  obj,
  selected,
  onOpen,
  edit,
}: {
  obj: HotspotObject;
  selected: boolean;
  onOpen?(h: SceneHotspot, id: string): void;
  edit: boolean;
}) {
  const size = obj.hotspot.size / 100;
  const texture = hotspotIconTexture(obj.hotspot.icon, selected);
  return (
    <sprite
      scale={[size, size, size]}
      userData={{ hotspot: obj.hotspot, objectId: obj.id }}
      renderOrder={10}
      onClick={
        edit
          ? undefined
          : (e) => {
              e.stopPropagation();
              onOpen?.(obj.hotspot, obj.id);
            }
      }
      onPointerOver={edit ? undefined : () => setCursor('pointer')}
      onPointerOut={edit ? undefined : () => setCursor('')}
    >
      <spriteMaterial map={texture} depthTest={false} transparent sizeAttenuation />
    </sprite>
  );
}

const setCursor = (cursor: string) => {
  document.body.style.cursor = cursor;
};

const visitor = new Vector3();
const head = new Vector3();

/** An NPC: its model with an AnimationMixer, running its steps every frame (view mode). */
function NpcBody({
  obj,
  url,
  run,
  onEvent,
  onSpeech,
  bubbles,
  onLoaded,
}: {
  obj: NpcObject;
  url: string;
  run: boolean;
  onEvent?(e: NpcEvent): void;
  onSpeech?(speech: NpcSpeech | null): void;
  bubbles?: Map<string, HTMLElement>;
  onLoaded?(id: string): void;
}) {
  const { scene, animations } = useModelInstance(url, obj.type === 'npc');
  const mixer = useMemo(() => new AnimationMixer(scene), [scene]);
  const root = useRef<Group>(null);
  const state = useRef<NpcState>(initialNpcState(obj.transform.position, obj.transform.rotation[1], obj.idle_clip));
  const playing = useRef<{ name: string | null; action: AnimationAction | null }>({ name: null, action: null });
  const speaking = useRef(false);
  const height = useRef(1.8);

  useEffect(() => {
    state.current = initialNpcState(obj.transform.position, obj.transform.rotation[1], obj.idle_clip);
  }, [obj]);
  useEffect(() => {
    onLoaded?.(obj.id);
    // Bubble height: the model's top.
    scene.updateMatrixWorld(true);
    const box = new Box3().setFromObject(scene).getSize(new Vector3());
    if (box.y > 0.2) height.current = box.y * obj.transform.scale[1];
    return () => void mixer.stopAllAction();
  }, [scene, mixer, obj.id, obj.transform.scale, onLoaded]);

  const play = (name: string | null) => {
    if (playing.current.name === name) return;
    const clip = matchClip(animations, name);
    const next = clip ? mixer.clipAction(clip) : null;
    if (next) {
      next.reset().setLoop(LoopRepeat, Number.POSITIVE_INFINITY).fadeIn(0.25).play();
    }
    playing.current.action?.fadeOut(0.25);
    playing.current = { name, action: next };
  };

  useFrame(({ camera, size }, dt) => {
    const g = root.current;
    if (!g) return;
    if (run) {
      camera.getWorldPosition(visitor);
      const r = advanceNpc(obj, state.current, Math.min(dt, MAX_FRAME_SECONDS), [visitor.x, visitor.y, visitor.z]);
      state.current = r.state;
      for (const e of r.events) onEvent?.(e);
      const isSaying = !!r.state.speech;
      if (isSaying !== speaking.current || r.events.some((e) => e.type === 'say')) {
        speaking.current = isSaying;
        onSpeech?.(r.state.speech);
      }
      g.position.set(...r.state.position);
      g.rotation.set(0, r.state.yaw, 0);
      play(r.state.clip);
    } else {
      play(obj.idle_clip);
    }
    mixer.update(dt);
    const bubble = bubbles?.get(obj.id);
    // a hidden bubble is placed when it shows (no layout read for it every frame)
    if (bubble && !bubble.hidden) {
      g.getWorldPosition(head);
      head.y += height.current + 0.15;
      head.project(camera);
      const behind = head.z > 1;
      const { left, arrow } = bubblePlacement(((head.x + 1) / 2) * size.width, bubble.offsetWidth, size.width);
      bubble.style.transform = `translate(-50%, -100%) translate(${left}px, ${((1 - head.y) / 2) * size.height}px)`;
      bubble.style.setProperty('--xr-bubble-arrow', `${arrow}px`);
      bubble.style.visibility = behind ? 'hidden' : 'visible';
    }
  });

  return (
    <group ref={root} scale={run ? obj.transform.scale : undefined}>
      <primitive object={scene} />
    </group>
  );
}

interface NodeProps extends SceneContentProps {
  obj: SceneObject;
  tree: Map<string | null, SceneObject[]>;
}

/** One object with its children, at its transform (relative to its parent group). */
function ObjectNode(props: NodeProps) {
  const { obj, tree, details, mode, selection, register, onObjectClick } = props;
  const ref = useRef<Group>(null);
  useEffect(() => {
    register?.(obj.id, ref.current);
    return () => register?.(obj.id, null);
  }, [obj.id, register]);
  if (obj.hidden) return null;
  const edit = mode === 'edit';
  const kids = tree.get(obj.id) ?? [];
  const t = obj.transform;
  const npcRuns = obj.type === 'npc' && !edit;
  let body: ReactNode = null;
  if (obj.type === 'model') {
    const url = modelUrl(details, obj.source);
    const coarseUrl = props.detail ? coarseModelUrl(details, obj.source) : null;
    body = url ? (
      <ModelBoundary onFailed={() => props.onModelFailed?.(obj.id)}>
        <Suspense fallback={<Loading />}>
          {coarseUrl ? (
            <CoarseThenFull
              id={obj.id}
              url={url}
              coarseUrl={coarseUrl}
              upgrade={props.detail === 'full'}
              castShadow={obj.cast_shadow}
              onLoaded={props.onModelLoaded}
              onDetailed={props.onModelDetailed}
            />
          ) : (
            <ModelBody id={obj.id} url={url} castShadow={obj.cast_shadow} onLoaded={props.onModelLoaded} />
          )}
        </Suspense>
      </ModelBoundary>
    ) : (
      <Loading />
    );
  } else if (obj.type === 'light') body = <LightBody obj={obj} edit={edit} />;
  else if (obj.type === 'hotspot')
    body = <HotspotBody obj={obj} selected={!!selection?.includes(obj.id)} onOpen={props.onHotspot} edit={edit} />;
  else if (obj.type === 'npc') {
    const url = modelUrl(details, obj.source);
    const onEvent = (e: NpcEvent) => {
      if (e.type !== 'open_hotspot') return;
      const h = props.doc.objects.find((o) => o.id === e.hotspot);
      if (h?.type === 'hotspot') props.onHotspot?.(h.hotspot, h.id);
    };
    body = url ? (
      <ModelBoundary onFailed={() => props.onModelFailed?.(obj.id)}>
        <Suspense fallback={<Loading />}>
          <NpcBody
            obj={obj}
            url={url}
            run={npcRuns}
            onEvent={onEvent}
            onSpeech={(s) => props.onSpeech?.(obj.id, s)}
            bubbles={props.bubbles}
            onLoaded={props.onModelLoaded}
          />
        </Suspense>
      </ModelBoundary>
    ) : (
      <Loading />
    );
  }
  const click = edit
    ? (e: ThreeEvent<MouseEvent>) => {
        // The innermost registered object gets the click; the handler climbs to what should be selected.
        e.stopPropagation();
        onObjectClick?.(obj.id, e);
      }
    : undefined;
  // Running NPCs move in world space: their node holds no transform of its own (the runner places them).
  if (npcRuns) {
    return (
      <group ref={ref} name={obj.id} userData={{ objectId: obj.id }} onClick={click}>
        {body}
      </group>
    );
  }
  return (
    <group
      ref={ref}
      name={obj.id}
      userData={{ objectId: obj.id }}
      position={t.position as Vec3}
      rotation={t.rotation}
      scale={t.scale}
      onClick={click}
    >
      {body}
      {kids.map((k) => (
        <ObjectNode key={k.id} {...props} obj={k} />
      ))}
    </group>
  );
}

/** Children of each parent (null: roots), in document order. */
export function childrenMap(doc: SceneDocument): Map<string | null, SceneObject[]> {
  const ids = new Set(doc.objects.map((o) => o.id));
  const m = new Map<string | null, SceneObject[]>();
  for (const o of doc.objects) {
    // NPCs walk in world coordinates: they are drawn at the root whatever group holds them.
    const p = o.type === 'npc' || !o.parent || !ids.has(o.parent) ? null : o.parent;
    m.set(p, [...(m.get(p) ?? []), o]);
  }
  return m;
}

/** The document's objects as a three.js tree (models, groups, lights, hotspots, NPCs). */
export function SceneContent(props: SceneContentProps) {
  const tree = useMemo(() => childrenMap(props.doc), [props.doc]);
  return (
    <>
      {(tree.get(null) ?? []).map((o) => (
        <ObjectNode key={o.id} {...props} obj={o} tree={tree} />
      ))}
    </>
  );
}

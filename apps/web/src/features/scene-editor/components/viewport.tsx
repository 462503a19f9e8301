import { Grid, Line, OrbitControls, TransformControls } from '@react-three/drei';
import { Canvas, type ThreeEvent, useFrame, useThree } from '@react-three/fiber';
import type { SceneObject, Transform, Vec3 } from '@xr/contract/scenes';
import { Alert } from 'antd';
import { type ComponentRef, type DragEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box3, Box3Helper, Color, type Object3D, type PerspectiveCamera, Plane, Raycaster, Vector2, Vector3 } from 'three';
import {
  boundsOf,
  fitCamera,
  framingBox,
  type OrbitTarget,
  OVERSIZED_METRES,
} from '../../../components/viewers/scene3d/camera-fit';
import { SceneEnvironment } from '../../../components/viewers/scene3d/environment';
import { panoramaUrl } from '../../../components/viewers/scene3d/scene-assets';
import { SceneContent } from '../../../components/viewers/scene3d/scene-content';
import { setTransforms, updateObjects } from '../store/commands';
import { type EditorStore, useEditor } from '../store/editor-store';
import { type EditorRuntime, useEditorContext } from './editor-context';

/** The MIME type of an asset dragged from the asset panel (JSON of `DragAsset`). */
export const DRAG_TYPE = 'application/x-xr-scene-asset';

/** Snap a transform's numbers (the gizmo snaps while dragging; this cleans float noise). */
const round = (v: number) => Math.round(v * 10_000) / 10_000;
function transformOf(o: Object3D): Transform {
  return {
    position: [round(o.position.x), round(o.position.y), round(o.position.z)],
    rotation: [round(o.rotation.x), round(o.rotation.y), round(o.rotation.z)],
    scale: [Math.max(0.001, round(o.scale.x)), Math.max(0.001, round(o.scale.y)), Math.max(0.001, round(o.scale.z))],
  };
}

/** Fills the runtime with the camera, renderer and the floor / focus / view functions. */
function RuntimeBridge({
  runtime,
  store,
  onOversized,
}: {
  runtime: EditorRuntime;
  store: EditorStore;
  /** The objects left out of a framing of everything for their size (ids; empty when none). */
  onOversized: (ids: string[]) => void;
}) {
  const { camera, gl, controls } = useThree();
  useEffect(() => {
    runtime.camera = camera as PerspectiveCamera;
    runtime.gl = gl;
    const plane = new Plane(new Vector3(0, 1, 0), 0);
    const raycaster = new Raycaster();
    runtime.floorPoint = (x, y) => {
      const r = gl.domElement.getBoundingClientRect();
      raycaster.setFromCamera(new Vector2(((x - r.left) / r.width) * 2 - 1, -((y - r.top) / r.height) * 2 + 1), camera);
      const hit = raycaster.ray.intersectPlane(plane, new Vector3());
      return hit;
    };
    runtime.view = () => {
      const dir = camera.getWorldDirection(new Vector3());
      return {
        position: [round(camera.position.x), 0, round(camera.position.z)],
        yaw: round(Math.atan2(-dir.x, -dir.z)),
      };
    };
    runtime.focus = () => {
      const { selection } = store.getState();
      let box = new Box3();
      if (selection.length) {
        for (const id of selection) {
          const o = runtime.objects.get(id);
          if (o) box.union(boundsOf(o));
        }
      } else {
        // Everything of ordinary size: an oversized model is named instead of framed (the rest stays in view).
        const ids = [...runtime.objects.keys()];
        const framing = framingBox(ids.map((id) => boundsOf(runtime.objects.get(id)!)));
        box = framing.box;
        onOversized(framing.oversized.map((i) => ids[i]!));
      }
      const c = controls as unknown as OrbitTarget | null;
      const target = c?.target ?? new Vector3();
      const yaw = Math.atan2(camera.position.x - target.x, camera.position.z - target.z);
      fitCamera(camera as PerspectiveCamera, c, box, yaw);
    };
  }, [runtime, camera, gl, controls, store, onOversized]);
  return null;
}

/**
 * Shadows are drawn again only when the scene changed (document edits, a model arriving, a gizmo drag), not on
 * every frame: with hundreds of objects the shadow passes are most of an idle frame's cost.
 */
function ShadowUpdates({ doc, dragging }: { doc: unknown; dragging: React.RefObject<boolean> }) {
  const gl = useThree((s) => s.gl);
  useEffect(() => {
    gl.shadowMap.autoUpdate = false;
    return () => {
      gl.shadowMap.autoUpdate = true;
    };
  }, [gl]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new document means the shadows must be drawn again
  useEffect(() => {
    gl.shadowMap.needsUpdate = true;
  }, [gl, doc]);
  useFrame(() => {
    if (dragging.current) gl.shadowMap.needsUpdate = true;
  });
  return null;
}

/** Boxes around the selected objects, following them every frame. */
function SelectionBoxes({ ids, runtime }: { ids: readonly string[]; runtime: EditorRuntime }) {
  const helpers = useMemo(() => ids.map(() => new Box3Helper(new Box3(), new Color('#ffb000'))), [ids]);
  useFrame(() => {
    ids.forEach((id, i) => {
      const o = runtime.objects.get(id);
      const h = helpers[i]!;
      h.visible = !!o;
      if (o) h.box.copy(boundsOf(o)).expandByScalar(0.02);
    });
  });
  return (
    <>
      {helpers.map((h, i) => (
        <primitive key={ids[i]} object={h} />
      ))}
    </>
  );
}

/** Whether an object hangs under a scene (TransformControls needs its world matrix from there). */
export function inSceneGraph(o: Object3D): boolean {
  let top = o;
  while (top.parent) top = top.parent;
  return (top as Object3D & { isScene?: boolean }).isScene === true;
}

/** The gizmo on the primary selection; multi-selections follow the primary's change. Commits one command per drag. */
function Gizmo({ store, runtime, dragging }: { store: EditorStore; runtime: EditorRuntime; dragging: React.RefObject<boolean> }) {
  const selection = useEditor(store, (s) => s.selection);
  const doc = useEditor(store, (s) => s.doc);
  const mode = useEditor(store, (s) => s.gizmo);
  const snap = useEditor(store, (s) => s.snap);
  const gridStep = useEditor(store, (s) => s.gridStep);
  const angleStep = useEditor(store, (s) => s.angleStep);
  const movable = selection.filter((id) => {
    const o = doc.objects.find((x) => x.id === id);
    return o && !o.locked && !o.hidden;
  });
  const primaryId = movable[0];
  const [primary, setPrimary] = useState<Object3D | null>(null);
  const controls = useRef<ComponentRef<typeof TransformControls> | null>(null);
  const { camera, gl } = useThree();
  const screen = useRef(new Vector3());
  useFrame(() => {
    // TransformControls reports an error on every frame its object is outside the scene graph: an object is
    // registered before it is attached (and a reloading model briefly leaves it), so attach only once it is in.
    const registered = primaryId ? (runtime.objects.get(primaryId) ?? null) : null;
    const o = registered && inSceneGraph(registered) ? registered : null;
    if (o !== primary) {
      // this frame already draws: let go of a detached object now rather than after React's next render
      if (!o) controls.current?.detach();
      setPrimary(o);
    }
    // Where the gizmo is on screen (CSS px in the canvas), for keyboardless checks and end-to-end tests.
    const wrap = gl.domElement.closest('.xr-editor__viewport');
    if (!wrap) return;
    if (!o) {
      wrap.removeAttribute('data-gizmo');
      return;
    }
    o.getWorldPosition(screen.current).project(camera);
    const r = gl.domElement.getBoundingClientRect();
    wrap.setAttribute(
      'data-gizmo',
      `${Math.round(((screen.current.x + 1) / 2) * r.width)},${Math.round(((1 - screen.current.y) / 2) * r.height)}`,
    );
  });
  const start = useRef<Map<string, Transform>>(new Map());

  if (!primary || !primaryId) return null;
  return (
    <TransformControls
      ref={controls}
      object={primary}
      mode={mode}
      translationSnap={snap ? gridStep : null}
      rotationSnap={snap ? angleStep : null}
      scaleSnap={snap ? 0.1 : null}
      size={0.9}
      onMouseDown={() => {
        dragging.current = true;
        start.current = new Map(movable.map((id) => [id, transformOf(runtime.objects.get(id) ?? primary)] as const));
      }}
      onObjectChange={() => {
        const s0 = start.current.get(primaryId);
        if (!s0) return;
        const now = transformOf(primary);
        for (const id of movable) {
          if (id === primaryId) continue;
          const o = runtime.objects.get(id);
          const t = start.current.get(id);
          if (!o || !t) continue;
          if (mode === 'translate')
            o.position.set(
              t.position[0] + now.position[0] - s0.position[0],
              t.position[1] + now.position[1] - s0.position[1],
              t.position[2] + now.position[2] - s0.position[2],
            );
          if (mode === 'rotate')
            o.rotation.set(
              t.rotation[0] + now.rotation[0] - s0.rotation[0],
              t.rotation[1] + now.rotation[1] - s0.rotation[1],
              t.rotation[2] + now.rotation[2] - s0.rotation[2],
            );
          if (mode === 'scale')
            o.scale.set(
              (t.scale[0] * now.scale[0]) / s0.scale[0],
              (t.scale[1] * now.scale[1]) / s0.scale[1],
              (t.scale[2] * now.scale[2]) / s0.scale[2],
            );
        }
      }}
      onMouseUp={() => {
        dragging.current = false;
        const transforms: Record<string, Transform> = {};
        let changed = false;
        for (const id of movable) {
          const o = runtime.objects.get(id);
          if (!o) continue;
          const t = transformOf(o);
          transforms[id] = t;
          if (JSON.stringify(t) !== JSON.stringify(start.current.get(id))) changed = true;
        }
        if (!changed) return;
        const kind = mode === 'translate' ? 'move' : mode;
        const s = store.getState();
        s.exec(setTransforms(s.doc, transforms, kind));
      }}
    />
  );
}

/** Waypoints of the selected NPC's walk steps, and the path between them. */
function Waypoints({ npc }: { npc: Extract<SceneObject, { type: 'npc' }> }) {
  const points: Vec3[] = [npc.transform.position];
  for (const s of npc.steps) if (s.type === 'walk') points.push(...s.waypoints);
  return (
    <>
      {points.length > 1 && (
        <Line points={points.map((p) => [p[0], p[1] + 0.05, p[2]] as Vec3)} color="#fa8c16" lineWidth={2} dashed />
      )}
      {points.slice(1).map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: waypoints are an ordered list without ids
        <mesh key={`${i}-${p.join(',')}`} position={[p[0], p[1] + 0.05, p[2]]}>
          <sphereGeometry args={[0.12, 16, 8]} />
          <meshBasicMaterial color="#fa8c16" />
        </mesh>
      ))}
    </>
  );
}

/** The visitor's start point: a cone pointing where they look. */
function SpawnMarker({ position, yaw }: { position: Vec3; yaw: number }) {
  return (
    <group position={position} rotation={[0, yaw, 0]}>
      <mesh position={[0, 0.02, 0]} rotation={[-Math.PI / 2, 0, 0]}>
        <ringGeometry args={[0.25, 0.35, 32]} />
        <meshBasicMaterial color="#52c41a" />
      </mesh>
      <mesh position={[0, 0.1, -0.45]} rotation={[-Math.PI / 2, 0, 0]}>
        <coneGeometry args={[0.15, 0.35, 16]} />
        <meshBasicMaterial color="#52c41a" />
      </mesh>
    </group>
  );
}

export interface ViewportProps {
  onDropAsset(data: string, point: Vec3): void;
  label: string;
}

/**
 * The editor's 3D viewport: the same scene content as the viewer in edit mode, grid, gizmo, selection boxes, click
 * and shift-click selection, shift-drag box selection, drop from the asset panel onto the floor, and waypoint
 * placement by clicking the floor.
 */
export function Viewport({ onDropAsset, label }: ViewportProps) {
  const { t } = useTranslation('scene3d');
  const { store, runtime } = useEditorContext();
  const doc = useEditor(store, (s) => s.doc);
  const [oversized, setOversizedIds] = useState<string[]>([]);
  const setOversized = useCallback(
    (ids: string[]) => setOversizedIds((prev) => (prev.join('\n') === ids.join('\n') ? prev : ids)),
    [],
  );
  const oversizedNames = oversized
    .map((id) => doc.objects.find((o) => o.id === id))
    .filter((o): o is SceneObject => !!o)
    .map((o) => o.name || o.id);
  const details = useEditor(store, (s) => s.details);
  const selection = useEditor(store, (s) => s.selection);
  const tool = useEditor(store, (s) => s.tool);
  const gridStep = useEditor(store, (s) => s.gridStep);
  const wrap = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(null);
  const controls = useRef<{ enabled: boolean } | null>(null);
  const dragging = useRef(false);
  // Frame everything once while the first models arrive (until the creator moves the camera or selects).
  const fitTimer = useRef<number | undefined>(undefined);
  const fitUntil = useRef(0);
  useEffect(() => {
    fitUntil.current = Date.now() + 15_000;
    return () => window.clearTimeout(fitTimer.current);
  }, []);
  const onModelLoaded = useCallback(() => {
    if (runtime.gl) runtime.gl.shadowMap.needsUpdate = true;
    if (Date.now() > fitUntil.current) return;
    window.clearTimeout(fitTimer.current);
    fitTimer.current = window.setTimeout(() => {
      if (Date.now() <= fitUntil.current && store.getState().selection.length === 0) runtime.focus();
    }, 300);
  }, [runtime, store]);
  const stopFitting = () => {
    fitUntil.current = 0;
  };

  const register = useCallback(
    (id: string, o: Object3D | null) => {
      if (o) runtime.objects.set(id, o);
      else runtime.objects.delete(id);
    },
    [runtime],
  );

  const byId = useMemo(() => new Map(doc.objects.map((o) => [o.id, o])), [doc]);
  /** A click selects the outermost unlocked group holding the object, or, when that is already selected, the object. */
  /** Adds a waypoint (on the floor) to the walk step the waypoint tool edits. */
  const placeWaypoint = useCallback(
    (x: number, z: number) => {
      const s = store.getState();
      if (s.tool?.kind !== 'waypoint') return;
      const { npc, step } = s.tool;
      const p: Vec3 = [round(x), 0, round(z)];
      s.exec(
        updateObjects(
          s.doc,
          [npc],
          (o) =>
            o.type === 'npc'
              ? {
                  ...o,
                  steps: o.steps.map((st, i) =>
                    i === step && st.type === 'walk' ? { ...st, waypoints: [...st.waypoints, p].slice(0, 20) } : st,
                  ),
                }
              : o,
          'npc',
        ),
      );
    },
    [store],
  );

  const onObjectClick = useCallback(
    (id: string, e: ThreeEvent<MouseEvent>) => {
      if (e.delta > 4) return;
      const s = store.getState();
      // Placing waypoints: a click on a model places the point on the floor under the pointer (objects stand on it).
      if (s.tool?.kind === 'waypoint') {
        const p = runtime.floorPoint(e.nativeEvent.clientX, e.nativeEvent.clientY);
        if (p) placeWaypoint(p.x, p.z);
        return;
      }
      if (s.tool) return;
      const chain: string[] = [];
      let cur: string | null = id;
      while (cur) {
        chain.unshift(cur);
        cur = byId.get(cur)?.parent ?? null;
      }
      const open = chain.findIndex((c) => !s.selection.includes(c));
      const pick = chain.slice(Math.max(0, open === -1 ? chain.length - 1 : open)).find((c) => !byId.get(c)?.locked);
      if (!pick) return;
      s.select([pick], e.nativeEvent.shiftKey ? 'toggle' : 'replace');
    },
    [store, byId, runtime, placeWaypoint],
  );

  const onFloor = useCallback(
    (e: { point: { x: number; y: number; z: number }; stopPropagation(): void; delta?: number; nativeEvent?: MouseEvent }) => {
      if ((e.delta ?? 0) > 4) return;
      e.stopPropagation();
      const s = store.getState();
      if (s.tool?.kind === 'waypoint') {
        placeWaypoint(e.point.x, e.point.z);
        return;
      }
      if (!e.nativeEvent?.shiftKey) s.select([]);
    },
    [store, placeWaypoint],
  );

  const onDrop = (e: DragEvent) => {
    const data = e.dataTransfer.getData(DRAG_TYPE);
    if (!data) return;
    e.preventDefault();
    const p = runtime.floorPoint(e.clientX, e.clientY);
    onDropAsset(data, p ? [round(p.x), 0, round(p.z)] : [0, 0, 0]);
  };

  // Shift + drag on the canvas draws a selection box (orbiting is paused meanwhile).
  const onPointerDown = (e: React.PointerEvent) => {
    stopFitting();
    if (!e.shiftKey || e.button !== 0) return;
    const r = wrap.current!.getBoundingClientRect();
    setBox({ x0: e.clientX - r.left, y0: e.clientY - r.top, x1: e.clientX - r.left, y1: e.clientY - r.top });
    if (controls.current) controls.current.enabled = false;
  };
  const onPointerMove = (e: React.PointerEvent) => {
    if (!box) return;
    const r = wrap.current!.getBoundingClientRect();
    setBox({ ...box, x1: e.clientX - r.left, y1: e.clientY - r.top });
  };
  const onPointerUp = () => {
    if (controls.current) controls.current.enabled = true;
    if (!box) return;
    setBox(null);
    const [xa, xb] = [Math.min(box.x0, box.x1), Math.max(box.x0, box.x1)];
    const [ya, yb] = [Math.min(box.y0, box.y1), Math.max(box.y0, box.y1)];
    if (xb - xa < 5 && yb - ya < 5) return;
    const cam = runtime.camera;
    const r = wrap.current!.getBoundingClientRect();
    if (!cam) return;
    const ids: string[] = [];
    const p = new Vector3();
    for (const o of doc.objects) {
      if (o.locked || o.hidden || (o.parent && byId.has(o.parent))) continue;
      const obj = runtime.objects.get(o.id);
      if (!obj) continue;
      obj.getWorldPosition(p).project(cam);
      if (p.z > 1) continue;
      const x = ((p.x + 1) / 2) * r.width;
      const y = ((1 - p.y) / 2) * r.height;
      if (x >= xa && x <= xb && y >= ya && y <= yb) ids.push(o.id);
    }
    store.getState().select(ids, 'add');
  };

  const selectedNpc = selection.length === 1 ? byId.get(selection[0]!) : undefined;
  const panorama = doc.settings.environment.panorama_asset_id
    ? details.media[String(doc.settings.environment.panorama_asset_id)]
    : undefined;
  return (
    <div
      ref={wrap}
      className={`xr-editor__viewport${tool ? ' xr-editor__viewport--tool' : ''}`}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes(DRAG_TYPE)) e.preventDefault();
      }}
      onDrop={onDrop}
      onWheel={stopFitting}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      data-testid="editor-viewport"
    >
      <Canvas
        shadows
        dpr={[1, 2]}
        camera={{ fov: 50, near: 0.05, far: 2000, position: [8, 7, 12] }}
        gl={{ antialias: true, preserveDrawingBuffer: true }}
        aria-label={label}
      >
        <SceneEnvironment settings={doc.settings} panoramaUrl={panoramaUrl(panorama)} onFloorPointer={onFloor} />
        <Grid
          position={[0, 0.002, 0]}
          args={[doc.settings.floor.size, doc.settings.floor.size]}
          cellSize={gridStep}
          sectionSize={1}
          cellColor="#8c96a3"
          sectionColor="#5b6573"
          fadeDistance={80}
          infiniteGrid={false}
        />
        <SceneContent
          doc={doc}
          details={details}
          mode="edit"
          selection={selection}
          onObjectClick={onObjectClick}
          register={register}
          onModelLoaded={onModelLoaded}
        />
        <ShadowUpdates doc={doc} dragging={dragging} />
        <SpawnMarker position={doc.settings.spawn.position} yaw={doc.settings.spawn.yaw} />
        {selectedNpc?.type === 'npc' && <Waypoints npc={selectedNpc} />}
        <SelectionBoxes ids={selection} runtime={runtime} />
        <Gizmo store={store} runtime={runtime} dragging={dragging} />
        <OrbitControls
          ref={(c) => {
            controls.current = c as unknown as { enabled: boolean } | null;
          }}
          makeDefault
          maxPolarAngle={Math.PI / 2 - 0.01}
        />
        <RuntimeBridge runtime={runtime} store={store} onOversized={setOversized} />
      </Canvas>
      {oversizedNames.length > 0 && (
        <Alert
          className="xr-editor__oversized"
          type="warning"
          showIcon
          closable
          onClose={() => setOversized([])}
          title={t('oversizedModels', {
            count: oversizedNames.length,
            names: oversizedNames.join(', '),
            limit: OVERSIZED_METRES,
          })}
          data-testid="editor-oversized"
        />
      )}
      {box && (
        <div
          className="xr-editor__box"
          style={{
            left: Math.min(box.x0, box.x1),
            top: Math.min(box.y0, box.y1),
            width: Math.abs(box.x1 - box.x0),
            height: Math.abs(box.y1 - box.y0),
          }}
        />
      )}
    </div>
  );
}

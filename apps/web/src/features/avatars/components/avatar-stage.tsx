import { type VRM, VRMLoaderPlugin, VRMUtils } from '@pixiv/three-vrm';
import type { AvatarLookParams } from '@xr/contract/avatars';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import {
  Box3,
  CircleGeometry,
  Clock,
  Color,
  DirectionalLight,
  HemisphereLight,
  Mesh,
  MeshStandardMaterial,
  type Object3D,
  PerspectiveCamera,
  Scene,
  SRGBColorSpace,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { animateAvatar, createAvatarObject, disposeAvatarObject } from '../../../components/avatar/avatar-figure';

export interface AvatarStageHandle {
  /** A PNG of the current view (the preview image saved with the avatar). */
  capture(): Promise<Blob | null>;
}

export interface AvatarStageProps {
  /** A built-in figure's parameters… */
  look?: AvatarLookParams | null;
  /** …or an uploaded model (VRM through @pixiv/three-vrm, GLB as plain glTF). */
  model?: { url: string; format: 'glb' | 'vrm' } | null;
  height?: number;
  onError?(): void;
}

/** Frames an object: orbit target at its middle, camera at a three-quarter front view. */
function frame(camera: PerspectiveCamera, controls: OrbitControls, obj: Object3D) {
  const box = new Box3().setFromObject(obj, true);
  const size = box.getSize(new Vector3());
  const centre = box.getCenter(new Vector3());
  const h = Math.max(size.y, size.x, 0.5);
  const dist = (h * 0.62) / Math.tan((camera.fov * Math.PI) / 360);
  camera.position.set(centre.x + dist * 0.35, centre.y + h * 0.08, centre.z + dist * 0.94);
  controls.target.copy(centre);
  controls.update();
}

/**
 * The avatar editor's live preview: a plain three.js canvas (orbit, soft lights, a floor disc) showing a built-in
 * figure with its idle motion, or an uploaded model. Loaded lazily with the editor. The drawing buffer is kept so
 * `capture()` can read the canvas.
 */
const AvatarStage = forwardRef<AvatarStageHandle, AvatarStageProps>(function AvatarStage(
  { look, model, height = 420, onError },
  ref,
) {
  const host = useRef<HTMLDivElement>(null);
  const world = useRef<{
    renderer: WebGLRenderer;
    scene: Scene;
    camera: PerspectiveCamera;
    controls: OrbitControls;
    figure: Object3D | null;
    vrm: VRM | null;
    framed: boolean;
  } | null>(null);
  const errorRef = useRef(onError);
  errorRef.current = onError;

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const renderer = new WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    renderer.outputColorSpace = SRGBColorSpace;
    renderer.shadowMap.enabled = true;
    el.appendChild(renderer.domElement);
    renderer.domElement.dataset.testid = 'avatar-canvas';
    const scene = new Scene();
    scene.background = new Color('#eef1f6');
    const camera = new PerspectiveCamera(35, 1, 0.05, 100);
    const controls = new OrbitControls(camera, renderer.domElement);
    controls.enableDamping = true;
    controls.minDistance = 0.8;
    controls.maxDistance = 8;
    scene.add(new HemisphereLight('#ffffff', '#b8b2a8', 1.6));
    const key = new DirectionalLight('#ffffff', 2.2);
    key.position.set(2, 4, 3);
    key.castShadow = true;
    key.shadow.mapSize.set(1024, 1024);
    scene.add(key);
    const rim = new DirectionalLight('#9ec5ff', 0.9);
    rim.position.set(-3, 2, -2);
    scene.add(rim);
    const floor = new Mesh(new CircleGeometry(0.9, 48), new MeshStandardMaterial({ color: '#d9dee8', roughness: 1 }));
    floor.rotation.x = -Math.PI / 2;
    floor.receiveShadow = true;
    scene.add(floor);
    world.current = { renderer, scene, camera, controls, figure: null, vrm: null, framed: false };

    const resize = () => {
      const w = el.clientWidth || 300;
      const h = el.clientHeight || 300;
      renderer.setSize(w, h, false);
      renderer.domElement.style.width = '100%';
      renderer.domElement.style.height = '100%';
      camera.aspect = w / h;
      camera.updateProjectionMatrix();
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(el);
    const clock = new Clock();
    renderer.setAnimationLoop(() => {
      const dt = clock.getDelta();
      const w = world.current;
      if (!w) return;
      if (w.figure) animateAvatar(w.figure, clock.elapsedTime);
      w.vrm?.update(dt);
      controls.update();
      renderer.render(scene, camera);
    });
    return () => {
      observer.disconnect();
      renderer.setAnimationLoop(null);
      controls.dispose();
      const w = world.current;
      if (w?.figure) disposeAvatarObject(w.figure);
      renderer.dispose();
      renderer.domElement.remove();
      world.current = null;
    };
  }, []);

  // Swap the figure when the look or the model changes; frame the camera once per subject kind.
  useEffect(() => {
    const w = world.current;
    if (!w) return;
    let cancelled = false;
    const replace = (obj: Object3D | null, vrm: VRM | null) => {
      if (w.figure) {
        w.scene.remove(w.figure);
        disposeAvatarObject(w.figure);
      }
      w.figure = obj;
      w.vrm = vrm;
      if (obj) {
        w.scene.add(obj);
        if (!w.framed) {
          frame(w.camera, w.controls, obj);
          w.framed = true;
        }
      }
    };
    if (look) {
      replace(createAvatarObject(look), null);
    } else if (model) {
      w.framed = false;
      const loader = new GLTFLoader();
      loader.setMeshoptDecoder(MeshoptDecoder);
      if (model.format === 'vrm') loader.register((parser) => new VRMLoaderPlugin(parser));
      loader.load(
        model.url,
        (gltf) => {
          if (cancelled) return;
          const vrm = (gltf.userData.vrm as VRM | undefined) ?? null;
          if (vrm) {
            VRMUtils.rotateVRM0(vrm);
            replace(vrm.scene, vrm);
          } else {
            gltf.scene.traverse((o) => {
              o.castShadow = true;
            });
            replace(gltf.scene, null);
          }
        },
        undefined,
        () => {
          if (!cancelled) errorRef.current?.();
        },
      );
    }
    return () => {
      cancelled = true;
    };
  }, [look, model]);

  useImperativeHandle(ref, () => ({
    capture: () =>
      new Promise<Blob | null>((resolve) => {
        const w = world.current;
        if (!w) {
          resolve(null);
          return;
        }
        w.renderer.render(w.scene, w.camera);
        w.renderer.domElement.toBlob((b) => resolve(b), 'image/png');
      }),
  }));

  return <div ref={host} className="xr-avatar-stage" style={{ width: '100%', height }} data-testid="avatar-stage" />;
});

export default AvatarStage;

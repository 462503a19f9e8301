import { OrbitControls, useGLTF } from '@react-three/drei';
import { Canvas, useThree } from '@react-three/fiber';
import { Component, type ReactNode, Suspense, useLayoutEffect } from 'react';
import { Box3, type PerspectiveCamera, type Vector3 } from 'three';
import { fitCameraToBox } from './fit-camera';

export interface ModelViewerProps {
  /** URL of a GLB / glTF (meshopt-compressed output of the pipeline is supported). */
  src: string;
  height?: number | string;
  /** Shown over the canvas (DOM, outside the WebGL tree: drei's <Html> misbehaved here). */
  overlay?: ReactNode;
  /** Shown when the model fails to load. */
  errorText?: string;
}

/** Frames the whole model: the camera sees its bounding sphere from a three-quarter view, again when the canvas resizes. */
function Model({ src }: { src: string }) {
  const gltf = useGLTF(src);
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const controls = useThree((s) => s.controls) as { target: Vector3; update(): void } | null;
  const aspect = useThree((s) => s.size.width / Math.max(1, s.size.height));
  useLayoutEffect(() => {
    gltf.scene.updateMatrixWorld(true);
    camera.aspect = aspect;
    const target = fitCameraToBox(camera, new Box3().setFromObject(gltf.scene, true));
    if (controls) {
      controls.target.copy(target);
      controls.update();
    }
  }, [gltf.scene, camera, controls, aspect]);
  return <primitive object={gltf.scene} />;
}

class LoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** A 3D model viewer: react-three-fiber canvas with drei's useGLTF and OrbitControls; overlays are plain DOM. */
export default function ModelViewer({ src, height = 420, overlay, errorText = 'Error' }: ModelViewerProps) {
  return (
    <div
      className="xr-viewer xr-viewer--model"
      style={{ position: 'relative', width: '100%', height }}
      data-testid="model-viewer"
    >
      <LoadBoundary fallback={<div className="xr-viewer__error">{errorText}</div>}>
        <Canvas camera={{ position: [2, 1.5, 3], fov: 45 }} dpr={[1, 2]}>
          <color attach="background" args={['#f3f4f6']} />
          <hemisphereLight args={['#ffffff', '#8d8d8d', 2]} />
          <directionalLight position={[5, 8, 5]} intensity={1.5} />
          <Suspense fallback={null}>
            <Model src={src} />
          </Suspense>
          <OrbitControls makeDefault enableDamping />
        </Canvas>
      </LoadBoundary>
      {overlay && <div className="xr-viewer__overlay">{overlay}</div>}
    </div>
  );
}

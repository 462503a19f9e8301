import { useTexture } from '@react-three/drei';
import { useThree } from '@react-three/fiber';
import type { SceneSettings } from '@xr/contract/scenes';
import { Suspense, useEffect, useMemo } from 'react';
import { BackSide, Color, EquirectangularReflectionMapping, Fog, type Mesh, ShaderMaterial, SRGBColorSpace } from 'three';
import { NO_PRESET_HEMI, PRESETS, type PresetLook } from './environment-looks';

const vertexShader = /* glsl */ `
  varying vec3 vDir;
  void main() {
    vDir = normalize((modelMatrix * vec4(position, 0.0)).xyz);
    gl_Position = projectionMatrix * viewMatrix * modelMatrix * vec4(position, 1.0);
    gl_Position.z = gl_Position.w;
  }
`;
const fragmentShader = /* glsl */ `
  uniform vec3 top; uniform vec3 horizon; uniform vec3 bottom;
  varying vec3 vDir;
  void main() {
    float y = vDir.y;
    vec3 c = y > 0.0 ? mix(horizon, top, pow(clamp(y, 0.0, 1.0), 0.55)) : mix(horizon, bottom, pow(clamp(-y, 0.0, 1.0), 0.35));
    gl_FragColor = vec4(c, 1.0);
    #include <colorspace_fragment>
  }
`;

/** A gradient sky dome (top, horizon, ground) drawn behind everything. */
function GradientSky({ look }: { look: PresetLook }) {
  const material = useMemo(
    () =>
      new ShaderMaterial({
        uniforms: {
          top: { value: new Color(look.top) },
          horizon: { value: new Color(look.horizon) },
          bottom: { value: new Color(look.bottom) },
        },
        vertexShader,
        fragmentShader,
        side: BackSide,
        depthWrite: false,
        fog: false,
      }),
    [look],
  );
  useEffect(() => () => material.dispose(), [material]);
  return (
    <mesh material={material} renderOrder={-1000} frustumCulled={false} scale={900}>
      <sphereGeometry args={[1, 32, 16]} />
    </mesh>
  );
}

/** A creator's 360 image as the sky (and as the scene's reflections). */
function PanoramaSky({ url }: { url: string }) {
  const texture = useTexture(url);
  const scene = useThree((s) => s.scene);
  useEffect(() => {
    texture.mapping = EquirectangularReflectionMapping;
    texture.colorSpace = SRGBColorSpace;
    scene.background = texture;
    scene.environment = texture;
    return () => {
      scene.background = null;
      scene.environment = null;
    };
  }, [texture, scene]);
  return null;
}

/** Background colour and fog from the settings. */
function Atmosphere({ settings }: { settings: SceneSettings }) {
  const scene = useThree((s) => s.scene);
  const { fog, background } = settings;
  useEffect(() => {
    scene.fog = fog.enabled ? new Fog(fog.color, fog.near, Math.max(fog.far, fog.near + 0.1)) : null;
    return () => {
      scene.fog = null;
    };
  }, [scene, fog.enabled, fog.color, fog.near, fog.far]);
  return <color attach="background" args={[background]} />;
}

export interface EnvironmentProps {
  settings: SceneSettings;
  /** Signed URL of the panorama asset, when the settings name one. */
  panoramaUrl?: string | null;
  onFloorPointer?(e: { point: { x: number; y: number; z: number }; stopPropagation(): void }): void;
  floorRef?: React.Ref<Mesh>;
}

/** Sky (preset or panorama), the preset's hemisphere and sun lights, fog, background and the floor. */
export function SceneEnvironment({ settings, panoramaUrl, onFloorPointer, floorRef }: EnvironmentProps) {
  const preset = settings.environment.preset;
  const look = preset === 'none' ? null : PRESETS[preset];
  const floor = settings.floor;
  return (
    <>
      <Atmosphere settings={settings} />
      {panoramaUrl ? (
        <Suspense fallback={look ? <GradientSky look={look} /> : null}>
          <PanoramaSky url={panoramaUrl} />
        </Suspense>
      ) : (
        look && <GradientSky look={look} />
      )}
      {look ? (
        <>
          <hemisphereLight args={[look.hemi[0], look.hemi[1], look.hemi[2]]} />
          <directionalLight
            color={look.sun[0]}
            intensity={look.sun[1]}
            position={look.sun[2]}
            castShadow
            shadow-mapSize={[1024, 1024]}
            shadow-camera-left={-floor.size / 2}
            shadow-camera-right={floor.size / 2}
            shadow-camera-top={floor.size / 2}
            shadow-camera-bottom={-floor.size / 2}
            shadow-camera-far={80}
            shadow-bias={-0.0005}
          />
        </>
      ) : (
        <hemisphereLight args={NO_PRESET_HEMI} />
      )}
      <mesh
        ref={floorRef}
        name="floor"
        rotation-x={-Math.PI / 2}
        receiveShadow
        visible={floor.visible}
        onClick={onFloorPointer}
        userData={{ floor: true }}
      >
        <planeGeometry args={[floor.size, floor.size]} />
        <meshStandardMaterial color={floor.color} roughness={0.9} metalness={0} />
      </mesh>
    </>
  );
}

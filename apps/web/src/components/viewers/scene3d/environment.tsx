import { useTexture } from '@react-three/drei';
import { useThree } from '@react-three/fiber';
import type { EnvironmentPreset, SceneSettings } from '@xr/contract/scenes';
import { Suspense, useEffect, useMemo } from 'react';
import { BackSide, Color, EquirectangularReflectionMapping, Fog, type Mesh, ShaderMaterial, SRGBColorSpace } from 'three';

/** Colours and lights of the built-in environments: generated in code, no HDR download. */
interface PresetLook {
  top: string;
  horizon: string;
  bottom: string;
  hemi: [sky: string, ground: string, intensity: number];
  sun: [color: string, intensity: number, position: [number, number, number]];
}

export const PRESETS: Record<Exclude<EnvironmentPreset, 'none'>, PresetLook> = {
  studio: {
    top: '#f4f6f8',
    horizon: '#e3e7ec',
    bottom: '#c9ced6',
    hemi: ['#ffffff', '#9aa1ab', 1.6],
    sun: ['#ffffff', 1.6, [6, 10, 6]],
  },
  daylight: {
    top: '#3d7fd1',
    horizon: '#d6e8fa',
    bottom: '#8c9180',
    hemi: ['#cfe6ff', '#7d7560', 1.4],
    sun: ['#fff4e0', 2.4, [8, 14, 5]],
  },
  sunset: {
    top: '#283a6e',
    horizon: '#ff9a5c',
    bottom: '#4a3832',
    hemi: ['#ffb38a', '#40303a', 1.0],
    sun: ['#ff9a55', 2.0, [-12, 4, -6]],
  },
  night: {
    top: '#03050d',
    horizon: '#1a2442',
    bottom: '#08080c',
    hemi: ['#4060a0', '#101018', 0.45],
    sun: ['#9fb4ff', 0.6, [-5, 10, 4]],
  },
  gallery: {
    top: '#fbfaf7',
    horizon: '#f1ece4',
    bottom: '#d9d2c7',
    hemi: ['#fffaf0', '#b9b0a2', 1.7],
    sun: ['#fff8ee', 0.9, [3, 10, 2]],
  },
};

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
        <hemisphereLight args={['#ffffff', '#777777', 0.6]} />
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

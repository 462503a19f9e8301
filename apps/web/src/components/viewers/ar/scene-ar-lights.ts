import type { EnvironmentPreset, SceneObject } from '@xr/contract/scenes';
import { AmbientLight, DirectionalLight, HemisphereLight, type Light, Object3D, PointLight, SpotLight } from 'three';
import { NO_PRESET_HEMI, PRESETS } from '../scene3d/environment-looks';

/*
 * A scene's lights in AR, as the viewer makes them: the environment preset's hemisphere and sun (environment.tsx) and
 * the document's own lights (scene-content.tsx, `LightBody`: directional and spot lights aim 1 m below them along
 * their local −Y). No shadows (a phone draws the camera picture and the scene every frame). A scene shown scaled down
 * to a tabletop keeps its look: a point or spot light's reach is in metres and its brightness falls with the square
 * of the distance, so `scaleLights` shrinks the reach and the intensity with the view (distance × s, intensity × s²).
 */

type LightSettings = Extract<SceneObject, { type: 'light' }>['light'];

interface FalloffBase {
  intensity: number;
  distance: number;
}
const BASE = 'arFalloff';

/** The environment's lights, at the AR scene's root (a hemisphere light's direction is its world position). */
export function environmentLights(preset: EnvironmentPreset | undefined): Object3D[] {
  const look = preset === 'none' ? null : (PRESETS[preset ?? 'daylight'] ?? PRESETS.daylight);
  if (!look) return [new HemisphereLight(...NO_PRESET_HEMI)];
  const sun = new DirectionalLight(look.sun[0], look.sun[1]);
  sun.position.set(...look.sun[2]);
  // the viewer's sun aims at the world origin; the AR scene's root is not moved, so its own origin does the same
  const target = new Object3D();
  sun.target = target;
  return [new HemisphereLight(look.hemi[0], look.hemi[1], look.hemi[2]), sun, target];
}

/** A document light with its target, to be added under the object's node. */
export function documentLight(l: LightSettings): Object3D[] {
  const target = new Object3D();
  target.position.set(0, -1, 0);
  let light: Light;
  if (l.kind === 'ambient') return [new AmbientLight(l.color, l.intensity)];
  if (l.kind === 'directional') {
    const d = new DirectionalLight(l.color, l.intensity);
    d.target = target;
    light = d;
  } else if (l.kind === 'spot') {
    const spot = new SpotLight(l.color, l.intensity, l.distance, l.angle, 0.3, 2);
    spot.target = target;
    light = spot;
  } else light = new PointLight(l.color, l.intensity, l.distance, 2);
  if (light instanceof PointLight || light instanceof SpotLight) {
    light.userData[BASE] = { intensity: light.intensity, distance: light.distance } satisfies FalloffBase;
  }
  return [light, target];
}

/** Fits the point and spot lights under `root` to the view's scale `s` (1: real size). */
export function scaleLights(root: Object3D, s: number): void {
  root.traverse((o) => {
    const base = o.userData[BASE] as FalloffBase | undefined;
    if (!base || !(o instanceof PointLight || o instanceof SpotLight)) return;
    o.intensity = base.intensity * s * s;
    o.distance = base.distance * s;
  });
}

/** How many lights `roots` hold (the AR overlay says it, for tests and assistive tools). */
export function countLights(...roots: Object3D[]): number {
  let n = 0;
  for (const r of roots) r.traverse((o) => void ((o as Light).isLight && n++));
  return n;
}

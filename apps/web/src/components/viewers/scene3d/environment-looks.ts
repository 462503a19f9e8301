import type { EnvironmentPreset } from '@xr/contract/scenes';

/*
 * The built-in environments' colours and lights as plain data (no React, no three.js): the viewer draws them
 * (`environment.tsx`) and the AR view of a scene lights its models with the same hemisphere and sun.
 */

/** Colours and lights of the built-in environments: generated in code, no HDR download. */
export interface PresetLook {
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

/** The only light of the environment `none` (the scene's own lights do the rest). */
export const NO_PRESET_HEMI: PresetLook['hemi'] = ['#ffffff', '#777777', 0.6];

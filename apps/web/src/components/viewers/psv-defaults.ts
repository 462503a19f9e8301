import { DEFAULTS } from '@photo-sphere-viewer/core';

/**
 * Photo Sphere Viewer's renderer without multisampling. Inside a panorama sphere no triangle edge is ever on screen
 * (the picture is a texture, hotspots are DOM), so MSAA only costs time: a lot of it in software WebGL and on phones
 * (docs/perf.md, "360 tour viewer"). PSV merges its defaults over `rendererParameters` (they cannot be set per
 * viewer), hence the change of the defaults, made once when a PSV viewer's module loads.
 */
DEFAULTS.rendererParameters = { ...DEFAULTS.rendererParameters, antialias: false };

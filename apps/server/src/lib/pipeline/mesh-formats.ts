import { type BufferGeometry, Group, type Matrix4, Mesh, MeshStandardMaterial, type Object3D } from 'three';
import { PLYLoader } from 'three/examples/jsm/loaders/PLYLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { PipelineError } from './errors';
import { Z_UP_TO_Y_UP } from './source-frame';

/**
 * STL and PLY hold one bare mesh (scanners, CAD, 3D printing) without units, axes, materials or hierarchy. Their
 * writers are Z-up, so the geometry is turned Y-up once by `toGltf` (`stlFrame` for STL; PLY: +Z becomes +Y, -Y the
 * front +Z); lengths are kept as written (taken as metres). It sits under a root group, with a neutral grey material
 * or the file's per-vertex colours.
 */
function single(geometry: BufferGeometry, name: string, toGltf: Matrix4): Object3D {
  geometry.applyMatrix4(toGltf);
  const colors = !!geometry.getAttribute('color');
  const material = new MeshStandardMaterial({ color: colors ? 0xffffff : 0xcccccc, metalness: 0, roughness: 0.8 });
  material.name = name;
  material.vertexColors = colors;
  const root = new Group();
  root.add(new Mesh(geometry, material));
  return root;
}

function parseWith<T>(format: string, parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    throw new PipelineError('invalid_model', `Could not parse the ${format} file: ${(e as Error).message}`, { cause: e });
  }
}

/**
 * A binary or ASCII STL file (binary STL's per-face colours, when present, become vertex colours), turned to glTF's
 * frame by `toGltf` (see `stlFrame`).
 */
export function meshFromStl(bytes: ArrayBuffer, toGltf: Matrix4): Object3D {
  const geometry = parseWith('STL', () => new STLLoader().parse(bytes));
  return single(geometry, 'stl', toGltf);
}

/** A binary or ASCII PLY file with faces; a point cloud (no faces) has no surface to show. */
export function meshFromPly(bytes: ArrayBuffer): Object3D {
  const geometry = parseWith('PLY', () => new PLYLoader().parse(bytes));
  if (!geometry.getIndex()) {
    throw new PipelineError('no_geometry', 'The PLY file holds points only (no faces): there is no surface to show');
  }
  return single(geometry, 'ply', Z_UP_TO_Y_UP);
}

import { type Document, type Mesh, NodeIO, Primitive } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import draco3d from 'draco3dgltf';
import { validateBytes } from 'gltf-validator';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';
import { instanceMatrices } from './thumbnail';

/*
 * glTF documents as the pipeline, the model library, avatars and scene covers handle them: the reader/writer with its
 * codecs, what a model counts (triangles drawn, meshes, materials...) and the Khronos validator's verdict on a GLB.
 */

/** Draco's decoder (WebAssembly), loaded once per worker on the first Draco-compressed upload. */
let dracoDecoder: Promise<unknown> | undefined;

/**
 * A glTF reader/writer with every extension and the meshopt codecs (used by the pipeline and the model library);
 * `withDraco` also loads Draco's decoder.
 */
export async function createIO(withDraco = false): Promise<NodeIO> {
  await MeshoptDecoder.ready;
  await MeshoptEncoder.ready;
  const deps: Record<string, unknown> = { 'meshopt.decoder': MeshoptDecoder, 'meshopt.encoder': MeshoptEncoder };
  if (withDraco) {
    dracoDecoder ??= draco3d.createDecoderModule();
    deps['draco3d.decoder'] = await dracoDecoder;
  }
  return new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies(deps);
}

/**
 * Counts what the report shows: triangles drawn (of lists, strips and fans; points and lines count none), each mesh
 * as often as nodes and GPU instances draw it.
 */
export function countDocument(doc: Document) {
  let triangles = 0;
  const root = doc.getRoot();
  const perMesh = new Map<Mesh, number>();
  for (const mesh of root.listMeshes()) {
    let n = 0;
    for (const prim of mesh.listPrimitives()) {
      const count = prim.getIndices()?.getCount() ?? prim.getAttribute('POSITION')?.getCount() ?? 0;
      const mode = prim.getMode();
      if (mode === 4) n += Math.floor(count / 3);
      else if (mode === 5 || mode === 6) n += Math.max(0, count - 2);
    }
    perMesh.set(mesh, n);
  }
  for (const node of root.listNodes()) {
    const mesh = node.getMesh();
    if (mesh) triangles += (perMesh.get(mesh) ?? 0) * instanceMatrices(node).length;
  }
  return {
    triangles,
    meshes: root.listMeshes().length,
    materials: root.listMaterials().length,
    textures: root.listTextures().length,
    animations: root.listAnimations().map((a, i) => a.getName() || `animation ${i + 1}`),
    skins: root.listSkins().length,
    morphTargets: root.listMeshes().filter((m) => m.listPrimitives().some((p) => p.listTargets().length > 0)).length,
  };
}

/**
 * Whether any triangle of the document has an area (is not degenerate: three distinct, non-collinear corners). A
 * model made only of zero-area triangles shows nothing, and welding removes them, which would leave empty meshes.
 */
export function hasVisibleTriangle(doc: Document): boolean {
  const a = [0, 0, 0];
  const b = [0, 0, 0];
  const c = [0, 0, 0];
  for (const mesh of doc.getRoot().listMeshes())
    for (const prim of mesh.listPrimitives()) {
      const mode = prim.getMode();
      const position = prim.getAttribute('POSITION');
      if (
        !position ||
        (mode !== Primitive.Mode.TRIANGLES && mode !== Primitive.Mode.TRIANGLE_STRIP && mode !== Primitive.Mode.TRIANGLE_FAN)
      )
        continue;
      const indices = prim.getIndices();
      const count = indices?.getCount() ?? position.getCount();
      const at = (i: number) => indices?.getScalar(i) ?? i;
      const corners = (t: number): [number, number, number] =>
        mode === Primitive.Mode.TRIANGLES
          ? [3 * t, 3 * t + 1, 3 * t + 2]
          : mode === Primitive.Mode.TRIANGLE_STRIP
            ? [t, t + 1, t + 2]
            : [0, t + 1, t + 2];
      const triangles = mode === Primitive.Mode.TRIANGLES ? Math.floor(count / 3) : Math.max(0, count - 2);
      for (let t = 0; t < triangles; t++) {
        const [i, j, k] = corners(t);
        position.getElement(at(i), a);
        position.getElement(at(j), b);
        position.getElement(at(k), c);
        const u = [b[0]! - a[0]!, b[1]! - a[1]!, b[2]! - a[2]!];
        const v = [c[0]! - a[0]!, c[1]! - a[1]!, c[2]! - a[2]!];
        const cross = Math.hypot(u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!);
        // relative to the edges' lengths, so that rounding of collinear corners does not count as an area
        const scale = Math.hypot(u[0]!, u[1]!, u[2]!) * Math.hypot(v[0]!, v[1]!, v[2]!);
        if (cross > 1e-9 * scale && Number.isFinite(cross)) return true;
      }
    }
  return false;
}

export interface ValidationIssue {
  severity: number;
  code: string;
  message: string;
  pointer?: string;
}

/**
 * Runs the Khronos glTF-Validator on GLB bytes: its error messages (empty when valid), the number of warnings and
 * the codes of every issue of any severity.
 */
export async function validateGlb(bytes: Uint8Array): Promise<{ errors: string[]; warnings: number; issues: ValidationIssue[] }> {
  const report = await validateBytes(bytes, {
    maxIssues: 500,
    externalResourceFunction: () => Promise.reject(new Error('external')),
  });
  const messages = (report.issues?.messages ?? []) as ValidationIssue[];
  return {
    errors: messages.filter((m) => m.severity === 0).map((m) => `${m.code} ${m.pointer ?? ''}: ${m.message}`),
    warnings: report.issues?.numWarnings ?? 0,
    issues: messages,
  };
}

import type { SceneDetails } from '@xr/contract/scenes';
import { Box3, Group, type Object3D, Vector3 } from 'three';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { clone as cloneSkinned } from 'three/examples/jsm/utils/SkeletonUtils.js';
import { OVERSIZED_METRES } from '../scene3d/camera-fit';
import { modelUrl } from '../scene3d/model-urls';
import { arObjectTree, type SceneArDoc, sceneArModelUrls } from './scene-ar-content';
import { documentLight, environmentLights } from './scene-ar-lights';

/**
 * The scene as one three.js group: every model loaded once and cloned per use (skinned meshes with their skeletons),
 * placed by the document's transforms under its groups, with the document's lights where they stand. A model that
 * fails to load is left out; none loading is an error. The group is not scaled (see `fitScale`); the environment's
 * lights are not in it (`sceneEnvironmentLights`).
 */
export async function buildSceneForAr(details: SceneDetails, loader = createArLoader()): Promise<Group> {
  const doc = details.document as SceneArDoc | null;
  if (!doc || !Array.isArray(doc.objects)) throw new Error('no scene document');
  const tree = arObjectTree(doc);
  const urls = sceneArModelUrls(details);
  const loaded = new Map<string, Object3D>();
  await Promise.all(
    urls.map((u) =>
      loader.loadAsync(u).then(
        (g) => void loaded.set(u, g.scene),
        () => undefined,
      ),
    ),
  );
  if (loaded.size === 0) throw new Error('no model of the scene could be loaded');
  const used = new Set<string>();
  const build = (parent: string | null, into: Group) => {
    for (const o of tree.get(parent) ?? []) {
      const node = new Group();
      node.name = o.id;
      const t = o.transform;
      node.position.fromArray(t.position);
      node.rotation.set(t.rotation[0], t.rotation[1], t.rotation[2]);
      node.scale.fromArray(t.scale);
      if (o.type === 'group') build(o.id, node);
      else if (o.type === 'light') node.add(...documentLight(o.light));
      else {
        const u = modelUrl(details, o.source);
        const model = u ? loaded.get(u) : undefined;
        if (!u || !model) continue;
        node.add(used.has(u) ? cloneSkinned(model) : model);
        used.add(u);
      }
      into.add(node);
    }
  };
  const root = new Group();
  build(null, root);
  root.updateMatrixWorld(true);
  // oversized objects (terrain, sky dome) are left out when something of ordinary size remains
  const boxes = root.children.map((c) => new Box3().setFromObject(c, true));
  const sizeOf = (b: Box3) => {
    const s = b.getSize(new Vector3());
    return Math.max(s.x, s.y, s.z);
  };
  const ordinary = boxes.filter((b) => !b.isEmpty() && sizeOf(b) <= OVERSIZED_METRES).length;
  if (ordinary > 0) {
    for (const [i, b] of [...boxes.entries()].reverse()) if (sizeOf(b) > OVERSIZED_METRES) root.children[i]?.removeFromParent();
  }
  return root;
}

/** The scene's environment lights (its preset's hemisphere and sun), for the root of the AR scene. */
export function sceneEnvironmentLights(details: SceneDetails): Object3D[] {
  return environmentLights((details.document as SceneArDoc | null)?.settings?.environment?.preset);
}

/** The factor that brings `content`'s longest side to `metres`. */
export function fitScale(content: Object3D, metres: number): number {
  const size = new Box3().setFromObject(content, true).getSize(new Vector3());
  return metres / Math.max(size.x, size.y, size.z, 1e-6);
}

/** Stands `content` on its lowest point, centred over the origin (the placement spot); returns it. */
export function standOnOrigin(content: Object3D): Object3D {
  content.updateMatrixWorld(true);
  const box = new Box3().setFromObject(content, true);
  const centre = box.getCenter(new Vector3());
  content.position.x -= centre.x;
  content.position.z -= centre.z;
  content.position.y -= box.min.y;
  content.updateMatrixWorld(true);
  return content;
}

export function createArLoader(): GLTFLoader {
  return new GLTFLoader().setMeshoptDecoder(MeshoptDecoder);
}

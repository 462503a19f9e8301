import {
  EquirectangularTilesAdapter,
  type EquirectangularTilesPanoData,
} from '@photo-sphere-viewer/equirectangular-tiles-adapter';
import type { Group, Material, Mesh } from 'three';

/**
 * Photo Sphere Viewer's tiles adapter, drawing only what is seen. Its sphere of tiles is one draw call per face
 * (32 × 16 = 512 here), and until a face's tile arrives its material is a shared, fully transparent one
 * (opacity 0): drawn anyway, it changes no pixel but costs 512 blended draws over the whole screen in every frame
 * before the tiles, in software WebGL most of the first frame (docs/perf.md, "360 tour viewer"). That
 * placeholder is made invisible (three.js skips a group whose material is invisible); a face's tile brings its
 * own, visible, material, so the picture is the same: the base preview under the tiles that have arrived.
 */
export class VisibleTilesAdapter extends EquirectangularTilesAdapter {
  override createMesh(panoData: EquirectangularTilesPanoData): Group {
    const group = super.createMesh(panoData);
    hidePlaceholders(group);
    return group;
  }
}

/** The tiles mesh (the group's second child) with its not-yet-loaded faces' shared material made invisible. */
export function hidePlaceholders(group: Group): void {
  const tiles = group.children[1] as Mesh | undefined;
  const materials = tiles?.material;
  if (!Array.isArray(materials)) return;
  for (const m of new Set<Material>(materials)) m.visible = false;
}

import { Group, type Object3D } from 'three';
import { USDZExporter } from 'three/examples/jsm/exporters/USDZExporter.js';
import { createArLoader, fitScale, standOnOrigin } from './scene-ar';

/*
 * AR Quick Look (iOS) for content the pipeline made no USDZ of: a whole 3D scene (its layout lives in the document,
 * not in any one file) and a model processed before the pipeline made USDZs. The USDZ is exported here, in the
 * browser, by three.js's USDZExporter from the loaded content (the same exporter the pipeline runs in Node), and
 * opened through a link with `rel="ar"` around an image, as Safari wants, pointing at the file's blob URL.
 */

/** The USDZ bytes of `content`, standing on its lowest point; scaled so its longest side is `fitTo` metres when given. */
export async function exportUsdz(content: Object3D, fitTo?: number): Promise<Uint8Array> {
  const root = new Group();
  root.add(standOnOrigin(content));
  if (fitTo) root.scale.setScalar(fitScale(content, fitTo));
  root.updateMatrixWorld(true);
  return new USDZExporter().parseAsync(root, { quickLookCompatible: true, maxTextureSize: 1024 });
}

/** A blob URL of a GLB's USDZ at the model's real size. */
export async function usdzUrlOfGlb(glbUrl: string): Promise<string> {
  const gltf = await createArLoader().loadAsync(glbUrl);
  return blobUrl(await exportUsdz(gltf.scene));
}

export function blobUrl(usdz: Uint8Array): string {
  return URL.createObjectURL(new Blob([usdz as BlobPart], { type: 'model/vnd.usdz+zip' }));
}

/** Opens a USDZ in AR Quick Look (a link with `rel="ar"` and an image child, clicked). */
export function openQuickLook(url: string, doc: Document = document): void {
  const a = doc.createElement('a');
  a.rel = 'ar';
  a.href = url;
  a.append(doc.createElement('img'));
  a.click();
}

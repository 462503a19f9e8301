import { type ArTexts, arLabels } from './ar-texts';
import { type ArTarget, isTabletop, SCENE_AR_FIT_METRES } from './scene-ar-content';

/*
 * Starting "View in AR" once the device's path is known (`detectArMode`), fetched by the button on the tap: the code
 * of either path (three.js, the GLTF loader, the USDZ exporter) is imported here, never with the page.
 */

/** The WebXR session's modules, fetched ahead of the tap on a device that reports `immersive-ar`. */
export function preloadSession(): Promise<unknown> {
  return Promise.all([import('./ar-session'), import('./scene-ar')]);
}

/**
 * WebXR: the `immersive-ar` session with floor placement; a scene with its arrangement, its document's lights and its
 * environment's. Quick Look: the pipeline's USDZ of a model, else one exported here from the loaded content (a scene
 * scaled to its tabletop size, or a model made before the pipeline wrote USDZs, at its real size).
 */
export async function launchAr(target: ArTarget, mode: 'webxr' | 'quicklook', texts: ArTexts): Promise<void> {
  if (mode === 'webxr') {
    const [{ startArSession }, sceneAr] = await Promise.all([import('./ar-session'), import('./scene-ar')]);
    const labels = arLabels(texts);
    await startArSession(
      isTabletop(target)
        ? {
            load: () => sceneAr.buildSceneForAr(target.scene),
            fitTo: SCENE_AR_FIT_METRES,
            environment: sceneAr.sceneEnvironmentLights(target.scene),
            labels,
          }
        : { glbUrl: target.glbUrl, labels },
    );
    return;
  }
  const ql = await import('./quick-look');
  let url: string;
  if (isTabletop(target)) {
    const { buildSceneForAr } = await import('./scene-ar');
    url = ql.blobUrl(await ql.exportUsdz(await buildSceneForAr(target.scene), SCENE_AR_FIT_METRES));
  } else url = target.usdzUrl ?? (await ql.usdzUrlOfGlb(target.glbUrl));
  ql.openQuickLook(url);
}

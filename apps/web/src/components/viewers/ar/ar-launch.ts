import type { SceneDetails } from '@xr/contract/scenes';
import type { ArLabels } from './ar-session';
import { type ArTarget, SCENE_AR_FIT_METRES } from './scene-ar-content';

export type { ArTarget };

/*
 * Starting "View in AR" once the device's path is known (`detectArMode`): the code of either path (three.js, the
 * GLTF loader, the USDZ exporter) is imported here, on the tap, never with the page.
 */

/** A scene is shown as a tabletop view (scaled to `SCENE_AR_FIT_METRES`), a model at its real size. */
export const isTabletop = (target: ArTarget): target is { scene: SceneDetails } => 'scene' in target;

/** The session's texts from the `ar` namespace. */
export function arLabels(t: (key: string) => string): ArLabels {
  return {
    reset: t('reset'),
    exit: t('exit'),
    smaller: t('smaller'),
    larger: t('larger'),
    aim: t('aim'),
    placed: t('placed'),
    tabletop: t('tabletop'),
  };
}

/**
 * WebXR: the `immersive-ar` session with floor placement. Quick Look: the pipeline's USDZ of a model, else one
 * exported here from the loaded content (a scene scaled to its tabletop size, or a model made before the pipeline
 * wrote USDZs, at its real size).
 */
export async function launchAr(target: ArTarget, mode: 'webxr' | 'quicklook', labels: ArLabels): Promise<void> {
  if (mode === 'webxr') {
    const [{ startArSession }, sceneAr] = await Promise.all([import('./ar-session'), import('./scene-ar')]);
    await startArSession(
      isTabletop(target)
        ? { load: () => sceneAr.buildSceneForAr(target.scene), fitTo: SCENE_AR_FIT_METRES, labels }
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

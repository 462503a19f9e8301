import type { Catalog } from '@xr/contract/constants';
import type { I18nText } from '@xr/contract/scenes';
import type { SceneTemplate } from '../content/scene-plan';
import type { ContentPlan, SeedVideo } from '../content/tours';
import type { PanoramaName } from '../panorama/presets';
import type { SeedCreatorKey, SeedTag } from './creators';

export interface SeedProject {
  name: string;
  catalog: Catalog;
  type: string;
  /** HKD. */
  price: number;
  keywords: string;
  description: string;
  tags: SeedTag[];
  owner: SeedCreatorKey;
  /** Shown in the market but not for sale (a showcase). */
  showcase?: boolean;
  /** What the project contains: a tour over generated panoramas or a 3D scene of library models. */
  content: ContentPlan;
}

export const tour = (scenes: PanoramaName[], intro: Required<I18nText>, video?: SeedVideo): ContentPlan => ({
  kind: 'tour',
  scenes,
  intro,
  video,
});
export const scene = (template: SceneTemplate, intro: Required<I18nText>): ContentPlan => ({ kind: 'scene', template, intro });

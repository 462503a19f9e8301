import type { Catalog } from '@xr/contract/constants';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** Uses a project is made for: the contract's list (the server accepts only these). */
export { PROJECT_TYPES } from '@xr/contract/creator';

/** Price in HKD, format 0.00: digits with at most two decimals. */
export const PRICE_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;

/** Files the content upload offers per catalog (the server has the last word: allow-list and magic bytes). */
export const CONTENT_ACCEPT: Record<Catalog, string> = {
  '360_image': '.jpg,.jpeg,.png,.webp',
  '360_video': '.mp4,.webm',
  '3d_model': '.glb,.gltf,.zip,.obj,.fbx,.3ds,.dae,.stl,.ply,.max',
  multimedia: '.jpg,.jpeg,.png,.webp,.mp4,.webm,.mp3,.wav,.ogg,.glb,.zip',
};

/** The project form's rules (spec section 5): name, type, catalog, price, description, keywords and cover required; price 0.00. */
export function projectFormRules(t: TFunction): Record<string, FormRule[]> {
  const required = (key: string): FormRule => ({ required: true, whitespace: true, message: t(`rules.${key}`) });
  return {
    name: [required('name'), { max: 100, message: t('rules.tooLong', { max: 100 }) }],
    type: [{ required: true, message: t('rules.type') }],
    catalog: [{ required: true, message: t('rules.catalog') }],
    price: [required('price'), { pattern: PRICE_PATTERN, message: t('rules.priceFormat') }],
    description: [required('description'), { max: 5000, message: t('rules.tooLong', { max: 5000 }) }],
    keywords: [required('keywords'), { max: 200, message: t('rules.tooLong', { max: 200 }) }],
    cover: [required('cover')],
  };
}

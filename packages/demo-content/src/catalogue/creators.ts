/** Demo creators added next to creator@demo.test (password Demo@12345). */
export const SEED_CREATORS = [
  {
    key: 'aiko',
    email: 'aiko@demo.test',
    username: 'aiko_lens',
    forumName: 'AikoLens',
    introduction: 'Kyoto-based photographer shooting temples, gardens and festivals in 12K 360°. 京都在地的全景摄影师。',
  },
  {
    key: 'harbour',
    email: 'harbour@demo.test',
    username: 'harbour_vr',
    forumName: 'HarbourVR',
    introduction: '香港沉浸式影像工作室，专注城市、海港与夜景的 360° 视频。Immersive city films from Hong Kong.',
  },
  {
    key: 'polygon',
    email: 'polygon@demo.test',
    username: 'polygon_works',
    forumName: 'PolyWorks',
    introduction: 'Product visualisation studio: game-ready, PBR-textured 3D models and interactive showrooms.',
  },
  {
    key: 'museum',
    email: 'museumlab@demo.test',
    username: 'museum_lab',
    forumName: 'MuseumLab',
    introduction: '博物馆数字化实验室：多媒体导览、展览复刻与教育课程。Digital heritage and learning experiences.',
  },
] as const;
export type SeedCreatorKey = (typeof SEED_CREATORS)[number]['key'] | 'demo';

export const SEED_TAGS = [
  'Education',
  'Tourism',
  'Museum',
  'Architecture',
  'Product',
  'Fashion',
  'Nature',
  'Culture',
  'Real Estate',
  'Training',
  'Art',
  'Events',
  '香港',
  '文化遗产',
] as const;
export type SeedTag = (typeof SEED_TAGS)[number];

/** The seeded tags' names in each interface language (market filters and chips show the reader's). */
export const SEED_TAG_NAMES: Record<SeedTag, { zh: string; tc: string; en: string }> = {
  Education: { zh: '教育', tc: '教育', en: 'Education' },
  Tourism: { zh: '旅游', tc: '旅遊', en: 'Tourism' },
  Museum: { zh: '博物馆', tc: '博物館', en: 'Museum' },
  Architecture: { zh: '建筑', tc: '建築', en: 'Architecture' },
  Product: { zh: '产品', tc: '產品', en: 'Product' },
  Fashion: { zh: '时尚', tc: '時尚', en: 'Fashion' },
  Nature: { zh: '自然', tc: '自然', en: 'Nature' },
  Culture: { zh: '文化', tc: '文化', en: 'Culture' },
  'Real Estate': { zh: '房地产', tc: '地產', en: 'Real Estate' },
  Training: { zh: '培训', tc: '培訓', en: 'Training' },
  Art: { zh: '艺术', tc: '藝術', en: 'Art' },
  Events: { zh: '活动', tc: '活動', en: 'Events' },
  香港: { zh: '香港', tc: '香港', en: 'Hong Kong' },
  文化遗产: { zh: '文化遗产', tc: '文化遺產', en: 'Cultural heritage' },
};

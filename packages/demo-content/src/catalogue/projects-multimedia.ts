import { t } from '../text';
import { type SeedProject, scene, tour } from './project-plan';

/** The demo catalogue's multimedia items (tours and 3D scenes). */
export const PROJECTS_MULTIMEDIA: SeedProject[] = [
  {
    name: 'Museum Multimedia Guide',
    catalog: 'multimedia',
    type: 'education',
    price: 160,
    keywords: 'museum guide, gallery, audio guide, 博物馆导览',
    description:
      'A multimedia museum guide over generated panoramas: the gallery hall and its garden, with text, picture, video, audio and link hotspots in three languages.',
    tags: ['Museum', 'Education', '文化遗产'],
    owner: 'museum',
    content: tour(['gallery-hall', 'meadow-day'], t('A guided visit of the hall.', '展厅导览。', '展廳導覽。')),
  },
  {
    name: '建筑与光影多媒体课程',
    catalog: 'multimedia',
    type: 'education',
    price: 138,
    keywords: '建筑, 光影, 课程, architecture, lesson',
    description:
      '以程序生成的教室、画廊与展示厅全景为课堂，讲解空间、光线与透视，含文字、图片、音频、视频与链接热点。A lesson on space and light across three generated interiors.',
    tags: ['Education', 'Architecture', '文化遗产'],
    owner: 'museum',
    content: tour(
      ['classroom', 'gallery-hall', 'showroom'],
      t('Three rooms, three lessons on light.', '三个房间，三堂光影课。', '三個房間，三堂光影課。'),
    ),
  },
  {
    name: 'Virtual Science Fair Classroom',
    catalog: 'multimedia',
    type: 'exhibition',
    price: 0,
    keywords: 'science fair, students, classroom, 3D scene, 科学展',
    description:
      'A free 3D classroom scene for school science fairs, built from the model library, with lesson text and sound hotspots.',
    tags: ['Education', 'Events'],
    owner: 'demo',
    content: scene('classroom', t('Set up your science fair here.', '在这里布置你的科学展。', '在這裡佈置你的科學展。')),
  },
  {
    name: 'Fashion Showroom Experience',
    catalog: 'multimedia',
    type: 'marketing',
    price: 240,
    keywords: 'fashion, showroom, brand, 3D scene, 时装, 展厅',
    description:
      'A branded 3D showroom with product hotspots (add to cart inside the scene) and a poster, built from library models.',
    tags: ['Fashion', 'Events', 'Product'],
    owner: 'polygon',
    content: scene('showroom', t('The new collection, ready to shop.', '新系列，随时选购。', '新系列，隨時選購。')),
  },
  {
    name: 'Harbour Heritage Trail',
    catalog: 'multimedia',
    type: 'tourism',
    price: 85,
    keywords: 'heritage trail, harbour, night, 文物径, 海港',
    description:
      'A multimedia trail over generated harbour scenes: the city skyline at night, the sea at sunset and the beach, with audio and picture hotspots.',
    tags: ['香港', '文化遗产', 'Tourism'],
    owner: 'harbour',
    content: tour(
      ['night-harbour', 'sunset-sea', 'beach'],
      t('Follow the waterfront from night to day.', '沿着海滨从夜晚走到白天。', '沿著海濱從夜晚走到白天。'),
    ),
  },
  {
    name: 'Onboarding Journey for New Staff',
    catalog: 'multimedia',
    type: 'training',
    price: 220,
    keywords: 'onboarding, HR, training, office tour, 入职培训',
    description:
      'Welcome new colleagues with a tour of generated spaces (showroom, meeting room, classroom) with welcome text, a video clip, a picture and an audio message.',
    tags: ['Training'],
    owner: 'demo',
    content: tour(
      ['showroom', 'living-room', 'classroom'],
      t('Welcome aboard: here is where we work.', '欢迎加入：这是我们工作的地方。', '歡迎加入：這是我們工作的地方。'),
    ),
  },
  {
    name: 'Discovery Classroom for Kids',
    catalog: 'multimedia',
    type: 'education',
    price: 110,
    keywords: 'kids, classroom, discovery, 3D scene, 儿童, 教室',
    description: 'A 3D classroom from library models for ages 6 to 10, with a lesson hotspot and a sound to find.',
    tags: ['Education', 'Museum'],
    owner: 'museum',
    content: scene('classroom', t('Find the sound and read the lesson.', '找到声音，读一读课程。', '找到聲音，讀一讀課程。')),
  },
  {
    name: 'Kyoto Collection: Quiet Room Lesson',
    catalog: 'multimedia',
    type: 'education',
    price: 90,
    keywords: 'Kyoto collection, calm, lesson, room, 京都, 课程',
    description:
      'A calm lesson in generated spaces of our Kyoto collection: a living room with a garden view, the gallery of ink landscapes and hills at dusk, with a video clip and ambient sound.',
    tags: ['Culture', 'Education'],
    owner: 'aiko',
    content: tour(
      ['living-room', 'gallery-hall', 'dusk-hills'],
      t('A slow lesson in three calm spaces.', '在三个安静空间里的慢课堂。', '在三個安靜空間裡的慢課堂。'),
    ),
  },
  {
    name: 'Product Launch Stage Scene',
    catalog: 'multimedia',
    type: 'marketing',
    price: 290,
    keywords: 'product launch, keynote, stage, 3D scene, 发布会',
    description:
      'A 3D launch stage built from library models with product hotspots (add to cart), a poster and a link. Live streaming is not part of this item.',
    tags: ['Product', 'Events'],
    owner: 'polygon',
    content: scene('showroom', t('Your hero products on stage.', '你的主打产品登台。', '你的主打產品登台。')),
  },
  {
    name: '戏曲展厅讲解导览',
    catalog: 'multimedia',
    type: 'entertainment',
    price: 0,
    keywords: '戏曲, 展厅, 讲解员, 香港, gallery, guide',
    description:
      '由模型库搭建的三维展厅，讲解员在展品间走动并在访客靠近时讲解，免费供学校使用。A free 3D gallery with a walking guide for schools.',
    tags: ['香港', 'Culture', 'Art'],
    owner: 'harbour',
    content: scene('gallery', t('The guide is waiting for you.', '讲解员在等你。', '講解員在等你。')),
  },
  {
    name: 'Ocean Story Interactive Tour',
    catalog: 'multimedia',
    type: 'education',
    price: 15,
    keywords: 'ocean, environment, story, 海洋, 环保',
    description:
      'An interactive story over generated sea panoramas (beach, sunset sea, harbour at night) with text, picture, video, audio and link hotspots.',
    tags: ['Nature', 'Education'],
    owner: 'demo',
    content: tour(
      ['beach', 'sunset-sea', 'night-harbour'],
      t('Follow the tide from the beach to the open sea.', '跟随潮水从沙滩走向大海。', '跟隨潮水從沙灘走向大海。'),
    ),
  },
];

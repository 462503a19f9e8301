import { t } from '../text';
import { type SeedProject, tour } from './project-plan';

/** The demo catalogue's 360° video tours (a generated 360 video scene first). */
export const PROJECTS_360_VIDEO: SeedProject[] = [
  {
    name: 'Harbour Sunset 360° Video',
    catalog: '360_video',
    type: 'tourism',
    price: 150,
    keywords: 'harbour, sunset, sea, 360 video, 维多利亚港, 日落',
    description:
      'A looping generated 360° video of the sea at sunset (drifting clouds, moving waves), followed by the harbour at night as a panorama. Includes a time-limited hotspot on the video.',
    tags: ['香港', 'Tourism'],
    owner: 'harbour',
    content: tour(
      ['night-harbour'],
      t('Sunset on the water, then the harbour at night.', '水上日落，然后是夜色海港。', '水上日落，然後是夜色海港。'),
      'sunset-sea',
    ),
  },
  {
    name: '海港夜色 360 视频',
    catalog: '360_video',
    type: 'tourism',
    price: 98,
    keywords: '海港, 夜景, 360 视频, night, harbour, Hong Kong style',
    description:
      '程序生成的海港夜景 360 度循环视频：灯光闪烁、云朵飘过，之后可切换到日落海面全景。A generated looping 360° night harbour video and a sunset panorama.',
    tags: ['香港', 'Culture'],
    owner: 'harbour',
    content: tour(['sunset-sea'], t('The harbour at night, in motion.', '流动的夜色海港。', '流動的夜色海港。'), 'night-harbour'),
  },
  {
    name: 'Kyoto Collection: Evening Sea 360 Video',
    catalog: '360_video',
    type: 'entertainment',
    price: 120,
    keywords: 'Kyoto collection, sea, evening, 360 video, 京都, 海',
    description:
      'A generated 360° video of the sea at sunset with drifting clouds, then two panoramas of hills at dusk and an alpine lake. Part of our Kyoto collection of calm scenes.',
    tags: ['Events', 'Culture', 'Tourism'],
    owner: 'aiko',
    content: tour(
      ['dusk-hills', 'alpine-lake'],
      t('Evening sea, then the hills.', '傍晚的海，然后是山丘。', '傍晚的海，然後是山丘。'),
      'sunset-sea',
    ),
  },
  {
    name: 'Beach and Waves 360° Video (Free)',
    catalog: '360_video',
    type: 'education',
    price: 0,
    keywords: 'beach, waves, ocean, 360 video, 海滩, 海浪',
    description:
      'A free generated 360° video of a beach with waves washing in, and a beach panorama with hotspots on the shore line and an ambient sound clip.',
    tags: ['Nature', 'Education'],
    owner: 'museum',
    content: tour(['beach'], t('Waves on the shore.', '拍岸的海浪。', '拍岸的海浪。'), 'beach'),
  },
  {
    name: 'Evacuation Route Training Tour',
    catalog: '360_video',
    type: 'training',
    price: 260,
    keywords: 'evacuation, safety training, classroom, exits, 消防演练, 疏散',
    description:
      'A training tour: a generated 360° video of the assembly area by the sea, the classroom with its exit door, and the outdoor meeting point. Hotspots explain each step.',
    tags: ['Training', 'Education'],
    owner: 'polygon',
    content: tour(
      ['classroom', 'meadow-day'],
      t(
        'Walk the evacuation route from the room to the meeting point.',
        '沿疏散路线从教室走到集合点。',
        '沿疏散路線從教室走到集合點。',
      ),
      'beach',
    ),
  },
  {
    name: 'Evening Concert Venue 360',
    catalog: '360_video',
    type: 'entertainment',
    price: 75,
    keywords: 'concert, venue, sunset, gallery, 音乐会, 场地',
    description:
      'A generated 360° sunset video for the venue’s opening scene, then the gallery hall used as the foyer. Ambient sound plays in the first scene.',
    tags: ['Art', 'Events'],
    owner: 'demo',
    content: tour(
      ['gallery-hall'],
      t('Sunset outside, then the foyer.', '室外日落，然后是前厅。', '室外日落，然後是前廳。'),
      'sunset-sea',
    ),
  },
  {
    name: '高山晨光 360 视频之旅',
    catalog: '360_video',
    type: 'gallery',
    price: 55,
    keywords: '高山, 日出, 云, 360 视频, mountains, sunrise',
    description:
      '程序生成的海上日落 360 度视频，以及日出高山湖与高山草甸两个全景，场景双向切换。A generated 360° video and two mountain panoramas.',
    tags: ['Nature', 'Art'],
    owner: 'aiko',
    content: tour(
      ['alpine-lake', 'alpine-meadow'],
      t('From the sea to the mountains at dawn.', '从海边到清晨的群山。', '從海邊到清晨的群山。'),
      'sunset-sea',
    ),
  },
  {
    name: 'Showroom Reveal 360 Tour',
    catalog: '360_video',
    type: 'education',
    price: 30,
    keywords: 'showroom, product reveal, 360 video, 展厅, 发布',
    description:
      'A generated 360° video of the beach for the opening, then the showroom with three products on plinths and a launch screen.',
    tags: ['Education', 'Events'],
    owner: 'polygon',
    content: tour(
      ['showroom'],
      t('Open on the beach, reveal in the showroom.', '以海滩开场，在展厅揭晓。', '以海灘開場，在展廳揭曉。'),
      'beach',
    ),
  },
  {
    name: 'Mindful Sea Breeze (Free)',
    catalog: '360_video',
    type: 'education',
    price: 0,
    keywords: 'meditation, sea, relax, mindfulness, 海, 冥想',
    description:
      'A free generated 360° video of the sea at sunset with a slow ambient sound track (waves, wind, birds), then a meadow under clouds. Free to share.',
    tags: ['Nature'],
    owner: 'demo',
    content: tour(['meadow-day'], t('Breathe with the waves.', '随海浪呼吸。', '隨海浪呼吸。'), 'sunset-sea'),
  },
  {
    name: '海港之夜 360 视频',
    catalog: '360_video',
    type: 'entertainment',
    price: 60,
    keywords: '海港, 夜景, 360 视频, harbour, night',
    description:
      '程序生成的海港夜景 360 度视频，配合海滩与日落两个全景场景，适合节庆活动的开场。A generated night harbour video with beach and sunset panoramas.',
    tags: ['香港', 'Events', 'Culture'],
    owner: 'harbour',
    content: tour(
      ['beach', 'sunset-sea'],
      t('Night harbour, beach and sunset.', '夜色海港、沙滩与日落。', '夜色海港、沙灘與日落。'),
      'night-harbour',
    ),
  },
];

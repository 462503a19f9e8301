import { t } from '../text';
import { type SeedProject, tour } from './project-plan';

/** The demo catalogue's 360° image tours. */
export const PROJECTS_360_IMAGE: SeedProject[] = [
  {
    name: 'Kyoto Collection: Hills at Dusk 360° Tour',
    catalog: '360_image',
    type: 'tourism',
    price: 128,
    keywords: 'Kyoto collection, dusk, hills, lake, 京都, 黄昏, 山',
    description:
      'Three computer-generated panoramas in the mood of an evening walk above Kyoto: hills at dusk, an alpine lake at sunrise and a meadow under clouds, linked as a tour with text, image, video, audio and link hotspots. 京都系列：三个程序生成的全景场景组成的导览，含文字、图片、视频、音频与链接热点。',
    tags: ['Tourism', 'Culture', 'Architecture'],
    owner: 'aiko',
    content: tour(
      ['dusk-hills', 'alpine-lake', 'meadow-day'],
      t(
        'An evening walk above the city: hills, a lake and a meadow.',
        '城市上方的傍晚漫步：山丘、湖泊与草原。',
        '城市上方的傍晚漫步：山丘、湖泊與草原。',
      ),
    ),
  },
  {
    name: '京都系列：晨光湖山全景导览',
    catalog: '360_image',
    type: 'tourism',
    price: 88,
    keywords: '京都, 湖泊, 日出, 山, Kyoto collection, lake, sunrise',
    description:
      '京都系列的两个程序生成全景：日出时的高山湖与高山草甸，场景可双向切换，带解说文字、图片、环境声、短视频与链接热点。Two generated panoramas (a lake at sunrise and an alpine meadow) linked both ways, with hotspots of every kind.',
    tags: ['Tourism', 'Culture', '文化遗产'],
    owner: 'aiko',
    content: tour(
      ['alpine-lake', 'alpine-meadow'],
      t('Morning light on a lake and a meadow.', '湖面与草甸上的晨光。', '湖面與草甸上的晨光。'),
    ),
  },
  {
    name: 'Four Skies: One Landscape in Changing Light',
    catalog: '360_image',
    type: 'tourism',
    price: 0,
    keywords: 'sky, weather, clouds, sunset, landscape, 天空, 云, 日落',
    description:
      'Four generated panoramas of open landscapes under different skies (clouds at noon, an alpine meadow, dusk over hills, sunset at sea), linked as a tour. A free sample of our generated collection.',
    tags: ['Nature', 'Tourism'],
    owner: 'aiko',
    content: tour(
      ['meadow-day', 'alpine-meadow', 'dusk-hills', 'sunset-sea'],
      t('The same wide horizon under four different skies.', '同一片辽阔地平线下的四种天空。', '同一片遼闊地平線下的四種天空。'),
    ),
  },
  {
    name: 'Harbour City at Night Panorama',
    catalog: '360_image',
    type: 'tourism',
    price: 68,
    keywords: 'harbour, skyline, night, city lights, Hong Kong style, 维港, 夜景, 天际线',
    description:
      'A generated harbour city at night, inspired by Victoria Harbour: towers with lit windows reflected in the water, stars and the moon, then the same sea at sunset. Text hotspots point out the skyline. 程序生成的海港夜景全景导览。',
    tags: ['Tourism', '香港', 'Architecture'],
    owner: 'harbour',
    content: tour(
      ['night-harbour', 'sunset-sea'],
      t(
        'A harbour city after dark, and the sea at sunset.',
        '入夜后的海港城市，以及日落时的海面。',
        '入夜後的海港城市，以及日落時的海面。',
      ),
    ),
  },
  {
    name: '海边黄昏与沙滩全景',
    catalog: '360_image',
    type: 'education',
    price: 45,
    keywords: '海滩, 日落, 海浪, 香港, beach, sunset, sea',
    description:
      '两个程序生成的海边全景：金色日落下的海面与白天的沙滩，场景双向切换，配有海浪环境声音频热点与文字解说。Sunset at sea and a sandy beach, with an ambient-sound audio hotspot.',
    tags: ['香港', 'Culture', 'Education'],
    owner: 'harbour',
    content: tour(
      ['sunset-sea', 'beach'],
      t('From the sunset sea to the beach.', '从日落海面走到沙滩。', '從日落海面走到沙灘。'),
    ),
  },
  {
    name: 'Seaside Apartment Show Flat',
    catalog: '360_image',
    type: 'showroom',
    price: 198,
    keywords: 'real estate, show flat, apartment, interior, sea view, 示范单位, 样板房',
    description:
      'A generated living room with a sea-view window, sofa, sideboard and TV wall; step outside to the beach and to the sea at sunset. Room-to-room links and hotspots on the window and finishes, ready to brand for a property launch.',
    tags: ['Real Estate', 'Architecture'],
    owner: 'polygon',
    content: tour(
      ['living-room', 'beach', 'sunset-sea'],
      t('A sea-view living room, then the beach outside.', '海景客厅，然后走到屋外的沙滩。', '海景客廳，然後走到屋外的沙灘。'),
    ),
  },
  {
    name: 'Alpine Lake Sunrise Collection',
    catalog: '360_image',
    type: 'gallery',
    price: 35,
    keywords: 'alps, lake, mountains, sunrise, nature, 湖泊, 雪山',
    description:
      'Three generated mountain panoramas (a lake at sunrise, a meadow below snowy ridges, hills at dusk) linked as a tour with an ambient-sound hotspot: calm backgrounds for meditation or classroom breaks.',
    tags: ['Nature', 'Art'],
    owner: 'demo',
    content: tour(
      ['alpine-lake', 'alpine-meadow', 'dusk-hills'],
      t('Still mornings in the mountains.', '山间宁静的清晨。', '山間寧靜的清晨。'),
    ),
  },
  {
    name: 'Classroom Safety Walkthrough',
    catalog: '360_image',
    type: 'training',
    price: 0,
    keywords: 'classroom, safety, school, training, exits, 教室安全, 疏散',
    description:
      'A generated classroom (desks, blackboard, windows, exit door) and the playground outside, linked as a tour. Hotspots show the board, the exit and a short clip; free for teachers to adapt.',
    tags: ['Education', 'Training'],
    owner: 'museum',
    content: tour(
      ['classroom', 'meadow-day'],
      t(
        'Find the exit and the blackboard, then step outside.',
        '找到出口和黑板，然后走到室外。',
        '找到出口和黑板，然後走到室外。',
      ),
    ),
  },
  {
    name: 'Gallery of Ink Landscapes',
    catalog: '360_image',
    type: 'gallery',
    price: 58,
    keywords: 'ink painting, Chinese art, gallery, 水墨画, 国画, 画廊',
    description:
      '一间程序生成的虚拟画廊：红色尽头墙上是水墨山水，两侧墙上是水墨与抽象画作，配有画作图片与解说热点。A generated gallery hall of ink landscapes and abstract works, with image and text hotspots.',
    tags: ['Art', 'Museum', '文化遗产'],
    owner: 'museum',
    content: tour(
      ['gallery-hall', 'meadow-day'],
      t('A hall of ink landscapes and a garden outside.', '水墨山水展厅与屋外的庭园。', '水墨山水展廳與屋外的庭園。'),
    ),
  },
  {
    name: 'Seaside Event Venue Preview',
    catalog: '360_image',
    type: 'marketing',
    price: 25,
    keywords: 'wedding, venue, seaside, events, sunset, 婚礼场地, 海边',
    description:
      'Let couples look around a seaside venue by day (the beach), at sunset and after dark over the harbour: three generated panoramas linked as a tour.',
    tags: ['Events', 'Real Estate'],
    owner: 'demo',
    content: tour(
      ['beach', 'sunset-sea', 'night-harbour'],
      t('The venue by day, at sunset and at night.', '白天、日落与夜晚的场地。', '白天、日落與夜晚的場地。'),
    ),
  },
  {
    name: 'Showroom and Gallery Walkthrough',
    catalog: '360_image',
    type: 'tourism',
    price: 40,
    keywords: 'showroom, gallery, interior, template, 展厅, 画廊',
    description:
      '一个程序生成的产品展示厅（展台、大屏幕、落地窗）与相连的画廊，可作为品牌展示模板。A generated showroom with plinths and a screen, linked to a gallery hall.',
    tags: ['Tourism', 'Culture', '文化遗产'],
    owner: 'aiko',
    showcase: true,
    content: tour(
      ['showroom', 'gallery-hall'],
      t(
        'Products on plinths, then the gallery next door.',
        '展台上的产品，然后是隔壁的画廊。',
        '展台上的產品，然後是隔壁的畫廊。',
      ),
    ),
  },
];

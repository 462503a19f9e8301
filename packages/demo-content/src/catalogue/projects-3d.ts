import { t } from '../text';
import { type SeedProject, scene } from './project-plan';

/** The demo catalogue's 3D scenes of library models. */
export const PROJECTS_3D: SeedProject[] = [
  {
    name: 'Product 3D Showroom',
    catalog: '3d_model',
    type: 'showroom',
    price: 280,
    keywords: 'showroom, product, 3D scene, plinths, 展厅, 产品',
    description:
      'A 3D showroom built from the platform’s model library: plinths with spot lights and product hotspots that open other demo items with “add to cart”, plants and signage. Walk or orbit in the viewer.',
    tags: ['Product', 'Fashion'],
    owner: 'polygon',
    content: scene(
      'showroom',
      t(
        'Three products on plinths: open a card to buy.',
        '展台上的三件产品：打开卡片即可购买。',
        '展台上的三件產品：打開卡片即可購買。',
      ),
    ),
  },
  {
    name: 'Boutique Display Scene',
    catalog: '3d_model',
    type: 'showroom',
    price: 300,
    keywords: 'boutique, display, product, 3D scene, 精品, 展示',
    description:
      'A compact 3D boutique display from library models (plinths, vases, plants) with product hotspots linking to items in the market.',
    tags: ['Product', 'Fashion'],
    owner: 'polygon',
    content: scene('showroom', t('A boutique display with product cards.', '带产品卡片的精品展示。', '帶產品卡片的精品展示。')),
  },
  {
    name: 'Pop-up Store 3D Scene',
    catalog: '3d_model',
    type: 'exhibition',
    price: 150,
    keywords: 'pop-up store, retail, 3D scene, 快闪店',
    description:
      'A pop-up store laid out in 3D with library models: three display plinths with product hotspots, signage and plants.',
    tags: ['香港', 'Architecture', 'Art'],
    owner: 'harbour',
    content: scene(
      'showroom',
      t('A pop-up store with three featured items.', '陈列三件精选商品的快闪店。', '陳列三件精選商品的快閃店。'),
    ),
  },
  {
    name: 'Biology Classroom 3D Scene',
    catalog: '3d_model',
    type: 'education',
    price: 95,
    keywords: 'classroom, biology, lesson, 3D scene, 生物课, 教室',
    description:
      'A 3D classroom from library models (desks, chairs, blackboard, shelf) with a text hotspot on the lesson and a sound hotspot; a starting point for a biology lesson.',
    tags: ['Education', 'Training'],
    owner: 'museum',
    content: scene(
      'classroom',
      t('Take a seat: the lesson is on the board.', '请坐，课程写在黑板上。', '請坐，課程寫在黑板上。'),
    ),
  },
  {
    name: 'Virtual Classroom Scene (Free)',
    catalog: '3d_model',
    type: 'education',
    price: 0,
    keywords: 'classroom, desk, chair, school, 3D scene, 教室, 桌椅',
    description:
      'A free 3D classroom built from the model library: nine desks with chairs, a teacher’s desk, a blackboard and a bookshelf, with lesson and sound hotspots.',
    tags: ['Education'],
    owner: 'demo',
    content: scene(
      'classroom',
      t('A ready classroom: nine desks facing the board.', '现成的教室：九张课桌面向黑板。', '現成的教室：九張課桌面向黑板。'),
    ),
  },
  {
    name: 'Heritage Gallery with a Guide',
    catalog: '3d_model',
    type: 'exhibition',
    price: 180,
    keywords: 'gallery, heritage, guide, NPC, 3D scene, 展厅, 讲解员',
    description:
      '一个由模型库搭建的三维展厅：两侧画框、长椅与基座上的花瓶，讲解员会走到展品前并在访客靠近时说话。A 3D gallery whose guide walks to the centrepiece and speaks when you come near.',
    tags: ['Architecture', '文化遗产', 'Museum'],
    owner: 'museum',
    content: scene('gallery', t('Follow the guide to the centrepiece.', '跟随讲解员去看镇馆之宝。', '跟隨講解員去看鎮館之寶。')),
  },
  {
    name: 'Product Launch Showroom',
    catalog: '3d_model',
    type: 'marketing',
    price: 120,
    keywords: 'product launch, showroom, 3D scene, 发布, 展厅',
    description:
      'A 3D launch showroom from the model library with product hotspots (add to cart from inside the scene), a poster image hotspot and a link.',
    tags: ['Product'],
    owner: 'polygon',
    content: scene('showroom', t('Meet the new products.', '认识新产品。', '認識新產品。')),
  },
  {
    name: 'Guided Gallery Walk (NPC demo)',
    catalog: '3d_model',
    type: 'entertainment',
    price: 49,
    keywords: 'NPC, guide, character, gallery, 3D scene, 讲解员, 角色',
    description:
      'A gallery scene showing NPCs without code: a library character walks between waypoints, turns to the visitor, says a line in three languages and opens a hotspot.',
    tags: ['Art', 'Fashion'],
    owner: 'demo',
    content: scene('gallery', t('Watch the guide walk and talk.', '看讲解员走动和讲解。', '看講解員走動和講解。')),
  },
  {
    name: 'Plant Gallery 3D Scene',
    catalog: '3d_model',
    type: 'gallery',
    price: 65,
    keywords: 'plants, gallery, 3D scene, 植物, 展厅',
    description: 'A 3D gallery of library plants and frames with a walking guide and a picture hotspot.',
    tags: ['Nature', 'Art'],
    owner: 'aiko',
    content: scene('gallery', t('A quiet hall of plants and pictures.', '植物与画作的安静展厅。', '植物與畫作的安靜展廳。')),
  },
  {
    name: 'Trade Show Booth Scene',
    catalog: '3d_model',
    type: 'exhibition',
    price: 210,
    keywords: 'booth, trade show, exhibition, 3D scene, 展位, 展台',
    description:
      'A trade-show booth scene from library models: plinths, lights, signage and product hotspots that sell other demo items.',
    tags: ['Events', 'Product'],
    owner: 'polygon',
    showcase: true,
    content: scene(
      'showroom',
      t('Visit the booth and open the product cards.', '参观展位并打开产品卡片。', '參觀展位並打開產品卡片。'),
    ),
  },
  {
    name: '青花瓷展厅三维场景',
    catalog: '3d_model',
    type: 'exhibition',
    price: 75,
    keywords: '青花瓷, 瓷器, 展厅, 讲解员, porcelain, gallery',
    description:
      '由模型库搭建的三维展厅，基座上陈列花瓶，讲解员带你走到展品前讲解。A 3D gallery with a vase on a pedestal and a guide.',
    tags: ['Museum', '文化遗产', 'Art'],
    owner: 'museum',
    content: scene('gallery', t('The guide will show you the vase.', '讲解员会带你看花瓶。', '講解員會帶你看花瓶。')),
  },
  {
    name: 'Exhibition Hall 3D Scene · 展览馆三维场景 · 展覽館三維場景',
    catalog: '3d_model',
    type: 'exhibition',
    price: 140,
    keywords: 'exhibition hall, museum, docent, NPC, 3D scene, 展览馆, 展覽館, 导览员',
    description:
      'A 12 × 15 m exhibition hall built from the model library: a brass ring on a stage, display cases, an easel and a screen with the exhibition film; a docent walks the hall and speaks when you come near. 由模型库搭建的展览馆：舞台上的黄铜圆环、展柜、画架和播放展览短片的屏幕，导览员在馆内走动并在访客靠近时讲解。由模型庫搭建的展覽館：舞台上的黃銅圓環、展櫃、畫架和播放展覽短片的屏幕，導覽員在館內走動並在訪客靠近時講解。',
    tags: ['Museum', 'Events', 'Art'],
    owner: 'museum',
    content: scene(
      'exhibition',
      t(
        'Walk the hall with the docent: the film plays on the screen.',
        '跟随导览员参观展览馆，屏幕上播放展览短片。',
        '跟隨導覽員參觀展覽館，屏幕上播放展覽短片。',
      ),
    ),
  },
  {
    name: 'Meeting Room 3D Scene · 会议室三维场景 · 會議室三維場景',
    catalog: '3d_model',
    type: 'education',
    price: 88,
    keywords: 'meeting room, conference, presentation, 3D scene, 会议室, 會議室, 会议',
    description:
      'A meeting room from the model library: a table for six, a large screen with the presentation, a whiteboard with the agenda; the host greets you and points to the agenda. 由模型库搭建的会议室：六人会议桌、播放演示的大屏幕和写着议程的白板，主持人会欢迎你并介绍议程。由模型庫搭建的會議室：六人會議桌、播放演示的大屏幕和寫著議程的白板，主持人會歡迎你並介紹議程。',
    tags: ['Training', 'Events'],
    owner: 'demo',
    content: scene(
      'meeting',
      t('Take a seat: the agenda is on the whiteboard.', '请就座，议程写在白板上。', '請就座，議程寫在白板上。'),
    ),
  },
  {
    name: 'Outdoor Plaza 3D Scene · 户外广场三维场景 · 戶外廣場三維場景',
    catalog: '3d_model',
    type: 'tourism',
    price: 60,
    keywords: 'outdoor, plaza, park, trees, 3D scene, 户外, 戶外, 广场, 廣場',
    description:
      'An outdoor town plaza from the model library: a marble spire, benches, street lamps, trees and hedges under a daylight sky, with birdsong and a walker who greets you. 由模型库搭建的户外城镇广场：大理石尖塔、长椅、路灯、树木和树篱，伴有鸟鸣，还有向你打招呼的散步者。由模型庫搭建的戶外城鎮廣場：大理石尖塔、長椅、路燈、樹木和樹籬，伴有鳥鳴，還有向你打招呼的散步者。',
    tags: ['Nature', 'Tourism', 'Architecture'],
    owner: 'aiko',
    content: scene('outdoor', t('A sunny plaza: listen to the birds.', '阳光下的广场，听听鸟鸣。', '陽光下的廣場，聽聽鳥鳴。')),
  },
];

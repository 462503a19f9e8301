import type { NpcStep } from '@xr/contract/scenes';
import { LINK_URL, t } from '../text';
import { FLOOR, HALF_PI, interiorLights, Scene, say, type V3, walk, welcome } from './scene-builder';
import type { BuiltScene, LibraryIds, SceneLinks, SceneMedia, ScenePlan, SeedModelKey } from './scene-plan';

function showroom(s: Scene, plan: ScenePlan, links: SceneLinks, media: SceneMedia) {
  interiorLights(s, 10);
  s.model('showroomRoom', 'Showroom', [0, 0, 0]);
  const stands: { plinth: SeedModelKey; product: SeedModelKey; at: V3; top: number; name: string }[] = [
    { plinth: 'plinthBox', product: 'urn', at: [-2.2, FLOOR, -1.8], top: 0.9, name: 'Blue urn' },
    { plinth: 'plinthRound', product: 'orbit', at: [0, FLOOR, -2.8], top: 0.9, name: 'Orbit sculpture' },
    { plinth: 'plinthStep', product: 'globe', at: [2.2, FLOOR, -1.8], top: 0.95, name: 'Brass globe' },
  ];
  const cards: string[] = [];
  stands.forEach((p, i) => {
    const [x, y, z] = p.at;
    s.model(p.plinth, `Plinth ${i + 1}`, p.at, -x * 0.15);
    s.model(p.product, p.name, [x, y + p.top, z], 0, p.product === 'globe' ? 0.6 : 1);
    s.light('spot', [x, 3.2, z + 1], 4);
    const project = links.products[i];
    if (project)
      cards.push(
        s.hotspot(`Product card ${i + 1}`, [x, 2.2, z], {
          kind: 'product',
          project_id: project,
          icon: 'cart',
          title: t('On sale in the market', '市场有售', '市場有售'),
          text: t('Open the card to add this item to your cart.', '打开卡片即可加入购物车。', '打開卡片即可加入購物車。'),
        }),
      );
  });
  s.model('bush', 'Plant left', [-3.3, FLOOR, -4.3]).model('bush', 'Plant right', [3.3, FLOOR, -4.3]);
  s.model('bannerBlue', 'Banner', [-3.2, FLOOR, 0.6], 0.5).model('floorLamp', 'Floor lamp', [3.3, FLOOR, 0.4]);
  welcome(s, plan, [0, 2.9, -4.6]);
  s.hotspot('Catalogue link', [-3.2, 2.5, 0.6], {
    kind: 'link',
    url: LINK_URL,
    icon: 'link',
    title: t('About 360° and 3D media', '关于 360° 与 3D 媒体', '關於 360° 與 3D 媒體'),
  });
  if (media.image)
    s.hotspot('Poster', [2.2, 2.4, -4.7], {
      kind: 'image',
      asset_id: media.image,
      icon: 'image',
      title: t('Poster', '海报', '海報'),
    });
  s.npc('guideRed', 'Sales assistant', t('Sales assistant', '店员', '店員'), [1.2, FLOOR, 0.8], Math.PI, [
    say(t('Welcome to the showroom! Let me show you around.', '欢迎光临展厅！我带您看看。', '歡迎光臨展廳！我帶您看看。')),
    walk(1.1, [-1.2, FLOOR, -0.6]),
    { type: 'face_visitor' },
    say(t('Each piece has a card: open it to buy.', '每件展品都有卡片，打开即可购买。', '每件展品都有卡片，打開即可購買。')),
    ...(cards[0] ? [{ type: 'open_hotspot', hotspot: cards[0] } as NpcStep] : []),
    { type: 'wait', seconds: 3 },
    walk(1.1, [1.2, FLOOR, -0.6], [1.2, FLOOR, 0.8]),
    { type: 'idle', seconds: 4 },
    { type: 'loop' },
  ]);
  return s.finish({
    environment: { preset: 'studio', panorama_asset_id: null },
    background: '#e9edf2',
    floor: { visible: true, color: '#d0d4da', size: 30 },
    spawn: { position: [0, 0, 4.4], yaw: 0 },
  });
}

function classroom(s: Scene, plan: ScenePlan, media: SceneMedia) {
  interiorLights(s, 10);
  s.model('classroomRoom', 'Classroom', [0, 0, 0]);
  s.model('chalkboard', 'Blackboard', [0, 0.9, -4.8]);
  s.model('lectern', 'Lectern', [-2.3, FLOOR, -3.4]);
  s.model('teacherDesk', "Teacher's desk", [1.3, FLOOR, -3.3]);
  s.model('globe', 'Globe', [1.6, FLOOR + 0.75, -3.3], 0, 0.5).model('books', 'Books', [0.9, FLOOR + 0.75, -3.3]);
  for (const z of [-1.4, 0.1, 1.6])
    for (const x of [-2.2, 0, 2.2]) {
      s.model('schoolDesk', `Desk ${x},${z}`, [x, FLOOR, z]);
      s.model('schoolChair', `Chair ${x},${z}`, [x, FLOOR, z + 0.55], Math.PI);
    }
  s.model('bookshelf', 'Bookshelf', [-3.6, FLOOR, -0.8], HALF_PI);
  s.model('tiered', 'Plant', [3.4, FLOOR, -4.3]);
  s.model('clock', 'Clock', [3, 2.4, -4.82]);
  welcome(s, plan, [-3, 2.6, -4.5]);
  const lesson = s.hotspot('Lesson', [0, 2.5, -4.6], {
    kind: 'text',
    title: t("Today's lesson", '今日课程', '今日課程'),
    text: t(
      'Circles: the diameter is twice the radius, and the circumference is π times the diameter.',
      '圆：直径是半径的两倍，周长等于 π 乘以直径。',
      '圓：直徑是半徑的兩倍，周長等於 π 乘以直徑。',
    ),
  });
  s.hotspot('Reading', [-3.5, 2.3, -0.8], {
    kind: 'link',
    url: 'https://en.wikipedia.org/wiki/Circle',
    icon: 'link',
    title: t('Read more about circles', '延伸阅读：圆', '延伸閱讀：圓'),
  });
  if (media.audio)
    s.hotspot('Bell', [3, 2.9, -4.6], {
      kind: 'audio',
      asset_id: media.audio,
      icon: 'audio',
      title: t('Break-time sound', '课间铃声', '課間鈴聲'),
    });
  s.npc('guideGreen', 'Teacher', t('Teacher', '老师', '老師'), [-1.2, FLOOR, -4.1], 0, [
    say(t('Good morning, class! Please take a seat.', '同学们早上好！请坐。', '同學們早上好！請坐。')),
    walk(0.9, [1.6, FLOOR, -4.1]),
    { type: 'face_visitor' },
    say(t('Today we learn about circles: look at the board.', '今天我们学习圆，请看黑板。', '今天我們學習圓，請看黑板。')),
    { type: 'open_hotspot', hotspot: lesson },
    { type: 'wait', seconds: 4 },
    walk(0.9, [-1.2, FLOOR, -4.1]),
    { type: 'idle', seconds: 3 },
    { type: 'loop' },
  ]);
  return s.finish({
    environment: { preset: 'daylight', panorama_asset_id: null },
    background: '#dfe8f2',
    floor: { visible: true, color: '#c9c1ae', size: 24 },
    spawn: { position: [0, 0, 4.4], yaw: 0 },
  });
}

function gallery(s: Scene, plan: ScenePlan, media: SceneMedia) {
  interiorLights(s, 10);
  s.model('galleryRoom', 'Gallery', [0, 0, 0]);
  for (const [i, z] of [-2.8, 0.8].entries()) {
    const frame: SeedModelKey = i === 0 ? 'frameWide' : 'frameTall';
    s.model(frame, `Frame left ${i + 1}`, [-3.83, 0.9, z], HALF_PI).model(
      frame,
      `Frame right ${i + 1}`,
      [3.83, 0.9, z],
      -HALF_PI,
    );
    s.light('spot', [-2.6, 3.2, z], 3).light('spot', [2.6, 3.2, z], 3);
  }
  s.model('framePanorama', 'Panorama frame', [0, 1, -4.83]);
  s.model('plinthRound', 'Pedestal', [0, FLOOR, -2]).model('urn', 'Vase', [0, FLOOR + 0.9, -2]);
  s.model('barrier', 'Rope left', [-0.8, FLOOR, -1.1]).model('barrier', 'Rope right', [0.8, FLOOR, -1.1]);
  s.model('benchBacked', 'Bench', [0, FLOOR, 1.6], Math.PI);
  s.model('cone', 'Plant', [-3.3, FLOOR, -4.3]);
  welcome(s, plan, [0, 3, -4.6]);
  const note = s.hotspot('About the vase', [0, 2.2, -2], {
    kind: 'text',
    title: t('The centrepiece', '镇馆之宝', '鎮館之寶'),
    text: t('A vase on a pedestal in the middle of the hall.', '展厅中央基座上的花瓶。', '展廳中央基座上的花瓶。'),
  });
  if (media.image)
    s.hotspot('Painting', [-3.7, 2.7, -2.8], {
      kind: 'image',
      asset_id: media.image,
      icon: 'image',
      title: t('Painting', '画作', '畫作'),
    });
  s.hotspot('Artist', [3.7, 2.7, -2.8], {
    kind: 'link',
    url: 'https://en.wikipedia.org/wiki/Landscape_painting',
    icon: 'link',
    title: t('About landscape painting', '关于风景画', '關於風景畫'),
  });
  s.npc('guideWhite', 'Guide', t('Guide', '讲解员', '講解員'), [-1.6, FLOOR, 2.2], 0, [
    say(t('Welcome! Follow me to the centrepiece.', '欢迎！请跟我去看镇馆之宝。', '歡迎！請跟我去看鎮館之寶。')),
    walk(1.1, [-1.6, FLOOR, -0.5], [-1.1, FLOOR, -2.6]),
    { type: 'face_visitor' },
    say(t('This vase is the pride of our hall.', '这只花瓶是本馆的骄傲。', '這隻花瓶是本館的驕傲。')),
    { type: 'open_hotspot', hotspot: note },
    { type: 'wait', seconds: 4 },
    walk(1.1, [-1.6, FLOOR, -0.5], [-1.6, FLOOR, 2.2]),
    { type: 'idle', seconds: 3 },
    { type: 'loop' },
  ]);
  return s.finish({
    environment: { preset: 'gallery', panorama_asset_id: null },
    background: '#f1efe9',
    floor: { visible: true, color: '#a9a49c', size: 24 },
    spawn: { position: [0, 0, 4.6], yaw: 0 },
  });
}

function exhibition(s: Scene, plan: ScenePlan, links: SceneLinks, media: SceneMedia) {
  // The 8 × 10 m room at 1.5×: a 12 × 15 m hall, back wall at z = −7.3, side walls at x = ±5.8.
  s.light('ambient', [0, 0, 0], 0.7)
    .light('directional', [4, 12, 10], 1.6, true)
    .light('point', [0, 4.5, -4], 1.5, false, '#fff4e0');
  s.model('hallRoom', 'Exhibition hall', [0, 0, 0], 0, 1.5);
  s.model('platform', 'Stage', [0, 0.15, -4.2]).model('ring', 'Ring sculpture', [0, 0.26, -4.2], 0, 1.4);
  s.light('spot', [0, 4.5, -2.8], 5);
  s.model('vitrine', 'Case left', [-3.6, 0.15, -2.6], HALF_PI).model('vitrine', 'Case right', [3.6, 0.15, -2.6], -HALF_PI);
  s.model('bottle', 'Bottle in case', [-3.6, 0.15 + 0.75, -2.6]).model('books', 'Books in case', [3.6, 0.15 + 0.75, -2.6]);
  s.model('vitrineTall', 'Tall case', [-4.9, 0.15, -6.4]);
  s.model('screen', 'Screen', [3.2, 0.15, -6.9]);
  s.model('easel', 'Easel', [-2.6, 0.15, 1.2], 0.4);
  s.model('bannerBlue', 'Banner left', [-5, 0.15, 2.5], HALF_PI).model('bannerRed', 'Banner right', [5, 0.15, 2.5], -HALF_PI);
  s.model('spire', 'Spire', [3.2, 0.15, 0.8]).model('bush', 'Plant', [5, 0.15, -6.6]);
  welcome(s, plan, [0, 3.4, -6.9]);
  const about = s.hotspot('About the sculpture', [0, 2.9, -4.2], {
    kind: 'text',
    title: t('The ring', '圆环', '圓環'),
    text: t(
      'A brass ring on a low stage: the hall’s opening piece.',
      '低台上的黄铜圆环，本次展览的开篇之作。',
      '低台上的黃銅圓環，本次展覽的開篇之作。',
    ),
  });
  if (media.video)
    s.hotspot('Exhibition film', [3.2, 2.5, -6.7], {
      kind: 'video',
      asset_id: media.video,
      icon: 'play',
      title: t('Exhibition film', '展览短片', '展覽短片'),
    });
  if (media.image)
    s.hotspot('Poster on the easel', [-2.6, 2.3, 1.2], {
      kind: 'image',
      asset_id: media.image,
      icon: 'image',
      title: t('Poster', '海报', '海報'),
    });
  const product = links.products[0];
  if (product)
    s.hotspot('Catalogue', [-3.6, 1.8, -2.6], {
      kind: 'product',
      project_id: product,
      icon: 'cart',
      title: t('Exhibition catalogue', '展览图录', '展覽圖錄'),
    });
  s.npc('guideBlue', 'Docent', t('Docent', '导览员', '導覽員'), [-1.5, 0.15, 3], 0, [
    say(t('Welcome to the exhibition hall!', '欢迎来到展览馆！', '歡迎來到展覽館！')),
    walk(1.2, [-2.6, 0.15, -1.5], [-1.5, 0.15, -2]),
    { type: 'face_visitor' },
    say(
      t(
        'The ring opens the show; the film plays on the screen.',
        '圆环是开篇之作，屏幕上播放展览短片。',
        '圓環是開篇之作，屏幕上播放展覽短片。',
      ),
      6,
    ),
    { type: 'open_hotspot', hotspot: about },
    { type: 'wait', seconds: 4 },
    walk(1.2, [1.8, 0.15, -1.5], [1.5, 0.15, 3]),
    { type: 'idle', seconds: 3 },
    { type: 'loop' },
  ]);
  return s.finish({
    environment: { preset: 'gallery', panorama_asset_id: null },
    background: '#eef1f5',
    floor: { visible: true, color: '#b9bec6', size: 40 },
    spawn: { position: [0, 0, 6.6], yaw: 0 },
  });
}

function meeting(s: Scene, plan: ScenePlan, media: SceneMedia) {
  // A 6 × 6 m room: back wall at z = −2.85, side walls at x = ±2.85.
  s.light('ambient', [0, 0, 0], 0.75)
    .light('directional', [3, 8, 7], 1.4, true)
    .light('point', [0, 2.8, -0.6], 1.2, false, '#fff4e0');
  s.model('meetingRoom', 'Meeting room', [0, 0, 0]);
  s.model('meetingTable', 'Table', [0, FLOOR, -0.4], HALF_PI);
  for (const z of [-1.1, -0.4, 0.3]) {
    s.model('meetingChair', `Chair left ${z}`, [-0.85, FLOOR, z], HALF_PI);
    s.model('meetingChair', `Chair right ${z}`, [0.85, FLOOR, z], -HALF_PI);
  }
  s.model('screen', 'Screen', [0, FLOOR, -2.55]);
  s.model('whiteboard', 'Whiteboard', [-2.83, 1, -0.4], HALF_PI);
  s.model('bush', 'Plant', [2.3, FLOOR, -2.3]).model('clock', 'Clock', [2.83, 2.4, -0.4], -HALF_PI);
  welcome(s, plan, [-2, 2.9, -2.6]);
  const agenda = s.hotspot('Agenda', [-2.7, 2.4, -0.4], {
    kind: 'text',
    title: t('Agenda', '议程', '議程'),
    text: t(
      '1. Welcome  2. Product roadmap  3. Questions. The slides play on the screen.',
      '1. 欢迎  2. 产品路线图  3. 提问。幻灯片在屏幕上播放。',
      '1. 歡迎  2. 產品路線圖  3. 提問。投影片在屏幕上播放。',
    ),
  });
  if (media.video)
    s.hotspot('Presentation', [0, 2.3, -2.4], {
      kind: 'video',
      asset_id: media.video,
      icon: 'play',
      title: t('Presentation', '演示', '演示'),
    });
  s.hotspot('Minutes', [2.3, 1.9, 1.4], {
    kind: 'link',
    url: 'https://en.wikipedia.org/wiki/Minutes',
    icon: 'link',
    title: t('How to take minutes', '如何做会议记录', '如何做會議記錄'),
  });
  s.npc('guideBlue', 'Host', t('Host', '主持人', '主持人'), [1.7, FLOOR, 1.6], Math.PI, [
    say(t('Welcome, please take a seat.', '欢迎，请就座。', '歡迎，請就座。')),
    walk(0.9, [1.7, FLOOR, -1.9]),
    { type: 'face_visitor' },
    say(
      t(
        'The agenda is on the whiteboard; slides on the screen.',
        '议程在白板上，幻灯片在屏幕上。',
        '議程在白板上，投影片在屏幕上。',
      ),
      6,
    ),
    { type: 'open_hotspot', hotspot: agenda },
    { type: 'wait', seconds: 4 },
    walk(0.9, [1.7, FLOOR, 1.6]),
    { type: 'idle', seconds: 4 },
    { type: 'loop' },
  ]);
  return s.finish({
    environment: { preset: 'studio', panorama_asset_id: null },
    background: '#e6e9ee',
    floor: { visible: true, color: '#c8ccd2', size: 24 },
    spawn: { position: [0, 0, 3.6], yaw: 0 },
  });
}

function outdoor(s: Scene, plan: ScenePlan, media: SceneMedia) {
  s.light('ambient', [0, 0, 0], 0.8).light('directional', [-6, 12, 8], 2.2, true, '#fff1d6');
  s.model('plaza', 'Plaza', [0, 0, -3]).model('spire', 'Spire', [0, 0.11, -3], 0, 1.3);
  s.model('treeRound', 'Tree left', [-6, 0, -6])
    .model('treeConifer', 'Tree back', [6.5, 0, -10])
    .model('treeAutumn', 'Tree right', [6, 0, -3]);
  s.model('streetLamp', 'Lamp left', [-3.6, 0, 0.4], HALF_PI).model('streetLamp', 'Lamp right', [3.6, 0, 0.4], -HALF_PI);
  s.model('benchSlat', 'Bench left', [-2.2, 0.11, -3], HALF_PI).model('benchSlat', 'Bench right', [2.2, 0.11, -3], -HALF_PI);
  s.model('hedge', 'Hedge left', [-2, 0, -6.8]).model('hedge', 'Hedge right', [2, 0, -6.8]);
  s.model('car', 'Car', [-7, 0, 2], HALF_PI).model('bicycle', 'Bicycle', [4.6, 0, -0.6], 0.3);
  s.model('signpost', 'Signpost', [-2.2, 0, 2.2], 0.3);
  welcome(s, plan, [0, 3.6, -3]);
  const plaza = s.hotspot('The plaza', [0, 2.6, -1.4], {
    kind: 'text',
    title: t('Town plaza', '城镇广场', '城鎮廣場'),
    text: t(
      'A marble spire in the middle, benches on both sides and trees all around.',
      '中央是大理石尖塔，两侧是长椅，四周绿树环绕。',
      '中央是大理石尖塔，兩側是長椅，四周綠樹環繞。',
    ),
  });
  if (media.audio)
    s.hotspot('Birdsong', [-6, 3.4, -6], {
      kind: 'audio',
      asset_id: media.audio,
      icon: 'audio',
      title: t('Birdsong', '鸟鸣', '鳥鳴'),
    });
  s.hotspot('Map', [-2.2, 2.7, 2.2], {
    kind: 'link',
    url: 'https://en.wikipedia.org/wiki/Town_square',
    icon: 'link',
    title: t('About town squares', '关于城镇广场', '關於城鎮廣場'),
  });
  s.npc('walker', 'Walker', t('Walker', '散步的人', '散步的人'), [-1.2, 0.11, -0.6], 0, [
    say(t('Lovely day for a walk, isn’t it?', '今天很适合散步，对吧？', '今天很適合散步，對吧？')),
    walk(1, [-1.2, 0.11, -5.4], [1.2, 0.11, -5.4]),
    { type: 'face_visitor' },
    say(t('The spire is the heart of the plaza.', '尖塔是广场的中心。', '尖塔是廣場的中心。')),
    { type: 'open_hotspot', hotspot: plaza },
    walk(1, [1.2, 0.11, -0.6], [-1.2, 0.11, -0.6]),
    { type: 'idle', seconds: 3 },
    { type: 'loop' },
  ]);
  return s.finish({
    environment: { preset: 'daylight', panorama_asset_id: null },
    background: '#bcd7ee',
    fog: { enabled: true, color: '#cfe0ee', near: 25, far: 80 },
    floor: { visible: true, color: '#8caa6e', size: 80 },
    spawn: { position: [0, 0, 7], yaw: 0 },
  });
}

/**
 * The 3D scene of a template: lit (fill, sun, lamps and spots), framed (the visitor starts in front of the content,
 * looking at it), with hotspots and an NPC that walks between waypoints, turns to the visitor, speaks and opens a
 * hotspot. Across the six templates every scene hotspot kind appears (video, audio and image where the project has
 * that media). Models missing from `lib` are left out and listed in `skipped`.
 */
export function buildSceneDocument(plan: ScenePlan, lib: LibraryIds, links: SceneLinks, media: SceneMedia = {}): BuiltScene {
  const s = new Scene(lib);
  switch (plan.template) {
    case 'showroom':
      return showroom(s, plan, links, media);
    case 'classroom':
      return classroom(s, plan, media);
    case 'gallery':
      return gallery(s, plan, media);
    case 'exhibition':
      return exhibition(s, plan, links, media);
    case 'meeting':
      return meeting(s, plan, media);
    case 'outdoor':
      return outdoor(s, plan, media);
  }
}

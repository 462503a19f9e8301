import { addWorldBody, type WorldRoomType } from '@xr/contract/world';
import type { SavedDemoContent } from './content/documents';
import type { SceneTemplate } from './content/scene-plan';
import type { AccountsPort, DemoLog, WorldPort } from './ports';

/**
 * The meta world's demo rooms: one open room of each type, so a newcomer can walk into a meeting, a classroom and an
 * exhibition (3D scenes with NPCs) or join a guided 360 tour from /meta at once. Each is hosted by a demo account
 * (the entry's author hosts it).
 */
interface DemoRoom {
  name: string;
  description: string;
  type: WorldRoomType;
  host: string;
  /** The 3D scene template the room takes place in; none: a 360 tour. */
  template?: SceneTemplate;
  weight: number;
}

export const DEMO_ROOMS: readonly DemoRoom[] = [
  {
    name: 'Team Meeting Room · 团队会议室 · 團隊會議室',
    description:
      'Drop in to the open meeting: slides on the screen, agenda on the whiteboard. 开放会议，欢迎加入。開放會議，歡迎加入。',
    type: 'meeting',
    host: 'orgadmin@demo.test',
    template: 'meeting',
    weight: 40,
  },
  {
    name: 'Open Classroom · 公开课教室 · 公開課教室',
    description: 'A lesson on circles: raise your hand to speak. 公开课：圆的认识，举手发言。公開課：圓的認識，舉手發言。',
    type: 'classroom',
    host: 'creator@demo.test',
    template: 'classroom',
    weight: 30,
  },
  {
    name: 'Exhibition Opening · 展览开幕 · 展覽開幕',
    description:
      'Walk the exhibition hall with the docent and other visitors. 与导览员和其他访客一起参观展览馆。與導覽員和其他訪客一起參觀展覽館。',
    type: 'exhibition',
    host: 'orgadmin@demo.test',
    template: 'exhibition',
    weight: 20,
  },
  {
    name: 'Guided 360° Tour · 360° 导览团 · 360° 導覽團',
    description:
      'The host leads a 360° tour scene by scene: follow along. 主持人逐个场景带领 360° 导览。主持人逐個場景帶領 360° 導覽。',
    type: 'open',
    host: 'creator@demo.test',
    weight: 10,
  },
];

export interface DemoRoomsDeps {
  world: WorldPort;
  users: Pick<AccountsPort, 'accountByEmail'>;
  log: DemoLog;
}

/**
 * Opens `DEMO_ROOMS` in the demo content just saved (public, unlocked, default capacity), as the administrator on
 * behalf of each host. Idempotent: a room whose name already exists is left as it is (an administrator may have
 * changed it); a room without its scene or host is skipped with a warning. Answers the names of the rooms opened.
 */
export async function openDemoRooms(deps: DemoRoomsDeps, content: SavedDemoContent): Promise<string[]> {
  const { world, users, log } = deps;
  const admin = await users.accountByEmail('admin@demo.test');
  if (!admin) {
    log.warn('demo rooms: not opened (the demo administrator is missing)');
    return [];
  }
  const actor = { id: admin.id, name: 'demo_admin', roles: ['admin'], permissions: new Set<string>() };
  const existing = new Set((await world.worldPage(actor, { page: 1, limit: 500, keyword: '' })).list.map((e) => e.name));
  const opened: string[] = [];
  for (const room of DEMO_ROOMS) {
    if (existing.has(room.name)) continue;
    const project = room.template
      ? content.scenes.find((s) => s.template === room.template)?.projectId
      : content.tours[0]?.projectId;
    const host = await users.accountByEmail(room.host);
    if (!project || !host) {
      log.warn({ room: room.name, project, host: room.host }, 'demo rooms: room not opened (no scene or host)');
      continue;
    }
    await world.addWorld(
      actor,
      addWorldBody.parse({
        name: room.name,
        description: room.description,
        project_id: project,
        author_id: host.id,
        weight: room.weight,
        room_type: room.type,
        access: 'public',
      }),
    );
    opened.push(room.name);
  }
  if (opened.length) log.info({ opened }, `demo rooms: ${opened.length} open rooms in the meta world`);
  return opened;
}

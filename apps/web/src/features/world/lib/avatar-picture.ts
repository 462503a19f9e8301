import { avatarLookRef } from '@xr/contract/avatars';
import type { WorldMember } from '@xr/contract/world';
import type { TourPeopleSource, TourPerson } from '../../../components/viewers/tour/tour-people';
import { colorOf } from './colors';
import type { RoomClient } from './room-client';

const HEX = /^#[0-9a-fA-F]{6}$/;
const safe = (c: unknown, fallback: string) => (typeof c === 'string' && HEX.test(c) ? c : fallback);

/**
 * A small picture of a person's avatar (an SVG data URL): head and shoulders in the look's skin, hair and top
 * colours for a built-in figure; an uploaded model or no look gets the person's colour (the same as their figure
 * in 3D rooms) with their initial, so everyone sees the same picture for the same person.
 */
export function avatarPicture(look: unknown, colorKey: string | number, name: string): string {
  const ref = avatarLookRef.safeParse(look);
  const p = ref.success && ref.data.kind === 'parametric' ? ref.data.look : null;
  const body = p ? safe(p.top_color, '#607d8b') : colorOf(colorKey);
  const skin = p ? safe(p.skin, '#f1c27d') : '#f3d2b3';
  const hair = p && p.hair_style !== 'none' ? safe(p.hair_color, '#3b2a1e') : null;
  const initial = p ? '' : (name.trim()[0] ?? '?').toUpperCase();
  const svg = [
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">',
    '<rect width="96" height="96" fill="#dfe7ef"/>',
    `<path d="M14 96c2-22 16-32 34-32s32 10 34 32z" fill="${body}"/>`,
    `<circle cx="48" cy="40" r="19" fill="${skin}"/>`,
    hair ? `<path d="M29 38c0-14 8-22 19-22s19 8 19 22c-4-7-10-10-19-10s-15 3-19 10z" fill="${hair}"/>` : '',
    initial
      ? `<text x="48" y="88" font-family="sans-serif" font-size="20" font-weight="bold" fill="#fff" text-anchor="middle">${escapeXml(initial)}</text>`
      : '',
    '</svg>',
  ].join('');
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A member as the tour viewer draws them (null before their first view direction arrived). */
export function tourPersonOf(
  m: WorldMember,
  view: { yaw: number; pitch: number } | undefined,
  scene: string | undefined,
  guestLabel: string,
  picture: (m: WorldMember) => string = (x) => avatarPicture(x.look, x.user_id ?? x.guest_id ?? x.member_id, x.name),
): TourPerson | null {
  const v = view ?? (m.state ? { yaw: m.state.yaw, pitch: m.state.pitch } : undefined);
  if (!v) return null;
  return {
    id: String(m.member_id),
    name: m.name,
    badge: m.user_id === null ? guestLabel : '',
    picture: picture(m),
    scene: scene ?? m.state?.scene ?? null,
    yaw: v.yaw,
    pitch: v.pitch,
  };
}

/**
 * The room's other people for the tour viewer: names and looks from the members, directions from the movement
 * snapshots (read when they arrive, outside React). Pictures are made once per member and look.
 */
export function roomPeopleSource(room: RoomClient, guestLabel: string): TourPeopleSource {
  const pictures = new Map<number, { look: unknown; url: string }>();
  const pictureOf = (m: WorldMember) => {
    const cached = pictures.get(m.member_id);
    if (cached && cached.look === m.look) return cached.url;
    const url = avatarPicture(m.look, m.user_id ?? m.guest_id ?? m.member_id, m.name);
    pictures.set(m.member_id, { look: m.look, url });
    return url;
  };
  return {
    get() {
      const { members, me } = room.state;
      const out: TourPerson[] = [];
      for (const m of members) {
        if (m.member_id === me?.member_id) continue;
        const p = tourPersonOf(m, room.views.get(m.member_id), room.scenes.get(m.member_id), guestLabel, pictureOf);
        if (p) out.push(p);
      }
      return out;
    },
    subscribe(fn) {
      const offMoves = room.onMoves(fn);
      const offStore = room.store.subscribe(fn);
      return () => {
        offMoves();
        offStore();
      };
    },
  };
}

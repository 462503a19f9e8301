import { defaultLookFor } from '@xr/contract/avatars';
import type { WorldMember } from '@xr/contract/world';
import { describe, expect, it } from 'vitest';
import { ringYaws } from '../../../components/viewers/tour/tour-people';
import { avatarPicture, tourPersonOf } from './avatar-picture';

const svgOf = (url: string) => decodeURIComponent(url.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));

const member = (over: Partial<WorldMember> = {}): WorldMember => ({
  member_id: 4,
  user_id: 9,
  guest_id: null,
  name: 'Ana',
  role: 'visitor',
  muted: false,
  self_muted: false,
  hand_raised: false,
  look: null,
  instance: 1,
  state: null,
  ...over,
});

describe('avatar picture', () => {
  it('draws a built-in figure in its skin, hair and top colours', () => {
    const look = {
      ...defaultLookFor(3),
      skin: '#aa8866',
      hair_style: 'short' as const,
      hair_color: '#112233',
      top_color: '#445566',
    };
    const svg = svgOf(avatarPicture({ kind: 'parametric', look }, 3, 'Ana'));
    expect(svg).toContain('#aa8866');
    expect(svg).toContain('#112233');
    expect(svg).toContain('#445566');
  });

  it('an uploaded model or no look: the person colour with the initial, escaped', () => {
    const svg = svgOf(avatarPicture({ kind: 'model', url: 'https://x/a.glb', format: 'glb' }, 'g1', '<b>ob'));
    expect(svg).toContain('hsl(');
    expect(svg).toContain('&#60;');
    expect(svg).not.toContain('<b>');
  });
});

describe('tour people', () => {
  it('a member becomes a person where they look, guests marked; none before a direction is known', () => {
    expect(tourPersonOf(member(), undefined, undefined, 'Guest')).toBeNull();
    const p = tourPersonOf(member({ user_id: null, guest_id: 'abcdefgh' }), { yaw: 1, pitch: -0.2 }, 's2', 'Guest');
    expect(p).toMatchObject({ id: '4', name: 'Ana', badge: 'Guest', scene: 's2', yaw: 1, pitch: -0.2 });
    const q = tourPersonOf(
      member({ state: { x: 0, y: 0, z: 0, yaw: 0.5, pitch: 0.1, anim: null, scene: 's1' } }),
      undefined,
      undefined,
      'Guest',
    );
    expect(q).toMatchObject({ badge: '', scene: 's1', yaw: 0.5, pitch: 0.1 });
  });

  it('the ring spaces people evenly from the starting direction', () => {
    expect(ringYaws(0)).toEqual([]);
    expect(ringYaws(1, 0.3)).toEqual([0.3]);
    const four = ringYaws(4);
    for (const [i, y] of four.entries()) expect(y).toBeCloseTo((i * Math.PI) / 2, 6);
  });
});

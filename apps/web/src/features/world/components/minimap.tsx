import type { WorldMember } from '@xr/contract/world';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { colorOf } from '../lib/colors';
import { type Pose, type PoseSample, sampleAt } from '../lib/interpolation';

const SIZE = 120;

/**
 * Where everybody stands in a 3D room, seen from above: the floor square, a dot per person in their colour (ours
 * with a ring and a heading tick), refreshed five times a second from the same interpolated poses as the avatars.
 */
export function Minimap({
  members,
  meId,
  source,
  self,
  floorSize,
}: {
  members: readonly WorldMember[];
  meId: number;
  source: { poses: Map<number, PoseSample[]>; delay: number };
  /** Our own latest pose. */
  self: () => Pose | null;
  floorSize: number;
}) {
  const { t } = useTranslation('room');
  const [, redraw] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => redraw((n) => n + 1), 200);
    return () => window.clearInterval(timer);
  }, []);
  const half = Math.max(1, floorSize / 2);
  const at = (v: number) => Math.round(((Math.max(-half, Math.min(half, v)) + half) / (2 * half)) * SIZE);
  const now = performance.now();
  return (
    <svg
      className="xr-room-minimap"
      width={SIZE}
      height={SIZE}
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      role="img"
      aria-label={t('minimap', { count: members.length })}
      data-testid="minimap"
    >
      <rect x="0.5" y="0.5" width={SIZE - 1} height={SIZE - 1} rx="8" />
      {members.map((m) => {
        const mine = m.member_id === meId;
        const pose = mine ? self() : sampleAt(source.poses.get(m.member_id) ?? [], now - source.delay);
        if (!pose) return null;
        const x = at(pose.p[0]);
        const y = at(pose.p[2]);
        const key = m.user_id ?? m.guest_id ?? m.member_id;
        return (
          <g key={m.member_id} data-testid="minimap-dot" data-member={m.member_id} data-x={x} data-y={y}>
            {mine && (
              <line x1={x} y1={y} x2={x - Math.sin(pose.yaw) * 9} y2={y - Math.cos(pose.yaw) * 9} stroke="#fff" strokeWidth="2" />
            )}
            <circle cx={x} cy={y} r={mine ? 5 : 4} fill={colorOf(key)} stroke={mine ? '#fff' : 'none'} strokeWidth="2">
              <title>{m.user_id === null ? `${m.name} (${t('people.guest')})` : m.name}</title>
            </circle>
          </g>
        );
      })}
    </svg>
  );
}

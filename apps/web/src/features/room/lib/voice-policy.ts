import type { WorldMember, WorldRole } from '@xr/contract/world';

/**
 * Most people in one room instance whose voices go peer to peer to everyone (a full mesh: each speaker uploads one
 * stream per listener). Beyond it the room is in stage mode: only hosts and speakers are heard by everyone; visitors
 * listen and raise a hand.
 */
export const VOICE_MESH_MAX = 8;

export function isStage(memberCount: number): boolean {
  return memberCount > VOICE_MESH_MAX;
}

/** Whether two people hold a voice connection: always in a small room, on stage only when one of them may speak. */
export function connects(a: WorldRole, b: WorldRole, stage: boolean): boolean {
  return !stage || a !== 'visitor' || b !== 'visitor';
}

/** Whether we may send our voice: not muted by a host, and on stage only hosts and speakers. */
export function mayTalk(me: Pick<WorldMember, 'muted' | 'role'> | null, stage: boolean): boolean {
  if (!me || me.muted) return false;
  return !stage || me.role !== 'visitor';
}

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

/** Who we hold a voice connection with, and how (`VoiceMesh.addPeer` options), by member id. */
export type VoicePeerPlan = Map<string, { initiate?: boolean; send: boolean; spatial?: boolean }>;

/**
 * The voice connections we want: the people of our instance we `connect` with, plus the hosts of the
 * entry's other instances, because hosts' voice and shared screen reach every instance. Towards another instance's
 * host we only listen (a visitor's voice stays in their instance), make the offer ourselves (that host does not know
 * us), and hear them without position (their avatar is not in our instance). Two hosts of different instances hear
 * each other; the smaller id offers.
 */
export function voicePeers(
  me: Pick<WorldMember, 'member_id' | 'role' | 'instance'>,
  members: readonly Pick<WorldMember, 'member_id' | 'role'>[],
  hosts: readonly Pick<WorldMember, 'member_id' | 'instance'>[],
  stage: boolean,
): VoicePeerPlan {
  const plan: VoicePeerPlan = new Map();
  for (const m of members)
    if (m.member_id !== me.member_id && connects(me.role, m.role, stage)) plan.set(String(m.member_id), { send: true });
  const iHost = me.role === 'host';
  for (const h of hosts) {
    if (h.member_id === me.member_id || h.instance === me.instance || plan.has(String(h.member_id))) continue;
    plan.set(String(h.member_id), {
      initiate: iHost ? me.member_id < h.member_id : true,
      send: iHost,
      spatial: false,
    });
  }
  return plan;
}

/**
 * Whether we answer an offer from someone we did not connect to: a host answers anyone of the entry (people of other
 * instances connect to them); others answer the people of their instance and the hosts they know of.
 */
export function acceptsOffer(
  me: Pick<WorldMember, 'role'> | null,
  id: number,
  members: readonly Pick<WorldMember, 'member_id'>[],
  hosts: readonly Pick<WorldMember, 'member_id'>[],
): boolean {
  if (!me) return false;
  if (me.role === 'host') return true;
  return members.some((m) => m.member_id === id) || hosts.some((h) => h.member_id === id);
}

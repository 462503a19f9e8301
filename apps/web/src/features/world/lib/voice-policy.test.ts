import { describe, expect, it } from 'vitest';
import { acceptsOffer, voicePeers } from './voice-policy';

const m = (member_id: number, role: 'host' | 'speaker' | 'visitor', instance = 1) => ({ member_id, role, instance });

describe('voice peers across instances', () => {
  it('a visitor connects to her instance and listens to the hosts of other instances, offering to them', () => {
    const me = m(5, 'visitor', 2);
    const plan = voicePeers(me, [me, m(6, 'visitor', 2)], [m(1, 'host', 1), m(3, 'host', 3)], false);
    expect([...plan]).toEqual([
      ['6', { send: true }],
      ['1', { initiate: true, send: false, spatial: false }],
      ['3', { initiate: true, send: false, spatial: false }],
    ]);
  });

  it('in stage mode visitors still hear other instances’ hosts; hosts of one instance are not doubled', () => {
    const me = m(5, 'visitor', 2);
    const plan = voicePeers(me, [me, m(6, 'visitor', 2), m(7, 'host', 2)], [m(7, 'host', 2), m(1, 'host', 1)], true);
    expect([...plan.keys()]).toEqual(['7', '1']);
    expect(plan.get('7')).toEqual({ send: true });
  });

  it('two hosts of different instances hear each other; the smaller id offers', () => {
    const me = m(4, 'host', 1);
    const plan = voicePeers(me, [me], [me, m(2, 'host', 2), m(9, 'host', 3)], false);
    expect(plan.get('2')).toEqual({ initiate: false, send: true, spatial: false });
    expect(plan.get('9')).toEqual({ initiate: true, send: true, spatial: false });
    expect(plan.has('4')).toBe(false);
  });

  it('a host answers anyone of the entry; others only the people and hosts they know', () => {
    expect(acceptsOffer({ role: 'host' }, 99, [], [])).toBe(true);
    expect(acceptsOffer({ role: 'visitor' }, 99, [{ member_id: 1 }], [{ member_id: 2 }])).toBe(false);
    expect(acceptsOffer({ role: 'visitor' }, 2, [{ member_id: 1 }], [{ member_id: 2 }])).toBe(true);
    expect(acceptsOffer({ role: 'speaker' }, 1, [{ member_id: 1 }], [])).toBe(true);
    expect(acceptsOffer(null, 1, [{ member_id: 1 }], [])).toBe(false);
  });
});

import type { NpcStep, Vec3 } from '@xr/contract/scenes';
import { describe, expect, it } from 'vitest';
import { advanceNpc, initialNpcState, MAX_FRAME_SECONDS, type NpcProgram, type NpcState } from './npc-runner';

const program = (steps: NpcStep[]): NpcProgram => ({ steps, walk_clip: 'walk', idle_clip: 'idle' });
const far: Vec3 = [100, 0, 100];

/** Runs the program in fixed ticks, collecting events. */
function run(p: NpcProgram, state: NpcState, seconds: number, visitor: Vec3 = far, tick = 0.1) {
  const events: ReturnType<typeof advanceNpc>['events'] = [];
  let s = state;
  for (let t = 0; t < seconds - 1e-9; t += tick) {
    const r = advanceNpc(p, s, tick, visitor);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

describe('advanceNpc', () => {
  it('keeps real time on the slow frames of a software renderer (as the walking visitor does)', () => {
    const p = program([{ type: 'walk', waypoints: [[10, 0, 0]], speed: 1 }]);
    // 2 s in frames of a quarter second, the longest that counts in full
    expect(MAX_FRAME_SECONDS).toBeGreaterThanOrEqual(0.25);
    const { state } = run(p, initialNpcState([0, 0, 0]), 2, far, MAX_FRAME_SECONDS);
    expect(state.position[0]).toBeCloseTo(2);
  });

  it('walks its waypoints in order at its speed with the walk clip, then goes on', () => {
    const p = program([
      {
        type: 'walk',
        waypoints: [
          [2, 0, 0],
          [2, 0, 2],
        ],
        speed: 1,
      },
      { type: 'idle', seconds: 5 },
    ]);
    let s = initialNpcState([0, 0, 0]);
    s = advanceNpc(p, s, 1, far).state;
    expect(s.position[0]).toBeCloseTo(1);
    expect(s.clip).toBe('walk');
    expect(s.yaw).toBeCloseTo(Math.PI / 2); // facing +X
    s = advanceNpc(p, s, 1.5, far).state;
    expect(s.position).toEqual([2, 0, 0.5]);
    expect(s.waypoint).toBe(1);
    expect(s.yaw).toBeCloseTo(0); // facing +Z
    s = advanceNpc(p, s, 2, far).state;
    expect(s.position).toEqual([2, 0, 2]);
    expect(s.step).toBe(1);
    expect(s.clip).toBe('idle');
  });

  it('says its line only when the visitor comes within the radius, facing them, for its seconds', () => {
    const text = { en: 'Welcome to the gallery' };
    const p = program([
      { type: 'say', text, radius: 3, seconds: 2 },
      { type: 'idle', seconds: 100 },
    ]);
    const start = initialNpcState([0, 0, 0]);
    const away = run(p, start, 10, [10, 1.6, 0]);
    expect(away.state.speech).toBeNull();
    expect(away.state.waitingForVisitor).toBe(true);
    expect(away.events).toEqual([]);

    const near = advanceNpc(p, away.state, 0.1, [0, 1.6, 2.5]);
    expect(near.events).toEqual([{ type: 'say', text }]);
    expect(near.state.speech?.text).toEqual(text);
    expect(near.state.yaw).toBeCloseTo(0);
    const later = run(p, near.state, 2.5, [0, 1.6, 2.5]);
    expect(later.state.speech).toBeNull();
    expect(later.state.step).toBe(1);
    expect(later.events).toEqual([]);
  });

  it('plays clips, waits, faces the visitor, opens hotspots and loops', () => {
    const p = program([
      { type: 'play', clip: 'wave', seconds: 1 },
      { type: 'wait', seconds: 1 },
      { type: 'face_visitor' },
      { type: 'open_hotspot', hotspot: 'h1' },
      { type: 'loop' },
    ]);
    let s = initialNpcState([0, 0, 0]);
    s = advanceNpc(p, s, 0.5, far).state;
    expect(s.clip).toBe('wave');
    const r = advanceNpc(p, s, 1.6, [-5, 0, 0]);
    expect(r.events).toEqual([{ type: 'open_hotspot', hotspot: 'h1' }]);
    expect(r.state.yaw).toBeCloseTo(-Math.PI / 2);
    // Looped back into the first step with the time left over.
    expect(r.state.step).toBe(0);
    expect(r.state.clip).toBe('wave');
    expect(r.state.elapsed).toBeCloseTo(0.1);
  });

  it('does not spin on a program of instant steps and stays idle after the last step', () => {
    const p = program([{ type: 'face_visitor' }, { type: 'loop' }]);
    const r = advanceNpc(p, initialNpcState([0, 0, 0]), 1, [1, 0, 0]);
    expect(r.state.step).toBe(0);
    const end = advanceNpc(program([{ type: 'wait', seconds: 1 }]), initialNpcState([0, 0, 0]), 5, far);
    expect(end.state.step).toBe(1);
    expect(end.state.clip).toBe('idle');
  });
});

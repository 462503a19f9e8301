import { describe, expect, it } from 'vitest';
import { angleDelta, type PoseSample, pushSample, SEND_INTERVAL_MS, sampleAt, shouldSend } from './interpolation';

const s = (t: number, x: number, yaw = 0): PoseSample => ({ t, p: [x, 0, 0], yaw });

describe('snapshot interpolation', () => {
  it('blends linearly between the two samples around the time', () => {
    const buf = [s(0, 0), s(100, 10)];
    expect(sampleAt(buf, 25)?.p[0]).toBeCloseTo(2.5);
    expect(sampleAt(buf, 50)?.p[0]).toBeCloseTo(5);
  });

  it('holds the first sample before the buffer and extrapolates a little after it, then stands', () => {
    const buf = [s(100, 1), s(200, 2)];
    expect(sampleAt(buf, 0)?.p[0]).toBe(1);
    expect(sampleAt(buf, 250)?.p[0]).toBeCloseTo(2.5);
    // capped at 250 ms past the last sample
    expect(sampleAt(buf, 5000)?.p[0]).toBeCloseTo(4.5);
  });

  it('turns the short way round across ±π', () => {
    const buf = [s(0, 0, Math.PI - 0.1), s(100, 0, -Math.PI + 0.1)];
    const yaw = sampleAt(buf, 50)?.yaw ?? 0;
    expect(Math.abs(angleDelta(yaw, Math.PI))).toBeLessThan(1e-9);
  });

  it('is null without samples and drops late or duplicate snapshots', () => {
    expect(sampleAt([], 10)).toBeNull();
    let buf = pushSample([], s(100, 1));
    buf = pushSample(buf, s(50, 9));
    buf = pushSample(buf, s(100, 9));
    expect(buf).toEqual([s(100, 1)]);
  });

  it('keeps a bounded buffer', () => {
    let buf: PoseSample[] = [];
    for (let i = 0; i < 100; i++) buf = pushSample(buf, s(i, i));
    expect(buf.length).toBe(16);
    expect(buf[0]?.t).toBe(84);
  });
});

describe('sending our pose', () => {
  const pose = { p: [0, 0, 0] as [number, number, number], yaw: 0 };
  it('sends the first pose, then at most every 50 ms and only when it changed', () => {
    expect(shouldSend(null, pose, 0)).toBe(true);
    const last = { ...pose, at: 0 };
    expect(shouldSend(last, { p: [1, 0, 0], yaw: 0 }, SEND_INTERVAL_MS - 1)).toBe(false);
    expect(shouldSend(last, { p: [1, 0, 0], yaw: 0 }, SEND_INTERVAL_MS)).toBe(true);
    expect(shouldSend(last, pose, 1000)).toBe(false);
    expect(shouldSend(last, { p: [0, 0, 0], yaw: 0.5 }, 1000)).toBe(true);
  });
});

import { ErrorCode } from '@xr/contract/errors';
import { LIVE_REACTIONS_PER_WINDOW, LiveEvent, liveReactPayload } from '@xr/contract/live';
import { translateMessage } from '@xr/contract/messages';
import { describe, expect, it } from 'vitest';
import { createMemoryCounters } from '../../lib/counters';
import { AppError } from '../../lib/errors';
import { createLiveReactions } from './live.reactions';
import { audienceOf } from './live.socket';

function setup() {
  let now = 1_000_000;
  const sent: { stream: number; event: string; payload: unknown }[] = [];
  const reactions = createLiveReactions({
    counters: createMemoryCounters(() => now),
    emit: (stream, event, payload) => sent.push({ stream, event, payload }),
    flushMs: 60_000,
  });
  return { reactions, sent, advance: (ms: number) => (now += ms) };
}

describe('live reactions', () => {
  it('the payload schema takes heart and clap of a stream id, nothing else', () => {
    expect(liveReactPayload.safeParse({ id: 3, reaction: 'heart' }).success).toBe(true);
    expect(liveReactPayload.safeParse({ id: 3, reaction: 'clap' }).success).toBe(true);
    expect(liveReactPayload.safeParse({ id: 3, reaction: 'poop' }).success).toBe(false);
    expect(liveReactPayload.safeParse({ id: 0, reaction: 'heart' }).success).toBe(false);
    expect(liveReactPayload.safeParse({ id: 3 }).success).toBe(false);
  });

  it('gathers the reactions of a moment into one message per stream', async () => {
    const { reactions, sent } = setup();
    await reactions.react('u1', 7, 'heart');
    await reactions.react('u2', 7, 'heart');
    await reactions.react('tAbCd', 7, 'clap');
    await reactions.react('u1', 8, 'clap');
    expect(sent).toHaveLength(0);
    reactions.flush();
    expect(sent).toEqual([
      { stream: 7, event: LiveEvent.reactions, payload: { stream_id: 7, counts: { heart: 2, clap: 1 } } },
      { stream: 8, event: LiveEvent.reactions, payload: { stream_id: 8, counts: { clap: 1 } } },
    ]);
    reactions.flush();
    expect(sent).toHaveLength(2);
    reactions.stop();
  });

  it('refuses a flood from one person with the translated "too fast" message, others go on, the window passes', async () => {
    const { reactions, advance } = setup();
    for (let i = 0; i < LIVE_REACTIONS_PER_WINDOW; i++) await reactions.react('u1', 7, 'heart');
    const err = await reactions.react('u1', 7, 'heart').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe(ErrorCode.RATE_LIMITED);
    expect(translateMessage((err as AppError).messageKey, 'en')).toMatch(/reactions too fast/);
    expect(translateMessage((err as AppError).messageKey, 'zh')).toMatch(/太频繁/);
    await expect(reactions.react('u2', 7, 'heart')).resolves.toBeUndefined();
    // another stream is another window
    await expect(reactions.react('u1', 8, 'heart')).resolves.toBeUndefined();
    advance(6000);
    await expect(reactions.react('u1', 7, 'heart')).resolves.toBeUndefined();
    reactions.stop();
  });
});

describe('live viewer list', () => {
  it('names each account once (sorted), then the guests, and counts everyone', () => {
    const list = audienceOf(5, [
      { user: 2, name: 'Zoe' },
      { user: null, name: null },
      { user: 1, name: 'Amy' },
      { user: 2, name: 'Zoe' },
      undefined,
    ]);
    expect(list).toEqual({
      stream_id: 5,
      total: 4,
      viewers: [
        { name: 'Amy', guest: false },
        { name: 'Zoe', guest: false },
        { name: null, guest: true },
        { name: null, guest: true },
      ],
    });
  });
});

import { ErrorCode } from '@xr/contract/errors';
import {
  LIVE_REACTION_FLUSH_MS,
  LIVE_REACTION_WINDOW_MS,
  LIVE_REACTIONS_PER_WINDOW,
  LiveEvent,
  type LiveReaction,
  type LiveReactionsPayload,
} from '@xr/contract/live';
import type { Counters } from '../../lib/counters';
import { AppError } from '../../lib/errors';

export interface LiveReactionsDeps {
  /** Windowed counters: in memory, or in Redis (REDIS_URL) so the limit holds over every server process. */
  counters: Counters;
  /** Sends an event to a stream's room (`live:<id>`, over every process with the Redis adapter). */
  emit(stream: number, event: string, payload: unknown): void;
  flushMs?: number;
}

/**
 * Reactions (hearts, claps) of a stream's viewers: each person may send `LIVE_REACTIONS_PER_WINDOW` per window
 * (beyond: `RATE_LIMITED` with the "too fast" message); accepted ones are counted per stream and sent as one
 * `live:reactions` message per flush, so a crowd's taps cost one broadcast per moment.
 */
export function createLiveReactions(deps: LiveReactionsDeps) {
  const pending = new Map<number, Partial<Record<LiveReaction, number>>>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  function flush() {
    timer = null;
    const batch = [...pending];
    pending.clear();
    for (const [stream, counts] of batch) {
      const payload: LiveReactionsPayload = { stream_id: stream, counts };
      deps.emit(stream, LiveEvent.reactions, payload);
    }
  }

  return {
    /**
     * One reaction of `who` (a key naming the person: `u<id>` signed in, `t<ticket nonce>` a guest) to a stream they
     * joined. Rejects when they send too fast.
     */
    async react(who: string, stream: number, reaction: LiveReaction): Promise<void> {
      const { count } = await deps.counters.hit(`live-react:${stream}:${who}`, LIVE_REACTION_WINDOW_MS);
      if (count > LIVE_REACTIONS_PER_WINDOW) throw new AppError(ErrorCode.RATE_LIMITED, { messageKey: 'liveReactionsTooFast' });
      const counts = pending.get(stream) ?? {};
      counts[reaction] = (counts[reaction] ?? 0) + 1;
      pending.set(stream, counts);
      if (!timer) {
        timer = setTimeout(flush, deps.flushMs ?? LIVE_REACTION_FLUSH_MS);
        timer.unref?.();
      }
    },
    /** Sends what is pending now (tests, shutdown). */
    flush(): void {
      if (timer) clearTimeout(timer);
      flush();
    },
    stop(): void {
      if (timer) clearTimeout(timer);
      timer = null;
      pending.clear();
    },
  };
}
export type LiveReactions = ReturnType<typeof createLiveReactions>;

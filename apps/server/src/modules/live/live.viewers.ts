import crypto from 'node:crypto';
import { LiveEvent } from '@xr/contract/live';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { LiveAudience } from './live.audience';
import { roomOf } from './live.channels';
import { createLiveRepository } from './live.repository';

export interface LiveViewersDeps {
  db: Db;
  /** HMAC secret the playback tickets are derived from (the signed-URL secret). */
  secret: string;
  /** Lifetime of a viewer ticket (the signed playback URL can be opened until then). */
  ticketTtlSeconds: number;
  log: FastifyBaseLogger;
  /** Sends a realtime event to the sockets in a room (the stream's room `live:<id>`). */
  emit?: (room: string, event: string, payload: unknown) => void;
  /** With several processes: viewer counts summed over all of them. */
  audience?: LiveAudience;
}

/**
 * Who watches a stream: the signed, short-lived viewer tickets a right password earns, the viewers of each stream in
 * this process (ticket nonces with an open playback or chat connection), their totals over every process (Redis) and
 * the peak each stream reached. Shared by the streams, the broadcast (playback) and the live chat.
 */
export function createLiveViewers(deps: LiveViewersDeps) {
  const { log } = deps;
  const repo = createLiveRepository(deps.db);
  const ticketKey = crypto.createHmac('sha256', deps.secret).update('xr-live-ticket-v1').digest();
  /** Viewer tickets with an open playback connection or chat socket, per stream: ticket nonce → open count. */
  const audiences = new Map<number, Map<string, number>>();
  const knownPeak = new Map<number, number>();

  const viewersOf = (id: number) => audiences.get(id)?.size ?? 0;
  /** Viewers over every process (Redis), or this process's when alone or when Redis does not answer. */
  async function totalsOf(ids: number[]): Promise<Map<number, number>> {
    const local = new Map(ids.map((id) => [id, viewersOf(id)]));
    if (!deps.audience || ids.length === 0) return local;
    return deps.audience.totals(ids).catch((err) => {
      log.warn({ err }, 'live viewer counts of other processes unavailable');
      return local;
    });
  }

  function viewersChanged(id: number): void {
    const local = viewersOf(id);
    if (!deps.audience) {
      announceViewers(id, local);
      return;
    }
    // The room spans processes (Redis adapter): every viewer gets the total over all of them.
    deps.audience.report(id, local).then(
      (total) => announceViewers(id, total),
      (err) => {
        log.warn({ err, stream: id }, 'live viewer count not shared with the other processes');
        announceViewers(id, local);
      },
    );
  }

  function announceViewers(id: number, n: number): void {
    deps.emit?.(roomOf(id), LiveEvent.viewers, { stream_id: id, viewers: n });
    if (n > (knownPeak.get(id) ?? 0)) {
      knownPeak.set(id, n);
      repo.raisePeak(id, n).catch((err) => log.warn({ err, stream: id }, 'live viewer peak not saved'));
    }
  }

  function sign(id: number, exp: number, nonce: string): string {
    return crypto.createHmac('sha256', ticketKey).update(`${id}:${exp}:${nonce}`).digest('base64url');
  }

  return {
    /** A new viewer ticket of a stream (`exp.nonce.mac`) and its expiry in seconds. */
    issueTicket(id: number): { ticket: string; exp: number } {
      const exp = Math.floor(Date.now() / 1000) + deps.ticketTtlSeconds;
      const nonce = crypto.randomBytes(12).toString('base64url');
      return { ticket: `${exp}.${nonce}.${sign(id, exp, nonce)}`, exp };
    },

    /** The nonce of a valid, unexpired ticket of this stream, else null. */
    ticketNonce(id: number, ticket: string): string | null {
      const [expText, nonce, mac] = ticket.split('.');
      if (!expText || !nonce || !mac || !/^\d{1,12}$/.test(expText)) return null;
      const exp = Number(expText);
      if (exp * 1000 < Date.now()) return null;
      const want = Buffer.from(sign(id, exp, nonce));
      const got = Buffer.from(mac);
      return want.length === got.length && crypto.timingSafeEqual(want, got) ? nonce : null;
    },

    /** Counts a viewer's connection (playback or chat) while it is open; answers its release. */
    hold(id: number, nonce: string): () => void {
      const m = audiences.get(id) ?? new Map<string, number>();
      audiences.set(id, m);
      const before = m.size;
      m.set(nonce, (m.get(nonce) ?? 0) + 1);
      if (m.size !== before) viewersChanged(id);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (m.get(nonce) ?? 1) - 1;
        if (left > 0) m.set(nonce, left);
        else {
          m.delete(nonce);
          if (m.size === 0) audiences.delete(id);
          viewersChanged(id);
        }
      };
    },

    /** Viewers of a stream now (this process). */
    local: viewersOf,
    totalsOf,
    /** The highest viewer count this process saw of a stream (the saved peak may lag behind it). */
    peakOf: (id: number) => knownPeak.get(id) ?? 0,
    stop(): void {
      deps.audience?.stop();
    },
  };
}
export type LiveViewers = ReturnType<typeof createLiveViewers>;

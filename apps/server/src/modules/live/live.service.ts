import crypto from 'node:crypto';
import type { Page } from '@xr/contract/common';
import { ErrorCode } from '@xr/contract/errors';
import type { addLiveBody, LiveInfo, LiveIngest, LiveStream, LiveTicket, livePageQuery, upLiveBody } from '@xr/contract/live';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { iso } from '../../lib/http';
import type { ProfileService } from '../users/profile.service';
import type { Actor } from '../users/users.policy';
import { type BroadcastService, type CanStream, streamKeyHash } from './broadcast.service';
import { createLiveRepository, type LiveStreamRow } from './live.repository';
import type { LiveViewers } from './live.viewers';

type AddLive = z.output<typeof addLiveBody>;
type UpLive = z.output<typeof upLiveBody>;
type LivePageQuery = z.output<typeof livePageQuery>;

export interface LiveServiceDeps {
  db: Db;
  users: Pick<ProfileService, 'publicCards'>;
  canStream: CanStream;
  /** The on-air side: the RTMP URL, state events, cutting a publisher off, whether a publisher dropped. */
  broadcast: Pick<BroadcastService, 'rtmpUrl' | 'emitState' | 'cut' | 'isInterrupted'>;
  /** Viewer counts and peaks of the list and the info card; the viewer ticket of a right password. */
  viewers: Pick<LiveViewers, 'totalsOf' | 'peakOf' | 'issueTicket'>;
}

const newSecret = () => crypto.randomBytes(24).toString('base64url');
const isAdmin = (a: Actor) => a.roles.includes('admin');

/**
 * Live VR streams as their creators manage them and visitors find them: streams with a 6-digit share password and a
 * hashed stream key (shown at creation and rotation only), ended for good by their owner (no more publishing or
 * playback); the public info card and the password check that answers a viewer ticket. Creating needs `canStream`
 * (active membership). The broadcast itself (ingest, playback) is broadcast.service.ts; the chat, chat.service.ts.
 */
export function createLiveService(deps: LiveServiceDeps) {
  const { db, broadcast, viewers } = deps;
  const repo = createLiveRepository(db);

  function ingestOf(row: LiveStreamRow, secret: string, requestHost: string): LiveIngest {
    const url = broadcast.rtmpUrl(requestHost);
    const streamKey = `${row.id}?key=${secret}`;
    return { id: row.id, rtmp_url: url, stream_key: streamKey, publish_url: `${url}/${streamKey}` };
  }

  async function toStreams(rows: LiveStreamRow[], requestHost: string): Promise<LiveStream[]> {
    const [cards, totals] = await Promise.all([
      deps.users.publicCards(rows.map((r) => r.ownerId)),
      viewers.totalsOf(rows.map((r) => r.id)),
    ]);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      password: r.password,
      state: r.state,
      projection: r.projection,
      keep_recording: r.keepRecording,
      owner_id: r.ownerId,
      owner_name: cards.get(r.ownerId)?.name ?? '',
      viewers: totals.get(r.id) ?? 0,
      viewer_peak: Math.max(r.viewerPeak, viewers.peakOf(r.id)),
      rtmp_url: broadcast.rtmpUrl(requestHost),
      started_at: iso(r.startedAt),
      ended_at: iso(r.endedAt),
      created_at: r.createdAt.toISOString(),
      recording_asset_ids: r.recordingAssetIds,
    }));
  }

  /** The actor's own stream (administrators: any); others are answered "not found". */
  async function ownStream(actor: Actor, id: number): Promise<LiveStreamRow> {
    const row = await repo.byId(id);
    if (!row || (row.ownerId !== actor.id && !isAdmin(actor))) throw notFound();
    return row;
  }

  async function assertCanStream(userId: number): Promise<void> {
    if (!(await deps.canStream(userId))) throw new AppError(ErrorCode.LIVE_MEMBERSHIP_REQUIRED);
  }

  return {
    /** GET /live/live_page: the actor's streams, or everyone's for administrators. */
    async page(actor: Actor, q: LivePageQuery, requestHost: string): Promise<Page<LiveStream>> {
      const { rows, total } = await repo.page(
        { ownerId: isAdmin(actor) ? undefined : actor.id, keyword: q.keyword, state: q.state },
        q.page,
        q.limit,
      );
      return { list: await toStreams(rows, requestHost), total, page: q.page, limit: q.limit };
    },

    /** POST /live/add_live: a new idle stream; the stream key is answered here and at rotation only. */
    async add(actor: Actor, input: AddLive, requestHost: string): Promise<LiveIngest> {
      await assertCanStream(actor.id);
      const secret = newSecret();
      const row = await repo.insert({
        ownerId: actor.id,
        name: input.name,
        password: input.password,
        projection: input.projection,
        keepRecording: input.keep_recording,
        keyHash: streamKeyHash(secret),
      });
      return ingestOf(row, secret, requestHost);
    },

    /** POST /live/up_live: name, password, projection or recording of a stream that has not ended. */
    async update(actor: Actor, input: UpLive, requestHost: string): Promise<LiveStream> {
      const row = await ownStream(actor, input.id);
      if (row.state === 'ended') throw new AppError(ErrorCode.LIVE_ENDED);
      const updated = await repo.updateOpen(row.id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.password !== undefined ? { password: input.password } : {}),
        ...(input.projection !== undefined ? { projection: input.projection } : {}),
        ...(input.keep_recording !== undefined ? { keepRecording: input.keep_recording } : {}),
      });
      if (!updated) throw new AppError(ErrorCode.LIVE_ENDED);
      const [stream] = await toStreams([updated], requestHost);
      return stream as LiveStream;
    },

    /** POST /live/rotate_key: a new stream key; the old one stops working and a publisher using it is cut off. */
    async rotateKey(actor: Actor, id: number, requestHost: string): Promise<LiveIngest> {
      const row = await ownStream(actor, id);
      if (row.state === 'ended') throw new AppError(ErrorCode.LIVE_ENDED);
      await assertCanStream(row.ownerId);
      const secret = newSecret();
      const updated = await repo.updateOpen(id, { keyHash: streamKeyHash(secret) });
      if (!updated) throw new AppError(ErrorCode.LIVE_ENDED);
      broadcast.cut(id);
      return ingestOf(updated, secret, requestHost);
    },

    /** POST /live/end_live: ends the stream for good (publisher and viewers cut off; recording kept). Idempotent. */
    async end(actor: Actor, id: number, requestHost: string): Promise<LiveStream> {
      const row = await ownStream(actor, id);
      const ended = await repo.transition(id, ['idle', 'live'], { state: 'ended', endedAt: new Date() });
      if (ended) broadcast.emitState(id, 'ended');
      // Someone else's call ended it first (parallel requests): answer the stream as it is now.
      const updated = ended ?? (await repo.byId(id)) ?? row;
      broadcast.cut(id);
      const [stream] = await toStreams([updated], requestHost);
      return stream as LiveStream;
    },

    /** POST /live/del_live: removes the stream and its chat (a publisher is cut off first). */
    async remove(actor: Actor, id: number): Promise<void> {
      await ownStream(actor, id);
      broadcast.cut(id);
      await db.transaction(async (tx) => {
        await createLiveRepository(tx).remove(id);
      });
      broadcast.emitState(id, 'ended');
    },

    /** GET /live/live_info: what a visitor sees before the password (never the password). */
    async info(id: number): Promise<LiveInfo> {
      const row = await repo.byId(id);
      if (!row) throw notFound();
      const cards = await deps.users.publicCards([row.ownerId]);
      return {
        id: row.id,
        name: row.name,
        state: row.state,
        projection: row.projection,
        owner_name: cards.get(row.ownerId)?.name ?? '',
        viewers: (await viewers.totalsOf([row.id])).get(row.id) ?? 0,
        started_at: iso(row.startedAt),
        ended_at: iso(row.endedAt),
        keep_recording: row.keepRecording,
        interrupted: row.state === 'live' && broadcast.isInterrupted(row.id),
      };
    },

    /** POST /live/check_password: a signed, short-lived viewer ticket for the right password. */
    async checkPassword(id: number, password: string): Promise<LiveTicket> {
      const row = await repo.byId(id);
      if (!row) throw notFound();
      const want = Buffer.from(row.password);
      const got = Buffer.from(password);
      if (want.length !== got.length || !crypto.timingSafeEqual(want, got)) {
        throw new AppError(ErrorCode.LIVE_PASSWORD_WRONG, { field: 'password' });
      }
      if (row.state === 'ended') throw new AppError(ErrorCode.LIVE_ENDED);
      const { ticket, exp } = viewers.issueTicket(id);
      return {
        id,
        play_url: `/api/live/play/${id}.flv?sig=${ticket}`,
        ticket,
        expires_at: new Date(exp * 1000).toISOString(),
        projection: row.projection,
        state: row.state,
      };
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;

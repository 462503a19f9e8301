import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@xr/contract/common';
import { ID_MAX } from '@xr/contract/constants';
import { ErrorCode } from '@xr/contract/errors';
import {
  type addLiveBody,
  LIVE_CHAT_HISTORY,
  LIVE_CHAT_PER_WINDOW,
  LIVE_CHAT_WINDOW_MS,
  LIVE_RTMP_APP,
  type LiveChatMessage,
  LiveEvent,
  type LiveInfo,
  type LiveIngest,
  type LiveState,
  type LiveStatePayload,
  type LiveStream,
  type LiveTicket,
  type livePageQuery,
  type upLiveBody,
} from '@xr/contract/live';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { iso } from '../../lib/http';
import { createLiveIngest, type LiveIngest as Ingest, type LiveViewer } from '../../lib/live-ingest';
import type { ProfileService } from '../users/profile.service';
import type { Actor } from '../users/users.policy';
import type { LiveAudience } from './live.audience';
import type { LiveDirectory } from './live.directory';
import { createLiveRepository, type LiveChatRow, type LiveStreamRow } from './live.repository';

type AddLive = z.output<typeof addLiveBody>;
type UpLive = z.output<typeof upLiveBody>;
type LivePageQuery = z.output<typeof livePageQuery>;

/** Who may create and publish streams: by default an active membership or the admin role (see app.ts). */
export type CanStream = (userId: number) => Promise<boolean>;

/** Turns a finished recording into a 360 video asset of the owner; answers the asset id (null: not imported). */
export type ImportRecording = (input: {
  ownerId: number;
  streamId: number;
  name: string;
  file: string;
  projection: 'flat' | '360';
}) => Promise<number | null>;

export interface LiveServiceDeps {
  db: Db;
  users: Pick<ProfileService, 'publicCards'>;
  canStream: CanStream;
  /** HMAC secret the playback tickets are derived from (the signed-URL secret). */
  secret: string;
  log: FastifyBaseLogger;
  /** Sends a realtime event to the sockets in a room (the stream's chat room `live:<id>`). */
  emit?: (room: string, event: string, payload: unknown) => void;
  importRecording?: ImportRecording;
  ingest: {
    /** 0: no RTMP listener in this process. */
    port: number;
    host: string;
    /** `rtmp://host:port/live` shown to creators; default from the host they reach the API at. */
    publicUrl?: string;
    graceSeconds: number;
    recordDir: string;
  };
  /** Lifetime of a viewer ticket (the signed playback URL can be opened until then). */
  ticketTtlSeconds: number;
  /** With several processes (Redis): which process ingests which stream, so viewers of any process get it. */
  directory?: LiveDirectory;
  /** With several processes: viewer counts summed over all of them. */
  audience?: LiveAudience;
  /** With several processes: asks the others to cut a stream's publisher too (end, delete, key rotation). */
  cutElsewhere?: (id: number) => void;
}

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const newSecret = () => crypto.randomBytes(24).toString('base64url');
const KEY_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;
export const roomOf = (id: number) => `live:${id}`;
const isAdmin = (a: Actor) => a.roles.includes('admin');

/**
 * Live VR streaming: streams with a 6-digit share password, RTMP ingest authorised by a hashed stream key,
 * signed short-lived playback tickets, viewer counts and a persisted live chat. State: idle → live when an
 * authorised publisher starts, back to idle when it stops (restarts allowed), ended when the owner ends it (final:
 * no more publishing or playback). Creating and publishing need `canStream` (active membership).
 */
export function createLiveService(deps: LiveServiceDeps) {
  const { db, log } = deps;
  const repo = createLiveRepository(db);
  const ticketKey = crypto.createHmac('sha256', deps.secret).update('xr-live-ticket-v1').digest();
  /** Viewer tickets with an open playback connection or chat socket, per stream: ticket nonce → open count. */
  const audiences = new Map<number, Map<string, number>>();
  const knownPeak = new Map<number, number>();
  /** Streams ingested here whose publisher dropped and may come back within the grace window. */
  const interrupted = new Set<number>();
  let ingest: Ingest | undefined;
  let ingestPort = 0;

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

  function rtmpUrl(requestHost: string): string {
    if (deps.ingest.publicUrl) return deps.ingest.publicUrl.replace(/\/$/, '');
    const host = requestHost.replace(/:\d+$/, '') || '127.0.0.1';
    return `rtmp://${host}:${ingestPort || deps.ingest.port || 1935}/${LIVE_RTMP_APP}`;
  }

  function ingestOf(row: LiveStreamRow, secret: string, requestHost: string): LiveIngest {
    const url = rtmpUrl(requestHost);
    const streamKey = `${row.id}?key=${secret}`;
    return { id: row.id, rtmp_url: url, stream_key: streamKey, publish_url: `${url}/${streamKey}` };
  }

  async function toStreams(rows: LiveStreamRow[], requestHost: string): Promise<LiveStream[]> {
    const [cards, totals] = await Promise.all([
      deps.users.publicCards(rows.map((r) => r.ownerId)),
      totalsOf(rows.map((r) => r.id)),
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
      viewer_peak: Math.max(r.viewerPeak, knownPeak.get(r.id) ?? 0),
      rtmp_url: rtmpUrl(requestHost),
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

  function stateOf(id: number, state: LiveState): LiveStatePayload {
    return { stream_id: id, state, interrupted: state === 'live' && interrupted.has(id) };
  }

  function emitState(id: number, state: LiveState): void {
    deps.emit?.(roomOf(id), LiveEvent.state, stateOf(id, state));
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

  /** The nonce of a valid, unexpired ticket of this stream, else null. */
  function ticketNonce(id: number, ticket: string): string | null {
    const [expText, nonce, mac] = ticket.split('.');
    if (!expText || !nonce || !mac || !/^\d{1,12}$/.test(expText)) return null;
    const exp = Number(expText);
    if (exp * 1000 < Date.now()) return null;
    const want = Buffer.from(sign(id, exp, nonce));
    const got = Buffer.from(mac);
    return want.length === got.length && crypto.timingSafeEqual(want, got) ? nonce : null;
  }

  /** Counts a viewer's connection (playback or chat) while it is open; answers its release. */
  function holdViewer(id: number, nonce: string): () => void {
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
  }

  // --- Ingest hooks (RTMP publishers) ---

  async function authorize(p: { app: string; name: string; key: string | null; ip: string }) {
    const refuse = (reason: string, stream?: number) => {
      log.warn({ ip: p.ip, stream, reason }, 'live publish refused');
      return null;
    };
    if (p.app !== LIVE_RTMP_APP) return refuse('unknown application');
    if (!/^\d{1,10}$/.test(p.name) || Number(p.name) > ID_MAX || Number(p.name) < 1) return refuse('unknown stream');
    const id = Number(p.name);
    const row = await repo.byId(id);
    if (!row) return refuse('unknown stream', id);
    if (!p.key || !KEY_PATTERN.test(p.key)) return refuse('missing or malformed key', id);
    const want = Buffer.from(row.keyHash, 'hex');
    const got = Buffer.from(sha256(p.key), 'hex');
    if (want.length !== got.length || !crypto.timingSafeEqual(want, got)) return refuse('wrong key', id);
    if (row.state === 'ended') return refuse('stream ended', id);
    if (!(await deps.canStream(row.ownerId))) return refuse('no active membership', id);
    return { id, record: row.keepRecording };
  }

  /** Cuts a stream's publisher here and, with several processes, wherever it is ingested. */
  function cut(id: number): void {
    ingest?.kick(id);
    deps.cutElsewhere?.(id);
  }

  function started(id: number): void {
    repo
      .transition(id, ['idle', 'live'], { state: 'live', startedAt: new Date(), endedAt: null })
      .then((row) => {
        if (row) emitState(id, 'live');
      })
      .catch((err) => log.error({ err, stream: id }, 'live stream state not saved'));
    deps.directory?.claim(id).catch((err) => log.error({ err, stream: id }, 'live stream not announced to the other processes'));
  }

  function publisherDropped(id: number): void {
    interrupted.add(id);
    log.info({ stream: id }, 'live publisher dropped: waiting for it to come back');
    emitState(id, 'live');
  }

  function publisherBack(id: number): void {
    interrupted.delete(id);
    emitState(id, 'live');
  }

  async function ended(id: number, file: string | null): Promise<void> {
    interrupted.delete(id);
    deps.directory?.release(id).catch((err) => log.error({ err, stream: id }, 'live stream claim not released'));
    try {
      const row = await repo.transition(id, ['live'], { state: 'idle', endedAt: new Date() });
      emitState(id, row ? 'idle' : ((await repo.byId(id))?.state ?? 'ended'));
      const stream = row ?? (await repo.byId(id));
      if (!file) return;
      if (!stream?.keepRecording || !deps.importRecording) {
        log.info({ stream: id, file }, 'live recording kept on disk');
        return;
      }
      const assetId = await deps.importRecording({
        ownerId: stream.ownerId,
        streamId: id,
        name: stream.name,
        file,
        projection: stream.projection,
      });
      if (assetId !== null) await repo.addRecording(id, assetId);
    } catch (err) {
      log.error({ err, stream: id }, 'live stream end not recorded');
    }
  }

  /** The recording files this process wrote for a broadcast that began at `since` (oldest first). */
  async function recordingsSince(id: number, since: Date): Promise<{ file: string; mtime: Date }[]> {
    const dir = path.join(deps.ingest.recordDir, String(id));
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    const found: { file: string; mtime: Date }[] = [];
    for (const name of names) {
      if (!name.endsWith('.flv')) continue;
      const file = path.join(dir, name);
      const st = await fs.stat(file).catch(() => null);
      // A file is opened just before the broadcast's start is saved: allow a little slack.
      if (st?.isFile() && st.size > 0 && st.mtime.getTime() >= since.getTime() - 60_000) found.push({ file, mtime: st.mtime });
    }
    return found.sort((a, b) => a.mtime.getTime() - b.mtime.getTime());
  }

  /**
   * A stream still `live` at start-up whose publisher no process holds was interrupted by a stopped or crashed
   * process: its broadcast is closed as a publisher's end would have closed it (idle, end time = the recording's last
   * write, or now). Answers the import of its partial recordings (streams that keep recordings), run afterwards.
   */
  async function closeInterrupted(): Promise<() => Promise<void>> {
    const imports: (() => Promise<void>)[] = [];
    for (const row of await repo.onAir()) {
      if (deps.directory) {
        const elsewhere = await deps.directory.locate(row.id).catch((err) => {
          log.warn({ err, stream: row.id }, 'live ingest directory unavailable: the stream is closed here');
          return null;
        });
        if (elsewhere) continue; // another process ingests it now
      }
      const files = row.keepRecording ? await recordingsSince(row.id, row.startedAt ?? row.updatedAt) : [];
      const endedAt = files.at(-1)?.mtime ?? new Date();
      const closed = await repo.transition(row.id, ['live'], { state: 'idle', endedAt });
      if (!closed) continue;
      log.warn({ stream: row.id, recordings: files.length }, 'live broadcast interrupted by a stopped server closed');
      emitState(row.id, 'idle');
      for (const { file } of files) {
        imports.push(async () => {
          if (!deps.importRecording) {
            log.info({ stream: row.id, file }, 'live recording kept on disk');
            return;
          }
          const assetId = await deps.importRecording({
            ownerId: closed.ownerId,
            streamId: closed.id,
            name: closed.name,
            file,
            projection: closed.projection,
          });
          if (assetId !== null) await repo.addRecording(closed.id, assetId);
        });
      }
    }
    return async () => {
      for (const run of imports) {
        await run().catch((err) => log.error({ err }, 'live recording of an interrupted broadcast not imported'));
      }
    };
  }

  let recovery: Promise<void> | undefined;

  return {
    /**
     * Closes broadcasts a stopped process left open (their recordings are imported in the background), then starts
     * the RTMP listener when a port is configured; answers its port (0: none).
     */
    async startIngest(): Promise<number> {
      // Closed before listening: a publisher reconnecting to this process starts a new broadcast, not the stale one.
      // Their recordings are converted in the background (ffmpeg takes a while).
      const importAll = await closeInterrupted().catch((err) => {
        log.error({ err }, 'interrupted live broadcasts not closed');
        return async () => undefined;
      });
      recovery = importAll();
      if (!deps.ingest.port) return 0;
      ingest = createLiveIngest({
        port: deps.ingest.port,
        host: deps.ingest.host,
        app: LIVE_RTMP_APP,
        graceMs: deps.ingest.graceSeconds * 1000,
        recordDir: deps.ingest.recordDir,
        log,
        hooks: { authorize, started, ended, interrupted: publisherDropped, resumed: publisherBack },
      });
      try {
        ingestPort = await ingest.start();
      } catch (err) {
        // An optional feature must not keep the platform from starting (another process may own the port).
        log.error({ err, port: deps.ingest.port }, 'RTMP ingest could not listen: live publishing is off in this process');
        await ingest.stop();
        ingest = undefined;
        return 0;
      }
      return ingestPort;
    },

    /** Another process ended, deleted or re-keyed a stream: cut its publisher if this process ingests it. */
    cutLocal(id: number): void {
      ingest?.kick(id);
    },

    /** Settles when the broadcasts found interrupted at start-up are closed and their recordings imported. */
    async recovered(): Promise<void> {
      await recovery;
    },

    async stop(): Promise<void> {
      await recovery;
      deps.directory?.stop();
      deps.audience?.stop();
      await ingest?.stop();
      ingest = undefined;
    },

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
        keyHash: sha256(secret),
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
      const updated = await repo.updateOpen(id, { keyHash: sha256(secret) });
      if (!updated) throw new AppError(ErrorCode.LIVE_ENDED);
      cut(id);
      return ingestOf(updated, secret, requestHost);
    },

    /** POST /live/end_live: ends the stream for good (publisher and viewers cut off; recording kept). Idempotent. */
    async end(actor: Actor, id: number, requestHost: string): Promise<LiveStream> {
      const row = await ownStream(actor, id);
      const ended = await repo.transition(id, ['idle', 'live'], { state: 'ended', endedAt: new Date() });
      if (ended) emitState(id, 'ended');
      // Someone else's call ended it first (parallel requests): answer the stream as it is now.
      const updated = ended ?? (await repo.byId(id)) ?? row;
      cut(id);
      const [stream] = await toStreams([updated], requestHost);
      return stream as LiveStream;
    },

    /** POST /live/del_live: removes the stream and its chat (a publisher is cut off first). */
    async remove(actor: Actor, id: number): Promise<void> {
      await ownStream(actor, id);
      cut(id);
      await db.transaction(async (tx) => {
        await createLiveRepository(tx).remove(id);
      });
      emitState(id, 'ended');
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
        viewers: (await totalsOf([row.id])).get(row.id) ?? 0,
        started_at: iso(row.startedAt),
        ended_at: iso(row.endedAt),
        keep_recording: row.keepRecording,
        interrupted: row.state === 'live' && interrupted.has(row.id),
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
      const exp = Math.floor(Date.now() / 1000) + deps.ticketTtlSeconds;
      const nonce = crypto.randomBytes(12).toString('base64url');
      const ticket = `${exp}.${nonce}.${sign(id, exp, nonce)}`;
      return {
        id,
        play_url: `/api/live/play/${id}.flv?sig=${ticket}`,
        ticket,
        expires_at: new Date(exp * 1000).toISOString(),
        projection: row.projection,
        state: row.state,
      };
    },

    /**
     * Where a valid ticket's stream is ingested when it is not here: the internal URL of the process that holds it
     * (with several processes on one Redis), to proxy the viewer's request there. Null: play here (or refuse as
     * `play` does). The ticket is checked first, so nothing unauthorised is forwarded.
     */
    async remoteIngest(id: number, ticket: string): Promise<string | null> {
      if (!deps.directory || ingest?.isLive(id)) return null;
      if (!ticketNonce(id, ticket)) throw new AppError(ErrorCode.LIVE_TICKET_INVALID);
      // Redis unreachable: answer as one process would ("not live" unless it is ingested here)
      return deps.directory.locate(id).catch((err) => {
        log.warn({ err, stream: id }, 'live ingest directory unavailable');
        return null;
      });
    },

    /**
     * Attaches a viewer with a valid ticket to a stream on air. Throws LIVE_TICKET_INVALID (bad or expired ticket),
     * LIVE_ENDED, LIVE_NOT_LIVE; `open` is called just before the first bytes (to send the response head).
     */
    async play(
      id: number,
      ticket: string,
      sink: { ip: string; open(): void; write(chunk: Buffer): void; buffered(): number; end(): void },
      onClose?: () => void,
    ): Promise<LiveViewer> {
      const nonce = ticketNonce(id, ticket);
      if (!nonce) throw new AppError(ErrorCode.LIVE_TICKET_INVALID);
      const row = await repo.byId(id);
      if (!row) throw notFound();
      if (row.state === 'ended') throw new AppError(ErrorCode.LIVE_ENDED);
      if (!ingest?.isLive(id)) throw new AppError(ErrorCode.LIVE_NOT_LIVE);
      sink.open();
      let release: (() => void) | undefined;
      const viewer = ingest.subscribe(id, sink, () => {
        release?.();
        onClose?.();
      });
      if (!viewer) {
        sink.end();
        throw new AppError(ErrorCode.LIVE_NOT_LIVE);
      }
      release = holdViewer(id, nonce);
      return viewer;
    },

    // --- Live chat ---

    /** Checks a chat join: the ticket proves the password. Answers the recent history and a release of the viewer. */
    async joinChat(
      id: number,
      ticket: string,
    ): Promise<{ history: LiveChatMessage[]; state: LiveStatePayload; release: () => void }> {
      const nonce = ticketNonce(id, ticket);
      if (!nonce) throw new AppError(ErrorCode.LIVE_TICKET_INVALID);
      const row = await repo.byId(id);
      if (!row) throw notFound();
      const history = (await repo.recentChat(id, LIVE_CHAT_HISTORY)).map(toChat);
      return { history, state: stateOf(id, row.state), release: holdViewer(id, nonce) };
    },

    /** Persists a chat message of a signed-in viewer who joined, at most LIVE_CHAT_PER_WINDOW per window, and sends it. */
    async sendChat(user: { id: number; name: string }, id: number, text: string): Promise<LiveChatMessage> {
      const row = await repo.byId(id);
      if (!row) throw notFound();
      if (row.state === 'ended') throw new AppError(ErrorCode.LIVE_ENDED);
      const recent = await repo.chatCountSince(id, user.id, new Date(Date.now() - LIVE_CHAT_WINDOW_MS));
      if (recent >= LIVE_CHAT_PER_WINDOW) throw new AppError(ErrorCode.RATE_LIMITED);
      const message = toChat(await repo.insertChat({ streamId: id, userId: user.id, userName: user.name, text }));
      deps.emit?.(roomOf(id), LiveEvent.message, message);
      return message;
    },

    /** Viewers of a stream now (this process). */
    viewers: viewersOf,

    /** Viewers of a stream over every server process (this process's alone without Redis). */
    async viewerTotal(id: number): Promise<number> {
      return (await totalsOf([id])).get(id) ?? 0;
    },
  };
}

function toChat(r: LiveChatRow): LiveChatMessage {
  return { id: r.id, stream_id: r.streamId, user_name: r.userName, text: r.text, created_at: r.createdAt.toISOString() };
}

export type LiveService = ReturnType<typeof createLiveService>;

import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ID_MAX } from '@xr/contract/constants';
import { ErrorCode } from '@xr/contract/errors';
import { LIVE_RTMP_APP, LiveEvent, type LiveState, type LiveStatePayload } from '@xr/contract/live';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { createLiveIngest, type LiveIngest as Ingest, type LiveViewer } from '../../lib/live-ingest';
import { roomOf } from './live.channels';
import type { LiveDirectory } from './live.directory';
import { createLiveRepository } from './live.repository';
import type { LiveViewers } from './live.viewers';

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

export interface BroadcastServiceDeps {
  db: Db;
  canStream: CanStream;
  log: FastifyBaseLogger;
  /** Sends a realtime event to the sockets in a room (the stream's room `live:<id>`). */
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
  /** Tickets and viewer counts: playback checks a viewer's ticket and counts the viewer while it plays. */
  viewers: Pick<LiveViewers, 'ticketNonce' | 'hold' | 'stop'>;
  /** With several processes (Redis): which process ingests which stream, so viewers of any process get it. */
  directory?: LiveDirectory;
  /** With several processes: asks the others to cut a stream's publisher too (end, delete, key rotation). */
  cutElsewhere?: (id: number) => void;
}

/** The hash of a stream key, as stored (the key itself is shown once, at creation and rotation). */
export const streamKeyHash = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const KEY_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * The broadcast side of live streams: the RTMP ingest in this process (a publisher authorised by its hashed stream
 * key and `canStream`), the on-air state (idle → live when a publisher starts, back to idle when it stops; a dropped
 * publisher is `interrupted` within the grace window) and its realtime events, kept recordings imported as assets,
 * broadcasts a stopped process left open closed at start-up, and HTTP-FLV playback with a viewer ticket (here or
 * through the process that ingests the stream).
 */
export function createBroadcastService(deps: BroadcastServiceDeps) {
  const { db, log, viewers } = deps;
  const repo = createLiveRepository(db);
  /** Streams ingested here whose publisher dropped and may come back within the grace window. */
  const interrupted = new Set<number>();
  let ingest: Ingest | undefined;
  let ingestPort = 0;

  function rtmpUrl(requestHost: string): string {
    if (deps.ingest.publicUrl) return deps.ingest.publicUrl.replace(/\/$/, '');
    const host = requestHost.replace(/:\d+$/, '') || '127.0.0.1';
    return `rtmp://${host}:${ingestPort || deps.ingest.port || 1935}/${LIVE_RTMP_APP}`;
  }

  function stateOf(id: number, state: LiveState): LiveStatePayload {
    return { stream_id: id, state, interrupted: state === 'live' && interrupted.has(id) };
  }

  function emitState(id: number, state: LiveState): void {
    deps.emit?.(roomOf(id), LiveEvent.state, stateOf(id, state));
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
    const got = Buffer.from(streamKeyHash(p.key), 'hex');
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
    /** `rtmp://host:port/live` as creators see it (the configured public URL, else the host they reached the API at). */
    rtmpUrl,
    stateOf,
    emitState,
    /** Whether a stream on air in this process waits for its dropped publisher to come back. */
    isInterrupted: (id: number) => interrupted.has(id),
    cut,

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
      viewers.stop();
      await ingest?.stop();
      ingest = undefined;
    },

    /**
     * Where a valid ticket's stream is ingested when it is not here: the internal URL of the process that holds it
     * (with several processes on one Redis), to proxy the viewer's request there. Null: play here (or refuse as
     * `play` does). The ticket is checked first, so nothing unauthorised is forwarded.
     */
    async remoteIngest(id: number, ticket: string): Promise<string | null> {
      if (!deps.directory || ingest?.isLive(id)) return null;
      if (!viewers.ticketNonce(id, ticket)) throw new AppError(ErrorCode.LIVE_TICKET_INVALID);
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
      const nonce = viewers.ticketNonce(id, ticket);
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
      release = viewers.hold(id, nonce);
      return viewer;
    },
  };
}
export type BroadcastService = ReturnType<typeof createBroadcastService>;

import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * RTMP ingest and HTTP-FLV fan-out for live streams, built from node-media-server 4's protocol pieces (its RTMP
 * session, its per-stream broadcast with GOP cache and publish grace window) inside this server process.
 *
 * Why not `new NodeMediaServer(config).run()`: that starts an Express server with an admin console and an
 * unauthenticated HTTP-FLV/WS-FLV endpoint, offers RTMP playback to anyone (the password would be bypassed), writes
 * its own store to `./data`, logs with console.log and calls `process.exit(1)` when a port is taken. Here only our RTMP
 * listener exists; publishing is authorised before any packet is forwarded; RTMP play is refused; viewers subscribe
 * in-process from the Fastify route that checked their signed URL (no loopback proxy hop, no extra port).
 *
 * node-media-server keeps its state in module-level singletons (`Context`), so one ingest per process.
 */

const require = createRequire(import.meta.url);

interface NmsSession {
  id: string;
  ip: string;
  protocol: string;
  streamApp: string;
  streamName: string;
  streamPath: string;
  streamQuery: Record<string, unknown>;
  isPublisher: boolean;
  inBytes: number;
  outBytes: number;
  sendBuffer: (buffer: Buffer) => void;
  close: () => void;
}
interface NmsRtmpSession extends NmsSession {
  socket: net.Socket;
  broadcast: NmsBroadcast;
  rtmp: {
    onPlayCallback: () => void;
    onPushCallback: () => void;
    onPacketCallback: (packet: unknown) => void;
  };
  run(): void;
  onPush(): void;
}
interface NmsBroadcast {
  streamPath: string;
  publisher: NmsSession | null;
  subscribers: Map<string, NmsSession>;
  publishGraceMs: number;
  postPlay(session: NmsSession): string | null;
  donePlay(session: NmsSession): void;
  broadcastMessage(packet: unknown): void;
  getPublishStatus(): 'publishing' | 'reconnecting' | 'idle';
  _finishPublish(): void;
}
interface NmsContext {
  config: Record<string, unknown>;
  sessions: Map<string, NmsSession>;
  broadcasts: Map<string, NmsBroadcast>;
  eventEmitter: import('node:events').EventEmitter;
}

const RtmpSession = require('node-media-server/src/session/rtmp_session.js') as new (socket: net.Socket) => NmsRtmpSession;
const BroadcastServer = require('node-media-server/src/server/broadcast_server.js') as new (path: string) => NmsBroadcast;
const BaseSession = require('node-media-server/src/session/base_session.js') as new () => NmsSession;
const Context = require('node-media-server/src/core/context.js') as NmsContext;
const nmsLogger = require('node-media-server/src/core/logger.js') as { log: (message: string, level?: string) => void };

/** What the ingest asks the live service. */
export interface LiveIngestHooks {
  /**
   * Decides a publish to `/<app>/<name>?key=…`: the stream id and whether to record it, or null to refuse (unknown
   * stream, wrong key, ended, no membership). Must not log the key.
   */
  authorize(p: { app: string; name: string; key: string | null; ip: string }): Promise<{ id: number; record: boolean } | null>;
  /** A publisher went on air (after authorisation). */
  started(id: number): void;
  /** The publisher's connection dropped: the broadcast waits for it within the grace window. */
  interrupted?(id: number): void;
  /** The publisher came back within the grace window: the same broadcast (and recording) goes on. */
  resumed?(id: number): void;
  /** The publish ended (publisher gone for longer than the grace window, or kicked). `recording`: the FLV file, if any. */
  ended(id: number, recording: string | null): Promise<void>;
}

export interface LiveIngestOptions {
  /** RTMP port; 0 picks a free one (tests). */
  port: number;
  host: string;
  /** RTMP application name streams are published under. */
  app: string;
  /** How long a dropped publisher may reconnect and continue the same broadcast (and recording). */
  graceMs: number;
  /** Folder of recordings (`<dir>/<id>/<time>.flv`). */
  recordDir: string;
  /** A viewer whose connection buffers more than this is cut (it cannot keep up). */
  maxViewerBufferBytes?: number;
  log: FastifyBaseLogger;
  hooks: LiveIngestHooks;
}

/** A viewer attached to a broadcast; `close()` detaches it (idempotent). */
export interface LiveViewer {
  close(): void;
}

const PENDING_PACKETS_MAX = 2000;

export function createLiveIngest(opts: LiveIngestOptions) {
  const log = opts.log.child({ component: 'live-ingest' });
  // node-media-server logs through its own singleton: route it to our logger at debug level (never a key: it logs
  // stream paths, not queries).
  nmsLogger.log = (message: string, level = 'info') => {
    if (level === 'error' || level === 'warn') log.debug({ nms: level }, message);
    else log.trace({ nms: level }, message);
  };
  const maxBuffer = opts.maxViewerBufferBytes ?? 16 * 1024 * 1024;
  const streamPath = (id: number) => `/${opts.app}/${id}`;
  /** Our publisher session of each stream on air (including during its grace window). */
  const publishers = new Map<number, NmsRtmpSession>();
  /** Recording file per stream path, open while the publish lasts. */
  const recordings = new Map<number, { session: NmsSession; file: string; stream: fs.WriteStream }>();
  /** Viewer sessions per stream. */
  const viewers = new Map<number, Set<NmsSession & { end(): void }>>();
  const sockets = new Set<net.Socket>();
  /** Endings being reported (awaited by `stop`). */
  const pendingWork = new Set<Promise<void>>();
  let server: net.Server | undefined;

  function broadcastOf(id: number): NmsBroadcast {
    const p = streamPath(id);
    let b = Context.broadcasts.get(p);
    if (!b) {
      b = new BroadcastServer(p);
      Context.broadcasts.set(p, b);
    }
    return b;
  }

  function startRecording(id: number): void {
    if (recordings.has(id)) return; // a publisher resumed within the grace window: keep appending
    const file = path.join(opts.recordDir, String(id), `${Date.now()}.flv`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const stream = fs.createWriteStream(file);
    stream.on('error', (err) => log.warn({ err, stream: id }, 'live recording write failed'));
    const session = new BaseSession();
    session.protocol = 'flv';
    session.streamPath = streamPath(id);
    session.sendBuffer = (buffer: Buffer) => {
      session.outBytes += buffer.length;
      stream.write(buffer);
    };
    broadcastOf(id).postPlay(session); // ip '' = internal: no events, no play count
    recordings.set(id, { session, file, stream });
  }

  async function stopRecording(id: number): Promise<string | null> {
    const r = recordings.get(id);
    if (!r) return null;
    recordings.delete(id);
    broadcastOf(id).donePlay(r.session);
    await new Promise<void>((resolve) => r.stream.end(resolve));
    return r.session.outBytes > 0 ? r.file : null;
  }

  /** Ends every viewer of a stream (their players see the end of the FLV body). */
  function endViewers(id: number): void {
    for (const v of [...(viewers.get(id) ?? [])]) v.end();
  }

  // The publish really ended (grace window over, or `_finishPublish` called by kick): report it once.
  const onDonePublish = (session: NmsSession) => {
    for (const [id, s] of publishers) {
      if (s !== session) continue;
      publishers.delete(id);
      endViewers(id);
      const work = stopRecording(id).then(
        (file) => opts.hooks.ended(id, file),
        (err) => {
          log.warn({ err, stream: id }, 'live recording could not be closed');
          opts.hooks.ended(id, null);
        },
      );
      pendingWork.add(work);
      void work.finally(() => pendingWork.delete(work));
    }
  };
  Context.eventEmitter.on('donePublish', onDonePublish);

  function handleSocket(socket: net.Socket): void {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setTimeout(60_000, () => socket.destroy());
    const session = new RtmpSession(socket);
    session.run();
    Context.sessions.set(session.id, session);
    const ip = socket.remoteAddress ?? '';
    let state: 'none' | 'pending' | 'on' | 'refused' = 'none';
    let onAir = 0;
    const pending: unknown[] = [];
    // A publisher that drops without being cut (network, app closed) leaves its broadcast in the grace window.
    socket.on('close', () => {
      if (state === 'on' && onAir && publishers.get(onAir) === session) opts.hooks.interrupted?.(onAir);
    });

    // Playback over RTMP would bypass the password: refused.
    session.rtmp.onPlayCallback = () => {
      log.warn({ ip, path: session.streamPath }, 'RTMP play refused (playback is HTTP-FLV with a signed URL)');
      socket.destroy();
    };
    session.rtmp.onPacketCallback = (packet) => {
      if (state === 'on') session.broadcast.broadcastMessage(packet);
      else if (state === 'pending' && pending.length < PENDING_PACKETS_MAX) pending.push(packet);
    };
    session.rtmp.onPushCallback = () => {
      if (state !== 'none') return;
      state = 'pending';
      socket.pause();
      const key = typeof session.streamQuery?.key === 'string' ? session.streamQuery.key : null;
      opts.hooks
        .authorize({ app: session.streamApp ?? '', name: session.streamName ?? '', key, ip })
        .then((ok) => {
          if (socket.destroyed) return;
          if (!ok || session.streamPath !== streamPath(ok.id)) {
            state = 'refused';
            log.warn(
              { ip, app: session.streamApp, name: session.streamName },
              'live publish refused (unknown stream or wrong key)',
            );
            socket.destroy();
            return;
          }
          const broadcast = session.broadcast;
          broadcast.publishGraceMs = opts.graceMs;
          session.onPush(); // node-media-server's publish: refuses a second publisher, resumes within the grace window
          if (!session.isPublisher) {
            state = 'refused';
            log.warn({ ip, stream: ok.id }, 'live publish refused (the stream already has a publisher)');
            socket.destroy();
            return;
          }
          const resumed = publishers.has(ok.id);
          publishers.set(ok.id, session);
          state = 'on';
          onAir = ok.id;
          if (ok.record) startRecording(ok.id);
          for (const p of pending.splice(0)) broadcast.broadcastMessage(p);
          socket.resume();
          log.info({ ip, stream: ok.id, resumed }, 'live publish started');
          if (resumed) opts.hooks.resumed?.(ok.id);
          else opts.hooks.started(ok.id);
        })
        .catch((err) => {
          state = 'refused';
          log.error({ err }, 'live publish authorisation failed');
          socket.destroy();
        });
    };
    socket.on('error', () => undefined);
  }

  return {
    /** Starts the RTMP listener; answers the port it listens on. */
    async start(): Promise<number> {
      fs.mkdirSync(opts.recordDir, { recursive: true });
      const s = net.createServer(handleSocket);
      server = s;
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(opts.port, opts.host, () => {
          s.off('error', reject);
          resolve();
        });
      });
      s.on('error', (err) => log.error({ err }, 'RTMP listener error'));
      const port = (s.address() as net.AddressInfo).port;
      log.info({ host: opts.host, port }, 'RTMP ingest listening');
      return port;
    },

    /** True while a publisher is on air for the stream (also during its reconnect grace window). */
    isLive(id: number): boolean {
      return publishers.has(id);
    },

    /**
     * Attaches a viewer: FLV header, metadata, sequence headers and the current GOP at once, then every packet.
     * `write` returns false when the viewer's buffer is full (`buffered()` then tells how much waits). Null when
     * the stream is not on air.
     */
    subscribe(
      id: number,
      sink: { ip: string; write(chunk: Buffer): void; buffered(): number; end(): void },
      onClose: () => void,
    ): LiveViewer | null {
      if (!publishers.has(id)) return null;
      const broadcast = broadcastOf(id);
      const session = new BaseSession() as NmsSession & { end(): void };
      session.protocol = 'flv';
      session.ip = sink.ip || 'viewer';
      session.streamApp = opts.app;
      session.streamName = String(id);
      session.streamPath = streamPath(id);
      let closed = false;
      const set = viewers.get(id) ?? new Set();
      viewers.set(id, set);
      const close = () => {
        if (closed) return;
        closed = true;
        set.delete(session);
        if (set.size === 0) viewers.delete(id);
        broadcast.donePlay(session);
        onClose();
      };
      session.sendBuffer = (buffer: Buffer) => {
        if (closed) return;
        if (sink.buffered() > maxBuffer) {
          log.info({ stream: id }, 'live viewer too slow: disconnected');
          session.end();
          return;
        }
        session.outBytes += buffer.length;
        sink.write(buffer);
      };
      session.end = () => {
        close();
        sink.end();
      };
      session.close = session.end;
      set.add(session);
      broadcast.postPlay(session);
      return { close };
    },

    /** Viewers attached to a stream now. */
    viewerCount(id: number): number {
      return viewers.get(id)?.size ?? 0;
    },

    /** Cuts the stream's publisher at once (key rotated, stream ended or deleted): the publish ends now. */
    kick(id: number): void {
      const session = publishers.get(id);
      if (!session) return;
      session.broadcast._finishPublish(); // emits donePublish → onDonePublish (no grace window)
      session.socket.destroy();
    },

    /** Stops listening, cuts every publisher and viewer, closes recordings. */
    async stop(): Promise<void> {
      for (const id of [...publishers.keys()]) this.kick(id);
      for (const s of sockets) s.destroy();
      Context.eventEmitter.off('donePublish', onDonePublish);
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = undefined;
      await Promise.allSettled([...pendingWork]);
    },
  };
}
export type LiveIngest = ReturnType<typeof createLiveIngest>;

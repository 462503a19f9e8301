import http from 'node:http';
import https from 'node:https';
import { idBody } from '@xr/contract/common';
import {
  addLiveBody,
  checkLivePasswordBody,
  LIVE_PASSWORD_ATTEMPTS,
  LIVE_PASSWORD_WINDOW_MS,
  liveInfo,
  liveInfoQuery,
  liveIngest,
  livePageQuery,
  livePlayParams,
  livePlayQuery,
  liveStream,
  liveStreamPage,
  liveTicket,
  upLiveBody,
} from '@xr/contract/live';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyEnvelope, envelope, ok } from '../../lib/http';
import { type AccessRule, currentUser } from '../../plugins/auth';
import type { BroadcastService } from './broadcast.service';
import type { LiveService } from './live.service';

const tags = ['live'];
const security = [{ bearer: [] }];
/** The /explore/live-streaming-list screen (time-limited: the guard also needs an active membership). */
const liveAdmin: AccessRule = { permission: '/explore/live-streaming-list' };
/** The host the caller reached the API at (the RTMP URL shown to creators uses the same name). */
const hostOf = (request: FastifyRequest) => request.hostname ?? '';
/** Marks a play request one process forwarded to another (never forwarded again). */
const HOP_HEADER = 'x-xr-live-hop';

/**
 * Forwards a viewer's play request to the process that ingests the stream and streams its answer back (status,
 * type, body) until either side closes. That process checks the ticket again and counts the viewer.
 */
function proxyPlay(request: FastifyRequest, reply: FastifyReply, base: string): void {
  const target = new URL(request.url, `${base}/`);
  const res = reply.raw;
  reply.hijack();
  const upstream = (target.protocol === 'https:' ? https : http).get(
    target,
    { headers: { [HOP_HEADER]: '1', 'accept-language': request.headers['accept-language'] ?? '' } },
    (up) => {
      const head: Record<string, string> = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
      if (up.headers['content-type']) head['content-type'] = up.headers['content-type'];
      res.writeHead(up.statusCode ?? 502, head);
      res.flushHeaders();
      up.pipe(res);
      up.on('error', () => res.destroy());
    },
  );
  upstream.on('error', (err) => {
    request.log.warn({ err, target: target.origin }, 'live play proxy failed');
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
    res.end();
  });
  const close = () => upstream.destroy();
  request.raw.on('close', close);
  res.on('close', close);
}

/** Live VR streaming: the creator's list and actions, the public info, password check and playback. */
export const liveRoutes: FastifyPluginAsyncZod<{ live: LiveService; broadcast: BroadcastService }> = async (
  app,
  { live, broadcast },
) => {
  app.get(
    '/live/live_page',
    {
      config: { access: liveAdmin },
      schema: { tags, security, querystring: livePageQuery, response: { 200: envelope(liveStreamPage) } },
    },
    async (request) => ok(await live.page(currentUser(request), request.query, hostOf(request))),
  );

  app.post(
    '/live/add_live',
    { config: { access: liveAdmin }, schema: { tags, security, body: addLiveBody, response: { 200: envelope(liveIngest) } } },
    async (request) => ok(await live.add(currentUser(request), request.body, hostOf(request))),
  );

  app.post(
    '/live/up_live',
    { config: { access: liveAdmin }, schema: { tags, security, body: upLiveBody, response: { 200: envelope(liveStream) } } },
    async (request) => ok(await live.update(currentUser(request), request.body, hostOf(request))),
  );

  app.post(
    '/live/rotate_key',
    { config: { access: liveAdmin }, schema: { tags, security, body: idBody, response: { 200: envelope(liveIngest) } } },
    async (request) => ok(await live.rotateKey(currentUser(request), request.body.id, hostOf(request))),
  );

  app.post(
    '/live/end_live',
    { config: { access: liveAdmin }, schema: { tags, security, body: idBody, response: { 200: envelope(liveStream) } } },
    async (request) => ok(await live.end(currentUser(request), request.body.id, hostOf(request))),
  );

  app.post(
    '/live/del_live',
    { config: { access: liveAdmin }, schema: { tags, security, body: idBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await live.remove(currentUser(request), request.body.id);
      return ok(null);
    },
  );

  app.get(
    '/live/live_info',
    { config: { access: 'public' }, schema: { tags, querystring: liveInfoQuery, response: { 200: envelope(liveInfo) } } },
    async (request) => ok(await live.info(request.query.id)),
  );

  // Password guessing: limited per address and stream (six digits are a million tries).
  const passwordLimit = app.callLimit({
    max: LIVE_PASSWORD_ATTEMPTS,
    windowMs: LIVE_PASSWORD_WINDOW_MS,
    key: (request) => `live-pw|${request.ip}|${(request.body as { id?: unknown } | undefined)?.id ?? ''}`,
  });
  app.post(
    '/live/check_password',
    {
      config: { access: 'public' },
      preHandler: [passwordLimit],
      schema: { tags, body: checkLivePasswordBody, response: { 200: envelope(liveTicket) } },
    },
    async (request) => ok(await live.checkPassword(request.body.id, request.body.password)),
  );

  // HTTP-FLV playback with the signed ticket of check_password: the FLV body streams until the publish ends or the
  // viewer leaves. The browser reads it from the API's own origin (mpegts.js).
  app.get(
    '/live/play/:file',
    {
      config: { access: 'public' },
      schema: {
        tags,
        params: livePlayParams,
        querystring: livePlayQuery,
        response: { 200: z.any().describe('video/x-flv stream') },
      },
    },
    async (request, reply) => {
      const id = Number.parseInt(request.params.file, 10);
      // another process ingests it (several processes on one Redis): serve the viewer from there
      if (!request.headers[HOP_HEADER]) {
        const remote = await broadcast.remoteIngest(id, request.query.sig);
        if (remote) {
          proxyPlay(request, reply, remote);
          return reply;
        }
      }
      const res = reply.raw;
      await broadcast
        .play(id, request.query.sig, {
          ip: request.ip,
          open: () => {
            reply.hijack();
            res.writeHead(200, {
              'content-type': 'video/x-flv',
              'cache-control': 'no-store',
              'x-content-type-options': 'nosniff',
              connection: 'keep-alive',
            });
            res.flushHeaders();
          },
          write: (chunk) => res.write(chunk),
          buffered: () => res.writableLength,
          end: () => res.end(),
        })
        .then((viewer) => {
          request.raw.on('close', viewer.close);
          res.on('close', viewer.close);
          if (res.destroyed) viewer.close();
        });
      return reply;
    },
  );
};

import { pageOf } from '@xr/contract/common';
import { sceneDetails } from '@xr/contract/scenes';
import {
  addWorldBody,
  banPageQuery,
  chatRecord,
  chatRecordQuery,
  delChatRecordBody,
  delChatRecordReply,
  delWorldBody,
  kickBody,
  kickReply,
  metaWorldCard,
  metaWorldListQuery,
  onlinePageQuery,
  onlineUserRow,
  unbanBody,
  upWorldBody,
  worldBan,
  worldDetails,
  worldDetailsQuery,
  worldEntry,
  worldPageQuery,
  worldSceneBody,
} from '@xr/contract/world';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../lib/http';
import { type AccessRule, currentUser } from '../../plugins/auth';
import type { ChatService } from './chat.service';
import type { EntriesService } from './entries.service';
import type { PresenceService } from './presence.service';
import type { WorldRooms } from './world.rooms';

const tags = ['world'];
const security = [{ bearer: [] }];
const entriesAdmin: AccessRule = { permission: '/explore/list' };
const onlineAdmin: AccessRule = { permission: '/explore/onlinelist' };
const chatAdmin: AccessRule = { permission: '/explore/chat-record-list' };

/** Meta world calls: entries (/explore/list), presence (/explore/onlinelist), chat records, and the public /meta calls. */
export const worldRoutes: FastifyPluginAsyncZod<{
  entries: EntriesService;
  presence: Pick<PresenceService, 'onlinePage'>;
  chat: Pick<ChatService, 'chatPage' | 'chatCsv' | 'deleteChat'>;
  rooms: Pick<WorldRooms, 'evict' | 'lockChanged' | 'chatRemoved'>;
}> = async (app, { entries, presence, chat, rooms }) => {
  // --- Entries ---

  app.get(
    '/explore/world_page',
    {
      config: { access: entriesAdmin },
      schema: { tags, security, querystring: worldPageQuery, response: { 200: envelope(pageOf(worldEntry)) } },
    },
    async (request) => ok(await entries.worldPage(currentUser(request), request.query)),
  );

  app.post(
    '/explore/add_world',
    { config: { access: entriesAdmin }, schema: { tags, security, body: addWorldBody, response: { 200: envelope(worldEntry) } } },
    async (request) => ok(await entries.addWorld(currentUser(request), request.body)),
  );

  app.post(
    '/explore/up_world',
    { config: { access: entriesAdmin }, schema: { tags, security, body: upWorldBody, response: { 200: envelope(worldEntry) } } },
    async (request) => {
      const { entry, lockChanged } = await entries.updateWorld(currentUser(request), request.body);
      if (lockChanged) rooms.lockChanged(entry.id, entry.locked);
      return ok(entry);
    },
  );

  app.post(
    '/explore/del_world',
    { config: { access: entriesAdmin }, schema: { tags, security, body: delWorldBody, response: { 200: envelope(z.null()) } } },
    async (request) => {
      rooms.evict(await entries.deleteWorld(currentUser(request), request.body.id), 'entry_deleted');
      return ok(null);
    },
  );

  // --- Public ---

  app.get(
    '/meta/world_list',
    {
      config: { access: 'public' },
      schema: { tags, querystring: metaWorldListQuery, response: { 200: envelope(pageOf(metaWorldCard)) } },
    },
    async (request) => ok(await entries.metaList(request.query)),
  );

  app.get(
    '/meta/world_details',
    { config: { access: 'public' }, schema: { tags, querystring: worldDetailsQuery, response: { 200: envelope(worldDetails) } } },
    async (request) => ok(await entries.details(request.user ?? null, request.query.id)),
  );

  // --- Bans (lifted by whoever manages the entry) ---

  app.get(
    '/explore/ban_page',
    {
      config: { access: entriesAdmin },
      schema: { tags, security, querystring: banPageQuery, response: { 200: envelope(pageOf(worldBan)) } },
    },
    async (request) => ok(await entries.banPage(currentUser(request), request.query)),
  );

  app.post(
    '/explore/unban',
    { config: { access: entriesAdmin }, schema: { tags, security, body: unbanBody, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await entries.unban(currentUser(request), request.body.entry_id, request.body.user_id);
      return ok(null);
    },
  );

  // Password guessing is limited per address and room by the service, in one budget with the socket's joins.
  app.post(
    '/meta/world_scene',
    {
      config: { access: 'public' },
      schema: { tags, body: worldSceneBody, response: { 200: envelope(sceneDetails) } },
    },
    async (request) => ok(await entries.scene(request.user ?? null, request.body, { ip: request.ip })),
  );

  // --- Presence ---

  app.get(
    '/explore/online_page',
    {
      config: { access: onlineAdmin },
      schema: { tags, security, querystring: onlinePageQuery, response: { 200: envelope(pageOf(onlineUserRow)) } },
    },
    async (request) => ok(await presence.onlinePage(currentUser(request), request.query)),
  );

  app.post(
    '/explore/kick',
    {
      config: { access: onlineAdmin },
      schema: { tags, security, body: kickBody, response: { 200: envelope(kickReply) } },
    },
    async (request) => {
      const closed = await entries.kick(currentUser(request), request.body.entry_id, request.body.user_id);
      rooms.evict(closed, 'admin_kick');
      return ok({ kicked: closed.length });
    },
  );

  // --- Chat records ---

  app.get(
    '/explore/chat_record_page',
    {
      config: { access: chatAdmin },
      schema: { tags, security, querystring: chatRecordQuery, response: { 200: envelope(pageOf(chatRecord)) } },
    },
    async (request) => ok(await chat.chatPage(currentUser(request), request.query)),
  );

  app.get(
    '/explore/chat_record_export',
    { config: { access: chatAdmin }, schema: { tags, security, querystring: chatRecordQuery } },
    async (request, reply) => {
      const csv = await chat.chatCsv(currentUser(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="chat-records.csv"')
        .send(csv);
    },
  );

  app.post(
    '/explore/del_chat_record',
    {
      config: { access: chatAdmin },
      schema: { tags, security, body: delChatRecordBody, response: { 200: envelope(delChatRecordReply) } },
    },
    async (request) => {
      const removed = await chat.deleteChat(currentUser(request), request.body.ids);
      rooms.chatRemoved(removed);
      return ok({ deleted: removed.length });
    },
  );
};

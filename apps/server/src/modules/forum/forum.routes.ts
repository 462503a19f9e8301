import { idBody } from '@xr/contract/common';
import {
  addBoardBody,
  addPostBody,
  addPostReply,
  addThreadBody,
  addThreadReply,
  boardListQuery,
  FORUM_MANAGE_PATH,
  forumBoard,
  likePostBody,
  likePostReply,
  moderateThreadBody,
  projectThreadBody,
  projectThreadReply,
  solveThreadBody,
  threadDetails,
  threadDetailsQuery,
  threadPage,
  threadPageQuery,
  upBoardBody,
  upPostBody,
} from '@xr/contract/forum';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyEnvelope, envelope, ok } from '../../lib/http';
import { type AccessRule, currentUser } from '../../plugins/auth';
import type { ForumService } from './forum.service';
import type { ForumBoardsService } from './forum-boards.service';
import type { ForumThreadsService } from './forum-threads.service';

const tags = ['forum'];
const security = [{ bearer: [] }];
const moderator: AccessRule = { permission: FORUM_MANAGE_PATH };

/** The forum's calls (the spec names the forum but not its calls: these follow the `/<module>/<action>` style). */
export const forumRoutes: FastifyPluginAsyncZod<{
  boards: ForumBoardsService;
  threads: ForumThreadsService;
  forum: ForumService;
}> = async (app, { boards, threads, forum }) => {
  app.get(
    '/forum/board_list',
    {
      config: { access: 'public' },
      schema: { tags, querystring: boardListQuery, response: { 200: envelope(z.array(forumBoard)) } },
    },
    async (request) => ok(await boards.boards(request.user, request.query.all === '1')),
  );
  app.post(
    '/forum/add_board',
    { config: { access: moderator }, schema: { tags, security, body: addBoardBody, response: { 200: envelope(forumBoard) } } },
    async (request) => ok(await boards.addBoard(request.body)),
  );
  app.post(
    '/forum/up_board',
    { config: { access: moderator }, schema: { tags, security, body: upBoardBody, response: { 200: envelope(forumBoard) } } },
    async (request) => ok(await boards.updateBoard(request.body)),
  );
  app.get(
    '/forum/thread_page',
    { config: { access: 'public' }, schema: { tags, querystring: threadPageQuery, response: { 200: envelope(threadPage) } } },
    async (request) => ok(await threads.threadPage(request.user, request.query)),
  );
  app.get(
    '/forum/thread_details',
    {
      config: { access: 'public' },
      schema: { tags, querystring: threadDetailsQuery, response: { 200: envelope(threadDetails) } },
    },
    async (request) => ok(await threads.threadDetails(request.user, request.query)),
  );
  app.post(
    '/forum/add_thread',
    {
      config: { access: 'user' },
      schema: { tags, security, body: addThreadBody, response: { 200: envelope(addThreadReply) } },
    },
    async (request) => ok(await forum.addThread(currentUser(request), request.body)),
  );
  app.post(
    '/forum/add_post',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security,
        body: addPostBody,
        response: { 200: envelope(addPostReply) },
      },
    },
    async (request) => ok(await forum.addPost(currentUser(request), request.body)),
  );
  app.post(
    '/forum/up_post',
    { config: { access: 'user' }, schema: { tags, security, body: upPostBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await forum.updatePost(currentUser(request), request.body);
      return ok(null);
    },
  );
  app.post(
    '/forum/del_post',
    { config: { access: 'user' }, schema: { tags, security, body: idBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await forum.deletePost(currentUser(request), request.body.id);
      return ok(null);
    },
  );
  app.post(
    '/forum/like_post',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security,
        body: likePostBody,
        response: { 200: envelope(likePostReply) },
      },
    },
    async (request) => ok(await forum.likePost(currentUser(request), request.body)),
  );
  app.post(
    '/forum/solve_thread',
    { config: { access: 'user' }, schema: { tags, security, body: solveThreadBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await forum.solveThread(currentUser(request), request.body);
      return ok(null);
    },
  );
  app.post(
    '/forum/moderate_thread',
    { config: { access: moderator }, schema: { tags, security, body: moderateThreadBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await forum.moderateThread(currentUser(request), request.body);
      return ok(null);
    },
  );
  app.post(
    '/forum/project_thread',
    {
      config: { access: 'user' },
      schema: { tags, security, body: projectThreadBody, response: { 200: envelope(projectThreadReply) } },
    },
    async (request) => ok(await forum.projectThread(currentUser(request), request.body.project_id)),
  );
};

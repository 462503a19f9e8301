import { translateMessage } from '@xr/contract/messages';
import {
  restoreSceneBody,
  SCENE_DOCUMENT_MAX_BYTES,
  saveSceneBody,
  sceneDetails,
  sceneDetailsQuery,
  sceneRevision,
  sceneRevisionsQuery,
  sceneVersionReply,
  submitSceneBody,
  submitSceneReply,
} from '@xr/contract/scenes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../lib/http';
import { currentUser } from '../../plugins/auth';
import type { ScenesService } from './scenes.service';

const tags = ['scenes'];
const security = [{ bearer: [] }];
/** Creating content is the creator's area, like the other /vrdata calls. */
const creator = { permission: '/vrdata/list' } as const;
/** A save carries a whole document: room for the largest one plus the envelope (the service refuses anything larger). */
const SAVE_BODY_LIMIT = SCENE_DOCUMENT_MAX_BYTES + 64 * 1024;

/** Scene documents of projects (360 tours and 3D scenes): save, revisions, restore, submit, and the viewers' details. */
export const scenesRoutes: FastifyPluginAsyncZod<{ scenes: ScenesService }> = async (app, { scenes }) => {
  app.post(
    '/project/save_scene',
    {
      bodyLimit: SAVE_BODY_LIMIT,
      config: { access: creator },
      schema: { tags, security, body: saveSceneBody, response: { 200: envelope(sceneVersionReply) } },
    },
    async (request) => ok(await scenes.save(currentUser(request), request.body, request.lang)),
  );
  app.get(
    '/project/scene_revisions',
    {
      config: { access: 'user' },
      schema: { tags, security, querystring: sceneRevisionsQuery, response: { 200: envelope(z.array(sceneRevision)) } },
    },
    async (request) => ok(await scenes.revisions(currentUser(request), request.query.id, request.lang)),
  );
  app.post(
    '/project/restore_scene',
    {
      config: { access: creator },
      schema: { tags, security, body: restoreSceneBody, response: { 200: envelope(sceneVersionReply) } },
    },
    async (request) =>
      ok(
        await scenes.restore(currentUser(request), request.body, request.lang),
        translateMessage('operationSuccessful', request.lang),
      ),
  );
  app.post(
    '/project/submit_scene',
    {
      config: { access: creator },
      schema: { tags, security, body: submitSceneBody, response: { 200: envelope(submitSceneReply) } },
    },
    async (request) =>
      ok(await scenes.submit(currentUser(request), request.body.id), translateMessage('operationSuccessful', request.lang)),
  );
  app.get(
    '/project/scene_details',
    {
      config: { access: 'public' },
      schema: { tags, querystring: sceneDetailsQuery, response: { 200: envelope(sceneDetails) } },
    },
    async (request) => ok(await scenes.details(request.user, request.query)),
  );
};

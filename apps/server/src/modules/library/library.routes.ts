import {
  libraryCategoryList,
  libraryModelPage,
  managedModel,
  managedModelPage,
  manageModelPageQuery,
  modelPageQuery,
  updateModelBody,
} from '@xr/contract/library';
import { translateMessage } from '@xr/contract/messages';
import { MODEL_COARSE_OUTPUT } from '@xr/contract/model-outputs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../lib/http';
import type { LibraryService } from './library.service';

const tags = ['library'];
const security = [{ bearer: [] }];
const curate = { permission: '/system/library' } as const;

/**
 * The model library: browsing for every signed-in user (creators place models in scenes), curation for holders of
 * /system/library, and the models' files (public, like project covers: published scenes show them to visitors).
 */
export const libraryRoutes: FastifyPluginAsyncZod<{ library: LibraryService }> = async (app, { library }) => {
  app.get(
    '/library/model_page',
    {
      config: { access: 'user' },
      schema: { tags, security, querystring: modelPageQuery, response: { 200: envelope(libraryModelPage) } },
    },
    async (request) => ok(await library.modelPage(request.query, request.lang)),
  );
  app.get(
    '/library/category_list',
    { config: { access: 'user' }, schema: { tags, security, response: { 200: envelope(libraryCategoryList) } } },
    async (request) => ok(await library.categoryList(request.lang)),
  );
  app.get(
    '/library/manage_page',
    {
      config: { access: curate },
      schema: { tags, security, querystring: manageModelPageQuery, response: { 200: envelope(managedModelPage) } },
    },
    async (request) => ok(await library.managePage(request.query, request.lang)),
  );
  app.post(
    '/library/update_model',
    { config: { access: curate }, schema: { tags, security, body: updateModelBody, response: { 200: envelope(managedModel) } } },
    async (request) =>
      ok(await library.updateModel(request.body, request.lang), translateMessage('operationSuccessful', request.lang)),
  );
  app.get(
    '/library/file/:id/:file',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        params: z.object({
          id: z.coerce.number().int().positive(),
          file: z.enum(['model.glb', 'thumbnail.png', `${MODEL_COARSE_OUTPUT}.glb`]),
        }),
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const glb = file !== 'thumbnail.png';
      const { stream, size } = await library.file(
        request.params.id,
        file === 'model.glb' ? 'glb' : file === 'thumbnail.png' ? 'png' : 'coarse',
      );
      reply
        .header('Content-Type', glb ? 'model/gltf-binary' : 'image/png')
        .header('Content-Length', size)
        .header('Cache-Control', 'public, max-age=86400')
        .header('X-Content-Type-Options', 'nosniff');
      return reply.send(stream);
    },
  );
};

import {
  creditListQuery,
  importPackBody,
  importPackReport,
  libraryCategoryList,
  libraryModelPage,
  librarySummary,
  managedModel,
  managedModelPage,
  manageModelPageQuery,
  modelCreditList,
  modelPageQuery,
  updateModelBody,
} from '@xr/contract/library';
import { translateMessage } from '@xr/contract/messages';
import { MODEL_COARSE_OUTPUT } from '@xr/contract/model-outputs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../lib/http';
import type { LibraryFile, LibraryService } from './library.service';

const tags = ['library'];
const security = [{ bearer: [] }];
const curate = { permission: '/system/library' } as const;

/**
 * The model library: browsing for every signed-in user (creators place models in scenes), curation for holders of
 * /system/library, and the models' files (public, like project covers: published scenes show them to visitors).
 */
/** The file names of a library model's route: which stored file each is, and its type. */
const LIBRARY_FILES = {
  'model.glb': { which: 'glb', type: 'model/gltf-binary' },
  'thumbnail.png': { which: 'png', type: 'image/png' },
  [`${MODEL_COARSE_OUTPUT}.glb`]: { which: 'coarse', type: 'model/gltf-binary' },
} as const satisfies Record<string, { which: LibraryFile; type: string }>;
type LibraryFileName = keyof typeof LIBRARY_FILES;

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
    '/library/summary',
    { config: { access: 'user' }, schema: { tags, security, response: { 200: envelope(librarySummary) } } },
    async () => ok(await library.summary()),
  );
  // public: a published scene's credits show to every visitor, like the models' files
  app.get(
    '/library/credit_list',
    {
      config: { access: 'public' },
      schema: { tags, querystring: creditListQuery, response: { 200: envelope(modelCreditList) } },
    },
    async (request) => ok(await library.creditList(request.query.ids, request.lang)),
  );
  app.post(
    '/library/import_pack',
    {
      config: { access: curate },
      schema: { tags, security, body: importPackBody, response: { 200: envelope(importPackReport) } },
    },
    async (request) => ok(await library.importPack(request.body.path), translateMessage('operationSuccessful', request.lang)),
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
          file: z.enum(Object.keys(LIBRARY_FILES) as [LibraryFileName, ...LibraryFileName[]]),
        }),
      },
    },
    async (request, reply) => {
      const { which, type } = LIBRARY_FILES[request.params.file];
      const { stream, size } = await library.file(request.params.id, which);
      reply
        .header('Content-Type', type)
        .header('Content-Length', size)
        .header('Cache-Control', 'public, max-age=86400')
        .header('X-Content-Type-Options', 'nosniff');
      return reply.send(stream);
    },
  );
};

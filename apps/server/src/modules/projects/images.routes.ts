import { PROJECT_IMAGE_MAX_BYTES } from '@xr/contract/constants';
import { imageUploadReply } from '@xr/contract/creator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../lib/http';
import { readUpload } from '../../lib/upload';
import { currentUser } from '../../plugins/auth';
import type { ProjectImagesService } from './images.service';

const tags = ['projects'];
const security = [{ bearer: [] }];
/** Uploads per user and minute: plenty for filling a form, a brake on scripts. */
export const IMAGE_UPLOADS_PER_MINUTE = 30;

/** The cover and "more images" upload of the project form (works before the project exists). */
export const projectImagesRoutes: FastifyPluginAsyncZod<{ images: ProjectImagesService }> = async (app, { images }) => {
  const perUser = app.callLimit({
    max: IMAGE_UPLOADS_PER_MINUTE,
    windowMs: 60_000,
    key: (request) => `${request.routeOptions.url}|user:${request.user?.id ?? request.ip}`,
  });

  app.post(
    '/project/image_upload',
    {
      config: { access: 'user' },
      preHandler: perUser,
      schema: {
        tags,
        security,
        summary: 'Upload a cover or "more images" picture (multipart `file`: PNG, JPEG or WebP, at most 10 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(imageUploadReply) },
      },
    },
    async (request) => ok(await images.upload(currentUser(request).id, await readUpload(request, PROJECT_IMAGE_MAX_BYTES))),
  );
};

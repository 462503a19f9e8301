import { ErrorCode } from '@xr/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { type Storage, verifySignedKey } from '../../lib/storage';
import { publicContentType } from '../users/users.files';

/**
 * GET /files/signed/<key>?expires=&sig=: a local-disk file behind a signed, expiring URL (made by
 * `storage.signedUrl` after the content rules allowed it). Wrong or expired signatures get 40301.
 */
export const signedFilesRoutes: FastifyPluginAsyncZod<{ storage: Storage; secret: string }> = async (
  app,
  { storage, secret },
) => {
  app.get(
    '/files/signed/*',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        params: z.object({ '*': z.string().max(500) }),
        querystring: z.object({ expires: z.coerce.number().int(), sig: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      if (!verifySignedKey(secret, key, request.query.expires, request.query.sig)) throw new AppError(ErrorCode.FORBIDDEN);
      const [stat, stream] = await Promise.all([storage.stat(key), storage.get(key)]);
      if (!stat || !stream) throw new AppError(ErrorCode.NOT_FOUND);
      const { type, inline } = publicContentType(key);
      reply
        .header('Content-Type', type)
        .header('Content-Length', stat.size)
        .header('Cache-Control', 'private, max-age=300')
        .header('Content-Security-Policy', 'sandbox')
        .header('X-Content-Type-Options', 'nosniff');
      if (!inline) reply.header('Content-Disposition', 'attachment');
      return reply.send(stream);
    },
  );
};

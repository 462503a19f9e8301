import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a credential or a capability: never written to a log. */
const SECRET_PARAMS = new Set([
  'token',
  'access_token',
  'refresh_token',
  'sig',
  'signature',
  'code',
  'session',
  'state',
  'password',
]);

/** The URL with the value of every secret query parameter replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // keep it as sent
      }
      return SECRET_PARAMS.has(name.toLowerCase()) ? `${rawName}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/**
 * pino serializers of the request log: Fastify's default fields with the URL redacted. Headers are not logged
 * (Authorization never reaches the log).
 */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/**
 * The Content-Security-Policy of every reply. Scripts only from our origin (no inline script, no eval); WebAssembly
 * may compile (three.js's meshopt/Draco decoders); styles may be inline (antd's CSS-in-JS writes <style> tags);
 * images and media also from data:/blob: URLs (thumbnails, video posters, Photo Sphere Viewer tiles) and, with S3,
 * from the bucket's presigned URLs; fetches of data:/blob: URLs (three.js's GLTFLoader reads a GLB's embedded textures
 * and a glTF's data-URI buffers with fetch); workers from blob: URLs (decoders); nothing may frame the app, unless
 * `frameAncestors` names who may (the embeddable viewer).
 */
export function contentSecurityPolicy(config: Pick<Config, 's3'>, frameAncestors = "'none'"): string {
  const files = storageOrigin(config);
  const extra = files ? ` ${files}` : '';
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra}`,
    `media-src 'self' blob:${extra}`,
    `connect-src 'self' data: blob:${extra}`,
    "worker-src 'self' blob:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** Origin of presigned S3 URLs (the endpoint, or AWS's bucket host), when files live on S3. */
function storageOrigin(config: Pick<Config, 's3'>): string | undefined {
  const s3 = config.s3;
  if (!s3) return undefined;
  if (s3.endpoint) {
    const u = new URL(s3.endpoint);
    return s3.forcePathStyle ? u.origin : `${u.protocol}//${s3.bucket}.${u.host}`;
  }
  return `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
}

/** Who may frame an embeddable page: the origins of EMBED_ALLOWED_ORIGINS, or any site when it names none. */
export function embedFrameAncestors(config: Pick<Config, 'embedAllowedOrigins'>): string {
  return config.embedAllowedOrigins.length > 0 ? config.embedAllowedOrigins.join(' ') : '*';
}

const framable = new WeakSet<FastifyReply>();

/**
 * Lets this reply be shown in a frame by the sites of {@link embedFrameAncestors}: only the full-screen viewer of a
 * public project calls it; every other reply keeps denying frames.
 */
export function allowFraming(reply: FastifyReply): void {
  framable.add(reply);
}

/** True when the browser reached us over TLS: PUBLIC_URL says https, or (TRUST_PROXY) the proxy says so. */
function overTls(request: FastifyRequest, config: Pick<Config, 'publicUrl'>): boolean {
  return request.protocol === 'https' || !!config.publicUrl?.startsWith('https://');
}

/**
 * Browser security headers on every reply (web app, API, files): the CSP above, no MIME sniffing, no framing, a
 * referrer that never carries our paths (signed URLs) to other sites, and HSTS when served over TLS. A route that
 * set one of these itself keeps its own.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const csp = contentSecurityPolicy(opts.config);
  const embedCsp = contentSecurityPolicy(opts.config, embedFrameAncestors(opts.config));
  app.addHook('onSend', async (request, reply, payload) => {
    const set = (name: string, value: string) => {
      if (!reply.hasHeader(name)) reply.header(name, value);
    };
    const embeddable = framable.has(reply);
    set('content-security-policy', embeddable ? embedCsp : csp);
    set('x-content-type-options', 'nosniff');
    // X-Frame-Options cannot name other sites; frame-ancestors (which browsers prefer) says who may frame
    if (!embeddable) set('x-frame-options', 'DENY');
    set('referrer-policy', 'strict-origin-when-cross-origin');
    set('cross-origin-opener-policy', 'same-origin');
    if (overTls(request, opts.config)) set('strict-transport-security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
});

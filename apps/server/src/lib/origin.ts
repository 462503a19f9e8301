import os from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const WILDCARD = new Set(['0.0.0.0', '::', '[::]', '']);

/** What the request says it was sent to: scheme and `Host` (or, with TRUST_PROXY, the proxy's X-Forwarded-*). */
type RequestLike = Pick<FastifyRequest, 'protocol' | 'host'>;

export interface OriginPolicy {
  /**
   * The base URL for links back to us (mails, payment return, OIDC redirect): PUBLIC_URL, else the request's own
   * origin when its host is one we answer at, else `http://localhost:<PORT>`. Never an arbitrary `Host` header.
   */
  baseUrl(request: RequestLike): string;
  /** Host names a browser may be sent back to after paying: PUBLIC_URL's, ALLOWED_HOSTS, and our own addresses. */
  allowedHostnames(): string[];
}

const hostPart = (host: string) => {
  try {
    const u = new URL(`http://${host}`);
    return { hostname: u.hostname, port: u.port || '80' };
  } catch {
    return undefined;
  }
};

/**
 * Which `Host` values the server trusts. With PUBLIC_URL only that. Otherwise: ALLOWED_HOSTS (host names, or
 * host:port), loopback names on any port (a dev proxy in front of us), and the addresses the server listens on
 * (HOST, or every interface address when HOST is a wildcard) on PORT.
 */
export function createOriginPolicy(
  config: Pick<Config, 'publicUrl' | 'host' | 'port' | 'allowedHosts'>,
  interfaces: ReturnType<typeof os.networkInterfaces> = os.networkInterfaces(),
): OriginPolicy {
  const listening = new Set<string>();
  if (WILDCARD.has(config.host)) {
    for (const list of Object.values(interfaces)) {
      for (const a of list ?? []) listening.add(a.family === 'IPv6' ? `[${a.address.split('%')[0]}]` : a.address);
    }
  } else {
    listening.add(config.host.includes(':') && !config.host.startsWith('[') ? `[${config.host}]` : config.host);
  }
  const port = String(config.port);
  const fallback = `http://localhost:${port}`;

  const trusted = (host: string): boolean => {
    const h = hostPart(host);
    if (!h) return false;
    if (LOOPBACK.has(h.hostname)) return true;
    for (const entry of config.allowedHosts) {
      if (entry === host.toLowerCase() || entry === h.hostname) return true;
    }
    return listening.has(h.hostname) && h.port === port;
  };

  return {
    baseUrl(request) {
      if (config.publicUrl) return config.publicUrl;
      const scheme = request.protocol === 'https' ? 'https' : 'http';
      return trusted(request.host) ? `${scheme}://${request.host}` : fallback;
    },
    allowedHostnames() {
      if (config.publicUrl)
        return [new URL(config.publicUrl).hostname, ...config.allowedHosts.map((e) => hostPart(e)?.hostname ?? e)];
      return [
        ...LOOPBACK,
        ...[...listening].map((h) => hostPart(h)?.hostname ?? h),
        ...config.allowedHosts.map((e) => hostPart(e)?.hostname ?? e),
      ];
    },
  };
}

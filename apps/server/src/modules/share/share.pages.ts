import fs from 'node:fs/promises';
import path from 'node:path';
import type { ShareInfo } from '@xr/contract/share';
import type { FastifyInstance } from 'fastify';
import type { OriginPolicy } from '../../lib/origin';
import { allowFraming } from '../../plugins/security-headers';
import type { ShareCard, ShareService } from './share.service';

/** The card with absolute URLs on `base` (chat apps and other sites need them whole). */
export function absoluteCard(card: ShareCard, base: string): ShareInfo {
  return {
    ...card,
    cover: card.cover ? new URL(card.cover, `${base}/`).toString() : '',
    share_url: `${base}/s/${card.id}`,
    embed_url: `${base}/viewer.html?id=${card.id}&kind=${card.kind}`,
  };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text safe inside an HTML attribute or element (a project's name is anyone's input). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** A description of at most `max` characters on one line (link cards show two or three lines). */
function summary(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * The page's `<head>` with the project's title, description and Open Graph / Twitter card tags (and `extra`, e.g. the
 * hand-over to the app). Everything taken from the project is escaped.
 */
export function withLinkCard(html: string, card: ShareInfo | null, url: string, extra = ''): string {
  let out = html;
  const tags: string[] = [];
  if (card) {
    const title = escapeHtml(`${card.name} · XR Studio`);
    const description = escapeHtml(summary(card.description) || card.name);
    out = out.replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`);
    out = out.replace(/<meta name="description"[^>]*>/, `<meta name="description" content="${description}" />`);
    tags.push(
      '<meta property="og:type" content="website" />',
      '<meta property="og:site_name" content="XR Studio" />',
      `<meta property="og:title" content="${escapeHtml(card.name)}" />`,
      `<meta property="og:description" content="${description}" />`,
      `<meta property="og:url" content="${escapeHtml(url)}" />`,
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      `<meta name="twitter:card" content="${card.cover ? 'summary_large_image' : 'summary'}" />`,
      `<meta name="twitter:title" content="${escapeHtml(card.name)}" />`,
      `<meta name="twitter:description" content="${description}" />`,
    );
    if (card.cover) {
      tags.push(
        `<meta property="og:image" content="${escapeHtml(card.cover)}" />`,
        `<meta name="twitter:image" content="${escapeHtml(card.cover)}" />`,
      );
    }
  }
  if (extra) tags.push(extra);
  return tags.length ? out.replace(/\n?\s*<\/head>/, `\n    ${tags.join('\n    ')}\n  </head>`) : out;
}

/** A built HTML file, read again only when the build changed it. */
function builtFile(file: string) {
  let cached: { mtimeMs: number; text: string } | undefined;
  return async () => {
    const { mtimeMs } = await fs.stat(file);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, text: await fs.readFile(file, 'utf8') };
    return cached.text;
  };
}

const parseId = (raw: unknown) =>
  typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;

/**
 * Server-rendered share pages, before the web app's static files:
 * - `/s/<id>`: the app's page with the project's link card (crawlers and chat apps never see the hash route), which
 *   then opens the project's details in the app (a meta refresh: the CSP allows no inline script). A private,
 *   unpublished or unknown project gets a 404 that names nothing.
 * - `/viewer.html?id=<id>`: the full-screen viewer with the card; a public project's viewer may be framed by other
 *   sites (EMBED_ALLOWED_ORIGINS), every other page, this one for any other project included, denies frames.
 */
export async function registerSharePages(
  app: FastifyInstance,
  opts: { share: ShareService; origins: OriginPolicy; webDist: string },
): Promise<void> {
  const indexHtml = builtFile(path.join(opts.webDist, 'index.html'));
  const viewerHtml = builtFile(path.join(opts.webDist, 'viewer.html'));
  const cardOf = async (id: number | null, base: string) => {
    const card = id ? await opts.share.card(id) : null;
    return card ? absoluteCard(card, base) : null;
  };

  app.get('/s/:id', { schema: { hide: true } }, async (request, reply) => {
    const id = parseId((request.params as { id?: unknown }).id);
    const base = opts.origins.baseUrl(request);
    const card = await cardOf(id, base);
    const target = id ? `/#/product_details?id=${id}` : '/#/';
    const refresh = `<meta http-equiv="refresh" content="0; url=${escapeHtml(target)}" />`;
    const html = withLinkCard(await indexHtml(), card, `${base}/s/${id}`, refresh);
    return reply
      .code(card ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html);
  });

  app.get('/viewer.html', { schema: { hide: true } }, async (request, reply) => {
    const id = parseId((request.query as { id?: unknown }).id);
    const base = opts.origins.baseUrl(request);
    const card = await cardOf(id, base);
    if (card) allowFraming(reply);
    const html = withLinkCard(await viewerHtml(), card, card ? card.embed_url : '');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}

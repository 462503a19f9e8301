import crypto from 'node:crypto';
import type { Catalog } from '@xr/contract/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../lib/jobs';
import type { SandboxProvider } from '../lib/payments';
import type { Storage } from '../lib/storage';
import type { MarketService } from '../modules/market/market.service';
import type { ProjectsService } from '../modules/projects/projects.service';
import type { AccountsService } from '../modules/users/accounts.service';
import type { ProfileService } from '../modules/users/profile.service';
import { publicUrlOf } from '../modules/users/users.files';
import type { CheckoutWorkflow } from './checkout';
import type { PaymentNotifyWorkflow } from './payment-notify';
import {
  SEED_COMMENTS,
  SEED_CREATORS,
  SEED_PROJECTS,
  SEED_REVIEWS,
  SEED_TAG_NAMES,
  SEED_TAGS,
  type SeedCreatorKey,
} from './seed-catalogue-data';
import { DEMO_PASSWORD } from './seed-demo';
import { SEED_MEDIA_JOB, type SeedMediaPayload } from './seed-media';

const DAY = 24 * 60 * 60 * 1000;
const DEMO_CREATOR = 'creator@demo.test';
const DEMO_BUYER = 'user@demo.test';

/** Gradient pairs of the generated covers. */
const PALETTES: [string, string][] = [
  ['#0ea5e9', '#6366f1'],
  ['#f97316', '#db2777'],
  ['#10b981', '#0e7490'],
  ['#8b5cf6', '#ec4899'],
  ['#f59e0b', '#ef4444'],
  ['#14b8a6', '#3b82f6'],
  ['#64748b', '#0f172a'],
  ['#84cc16', '#059669'],
  ['#e11d48', '#7c3aed'],
  ['#06b6d4', '#1e3a8a'],
];

const hashOf = (s: string) => crypto.createHash('sha256').update(s).digest();

/** The scene motif of a category, drawn in an 800×450 box; `v` (0-2) varies the composition. */
function motif(catalog: Catalog, v: number): string {
  const dx = [0, -120, 120][v] ?? 0;
  switch (catalog) {
    case '360_image':
      return `<circle cx="${560 + dx}" cy="130" r="52" fill="#fff" fill-opacity="0.85"/>
<path d="M0 330 L150 190 L260 280 L380 150 L520 300 L640 210 L800 320 L800 450 L0 450 Z" fill="#fff" fill-opacity="0.28"/>
<path d="M0 370 L120 290 L240 350 L360 260 L500 360 L660 300 L800 380 L800 450 L0 450 Z" fill="#fff" fill-opacity="0.4"/>
<ellipse cx="400" cy="225" rx="330" ry="150" fill="none" stroke="#fff" stroke-opacity="0.55" stroke-width="4" stroke-dasharray="14 10"/>`;
    case '360_video':
      return `<circle cx="${400 + dx}" cy="215" r="120" fill="#fff" fill-opacity="0.18" stroke="#fff" stroke-opacity="0.7" stroke-width="5"/>
<ellipse cx="${400 + dx}" cy="215" rx="120" ry="42" fill="none" stroke="#fff" stroke-opacity="0.45" stroke-width="3"/>
<path d="M${372 + dx} 165 L${372 + dx} 265 L${452 + dx} 215 Z" fill="#fff" fill-opacity="0.95"/>
<rect x="60" y="380" width="680" height="8" rx="4" fill="#fff" fill-opacity="0.3"/>
<rect x="60" y="380" width="${220 + v * 140}" height="8" rx="4" fill="#fff" fill-opacity="0.9"/>`;
    case '3d_model':
      return `<ellipse cx="${400 + dx}" cy="360" rx="170" ry="34" fill="#000" fill-opacity="0.18"/>
<path d="M${400 + dx} 90 L${530 + dx} 160 L${400 + dx} 230 L${270 + dx} 160 Z" fill="#fff" fill-opacity="0.92"/>
<path d="M${270 + dx} 160 L${400 + dx} 230 L${400 + dx} 370 L${270 + dx} 300 Z" fill="#fff" fill-opacity="0.55"/>
<path d="M${530 + dx} 160 L${400 + dx} 230 L${400 + dx} 370 L${530 + dx} 300 Z" fill="#fff" fill-opacity="0.32"/>`;
    case 'multimedia':
      return `<rect x="${190 + dx}" y="110" width="300" height="190" rx="18" fill="#fff" fill-opacity="0.25" transform="rotate(-8 ${340 + dx} 205)"/>
<rect x="${250 + dx}" y="130" width="300" height="190" rx="18" fill="#fff" fill-opacity="0.45"/>
<rect x="${310 + dx}" y="150" width="300" height="190" rx="18" fill="#fff" fill-opacity="0.85"/>
${[0, 1, 2, 3, 4, 5, 6]
  .map((i) => {
    const h = [30, 60, 44, 80, 52, 70, 36][(i + v) % 7] ?? 40;
    return `<rect x="${350 + dx + i * 30}" y="${300 - h}" width="16" height="${h}" rx="6" fill="#6366f1" fill-opacity="0.8"/>`;
  })
  .join('\n')}`;
  }
}

/**
 * A generated cover: a diagonal gradient, soft light circles and the category's motif. Presentation attributes
 * only (no scripts, no styles), so it renders under the file route's strict Content-Security-Policy.
 */
export function coverSvg(name: string, catalog: Catalog, variant = 0): string {
  const h = hashOf(`${name}#${variant}`);
  const [from, to] = PALETTES[(h[0] ?? 0) % PALETTES.length] ?? ['#0ea5e9', '#6366f1'];
  const angle = [
    [0, 0, 1, 1],
    [1, 0, 0, 1],
    [0, 1, 1, 0],
  ][variant % 3] ?? [0, 0, 1, 1];
  const bubbles = [1, 2, 3]
    .map((i) => {
      const x = ((h[i] ?? 0) / 255) * 800;
      const y = ((h[i + 3] ?? 0) / 255) * 450;
      const r = 40 + ((h[i + 6] ?? 0) / 255) * 120;
      return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="#fff" fill-opacity="0.08"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
<defs><linearGradient id="g" x1="${angle[0]}" y1="${angle[1]}" x2="${angle[2]}" y2="${angle[3]}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="800" height="450" fill="url(#g)"/>${bubbles}
${motif(catalog, variant % 3)}
</svg>
`;
}

export interface SeedCatalogueDeps {
  users: AccountsService;
  /** The creators' introductions. */
  profile: ProfileService;
  projects: ProjectsService;
  market: MarketService;
  checkout: CheckoutWorkflow;
  notify: PaymentNotifyWorkflow;
  /** The sandbox gateway, when it is the provider: demo purchases (and so reviews of paid items) are paid through it. */
  sandbox?: SandboxProvider;
  storage: Storage;
  log: FastifyBaseLogger;
  /** Queues the generation of the projects' media and content (`seed-media.ts`); absent or width 0: none. */
  media?: { jobs: JobQueue; width: number };
}

/**
 * Seeds the demo catalogue on the first start (same condition as the demo accounts): four more creators, the
 * tags, 46 approved public projects over the four categories (free and paid, HKD 0-300) with generated SVG
 * covers, demo purchases paid through the sandbox gateway, and reviews and comments in Chinese and English; then
 * queues the job that generates each project's content and replaces the SVG covers with views of it.
 * Runs once: when the first extra creator exists it does nothing.
 */
export async function seedCatalogue(deps: SeedCatalogueDeps): Promise<void> {
  const { users, profile, projects, market, checkout, notify, sandbox, storage, log } = deps;
  if (await users.accountByEmail(SEED_CREATORS[0].email)) return;
  const demoCreator = await users.accountByEmail(DEMO_CREATOR);
  if (!demoCreator) {
    log.warn('demo catalogue skipped: the demo creator account is missing');
    return;
  }
  const owners = new Map<SeedCreatorKey, number>([['demo', demoCreator.id]]);
  for (const c of SEED_CREATORS) {
    const { id } = await users.createAccount({
      email: c.email,
      username: c.username,
      password: DEMO_PASSWORD,
      accountType: 'individual',
      forumName: c.forumName,
      status: 'active',
      roleNames: ['creator'],
    });
    await profile.updateInformation(id, { introduction: c.introduction });
    owners.set(c.key, id);
  }
  await profile.updateInformation(demoCreator.id, {
    introduction: 'Demo creator: classroom kits, calm nature scenes and event templates. 演示创作者账号。',
  });
  const tagIds = await projects.ensureTags(SEED_TAGS.map((name) => ({ name, ...SEED_TAG_NAMES[name] })));

  const now = Date.now();
  const created: { id: number; ownerId: number; priceCents: number; forSale: boolean; index: number }[] = [];
  for (const [i, p] of SEED_PROJECTS.entries()) {
    const slug = `${p.catalog}-${hashOf(p.name).toString('hex').slice(0, 10)}`;
    const urls: string[] = [];
    for (const v of [0, 1, 2]) {
      const key = `public/covers/${slug}-${v}.svg`;
      await storage.put(key, Buffer.from(coverSvg(p.name, p.catalog, v)), 'image/svg+xml');
      urls.push(publicUrlOf(key));
    }
    const ownerId = owners.get(p.owner) ?? demoCreator.id;
    const at = new Date(now - (i * 2.7 + 0.5) * DAY);
    const row = await projects.create({
      ownerId,
      name: p.name,
      catalog: p.catalog,
      type: p.type,
      priceCents: Math.round(p.price * 100),
      keywords: p.keywords,
      description: p.description,
      cover: urls[0] ?? '',
      images: urls,
      tagIds: p.tags.map((t) => tagIds.get(t)).filter((t): t is number => t !== undefined),
      forSale: !p.showcase,
      isPublic: true,
      anonymousPreview: true,
      reviewStatus: 'approved',
      createdAt: at,
      updatedAt: at,
    });
    created.push({ id: row.id, ownerId, priceCents: row.priceCents, forSale: row.forSale, index: i });
  }

  // The content (generated panoramas, tours, covers cut from them) is made in the background: the first start stays fast.
  if (deps.media && deps.media.width > 0) {
    const payload: SeedMediaPayload = { projects: created.map((c) => ({ id: c.id, ownerId: c.ownerId, index: c.index })) };
    await deps.media.jobs.enqueue(SEED_MEDIA_JOB, payload as unknown as Record<string, unknown>, undefined, { maxAttempts: 2 });
  }

  // Demo purchases, reviews and comments: the demo buyer and the creators buy from each other.
  const buyer = await users.accountByEmail(DEMO_BUYER);
  const people = [...(buyer ? [buyer.id] : []), ...owners.values()];
  const viewer = (id: number) => ({ id, roles: ['user'], permissions: new Set<string>() });
  let orders = 0;
  let reviews = 0;
  let comments = 0;
  for (const [n, personId] of people.entries()) {
    const paid = created.filter((c) => c.ownerId !== personId && c.priceCents > 0 && c.forSale);
    const picks = sandbox ? [0, 1, 2].map((k) => paid[(n * 7 + k * 5) % paid.length]).filter((c) => !!c) : [];
    const pickIds = [...new Set(picks.map((c) => c.id))];
    if (sandbox && pickIds.length) {
      const order = await checkout.placeOrder(personId, { project_ids: pickIds });
      const session = {
        id: `cs_${crypto.randomBytes(12).toString('base64url')}`,
        orderNo: order.order_on,
        amountCents: Math.round(order.amount * 100),
        currency: order.currency,
        method: 'Alipay' as const,
        description: 'demo purchase',
        returnUrl: '',
        notifyUrl: '',
        lang: 'en' as const,
        expiresAt: new Date(order.expires_at),
      };
      const note = sandbox.notification(session, 'succeeded');
      await notify.handleNotification(sandbox.name, note.rawBody, note.headers);
      orders++;
    }
    const free = created.filter((c) => c.ownerId !== personId && c.priceCents === 0 && c.forSale);
    const toReview = [...pickIds, ...free.filter((_, k) => (k + n) % 2 === 0).map((c) => c.id)];
    for (const [k, projectId] of toReview.entries()) {
      const r = SEED_REVIEWS[(n * 3 + k) % SEED_REVIEWS.length];
      if (!r) continue;
      await market.setScore(viewer(personId), { project_id: projectId, score: r.score, content: r.content });
      reviews++;
    }
    for (let k = 0; k < 8; k++) {
      const target = created[(n * 11 + k * 5) % created.length];
      const c = SEED_COMMENTS[(n + k) % SEED_COMMENTS.length];
      if (!target || !c || target.ownerId === personId) continue;
      const added = await projects.addComment(viewer(personId), { project_id: target.id, content: c.content });
      if (c.reply) await projects.replyToComment(target.ownerId, target.id, added.id, c.reply);
      comments++;
    }
  }
  log.info(
    { projects: created.length, creators: SEED_CREATORS.length, orders, reviews, comments },
    `demo catalogue: ${created.length} projects by ${owners.size} creators (${SEED_CREATORS.map((c) => c.email).join(', ')})`,
  );
}

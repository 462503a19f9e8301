import crypto from 'node:crypto';
import { DEMO_PASSWORD } from '../accounts';
import { SEED_MEDIA_JOB, type SeedMediaPayload } from '../content/media';
import type {
  AccountsPort,
  CheckoutPort,
  DemoLog,
  JobsPort,
  MarketPort,
  PaymentNotifyPort,
  ProfilePort,
  ProjectsPort,
  PublicUrl,
  SandboxPort,
  StoragePort,
} from '../ports';
import { coverSvg } from './covers';
import { SEED_CREATORS, SEED_TAG_NAMES, SEED_TAGS, type SeedCreatorKey } from './creators';
import { SEED_PROJECTS } from './projects';
import { SEED_COMMENTS, SEED_REVIEWS } from './reviews';

const DAY = 24 * 60 * 60 * 1000;
const DEMO_CREATOR = 'creator@demo.test';
const DEMO_BUYER = 'user@demo.test';

const hashOf = (s: string) => crypto.createHash('sha256').update(s).digest();

export interface SeedCatalogueDeps {
  users: AccountsPort;
  /** The creators' introductions. */
  profile: ProfilePort;
  projects: ProjectsPort;
  market: MarketPort;
  checkout: CheckoutPort;
  notify: PaymentNotifyPort;
  /** The sandbox gateway, when it is the provider: demo purchases (and so reviews of paid items) are paid through it. */
  sandbox?: SandboxPort;
  storage: StoragePort;
  publicUrl: PublicUrl;
  log: DemoLog;
  /** Queues the generation of the projects' media and content (`content/media.ts`); absent or width 0: none. */
  media?: { jobs: JobsPort; width: number };
}

/**
 * Seeds the demo catalogue on the first start (same condition as the demo accounts): four more creators, the
 * tags, 46 approved public projects over the four categories (free and paid, HKD 0-300) with generated SVG
 * covers, demo purchases paid through the sandbox gateway, and reviews and comments in Chinese and English; then
 * queues the job that generates each project's content and replaces the SVG covers with views of it.
 * Runs once: when the first extra creator exists it does nothing.
 */
export async function seedCatalogue(deps: SeedCatalogueDeps): Promise<void> {
  const { users, profile, projects, market, checkout, notify, sandbox, storage, publicUrl, log } = deps;
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
      urls.push(publicUrl(key));
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

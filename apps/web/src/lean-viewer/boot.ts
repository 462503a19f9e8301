import { STORAGE_KEYS } from '@xr/contract/constants';
import { DEFAULT_LANG, LANGS, type Lang } from '@xr/contract/lang';
import type { DocumentKind, SceneDetails } from '@xr/contract/scenes';
import type { DeliveredAsset } from '../components/viewers/asset-viewer';

/**
 * The lean full-screen viewer's start (`viewer.html?id=&kind=`): what to show and the API calls it needs, started
 * by the entry before React or any viewer code runs, so they travel while the chunks download. No SPA module here:
 * the HTTP client, the session and i18n of the SPA would bring the app's start-up with them.
 */

/**
 * The query of the lean page: the project and, when the link knows it, the kind of its scene document; an embed code
 * adds `embed=1` (the page is in another site's frame), `autorotate=1`, a tour's start `scene` and the `lang`uage.
 */
export interface LeanParams {
  id: number | null;
  kind: DocumentKind | null;
  embed?: boolean;
  autorotate?: boolean;
  /** A tour scene's element id to start in (the viewer falls back to the document's start when it is unknown). */
  scene?: string;
  /** The interface language the link asks for (else the stored one). */
  lang?: Lang;
  /** Opened from the "View in AR" QR code (`ar=1`): the AR button stands out. */
  ar?: boolean;
}

const on = (v: string | null) => v === '1' || v === 'true';

/** `?id=12&kind=tour` → the project id (a positive 32-bit integer, else null), the kind hint (else null) and the embed options. */
export function parseParams(search: string): LeanParams {
  const q = new URLSearchParams(search);
  const raw = q.get('id') ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
  const k = q.get('kind');
  const scene = q.get('scene') ?? '';
  const lang = q.get('lang') ?? '';
  return {
    id,
    kind: k === 'tour' || k === 'scene' ? k : null,
    ...(on(q.get('embed')) ? { embed: true } : {}),
    ...(on(q.get('autorotate')) ? { autorotate: true } : {}),
    ...(on(q.get('ar')) ? { ar: true } : {}),
    // element ids are short identifiers; anything else is ignored
    ...(/^[\w-]{1,64}$/.test(scene) ? { scene } : {}),
    ...((LANGS as readonly string[]).includes(lang) ? { lang: lang as Lang } : {}),
  };
}

/** The interface language the SPA stored (same key), else the default. */
export function storedLang(storage: Pick<Storage, 'getItem'> | null): Lang {
  const v = storage?.getItem(STORAGE_KEYS.lang);
  return (LANGS as readonly string[]).includes(v ?? '') ? (v as Lang) : DEFAULT_LANG;
}

/** The signed-in user's token the SPA stored, if any. */
export function storedToken(storage: Pick<Storage, 'getItem'> | null): string | null {
  return storage?.getItem(STORAGE_KEYS.token) || null;
}

/** A refused or failed call: the server's message (already in the caller's language) and code. */
export class LeanError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
    this.name = 'LeanError';
  }
}

export interface ApiEnv {
  token: string | null;
  lang: Lang;
  fetch?: typeof fetch;
}

/** GET `/api<path>?query` with the SPA's headers (bearer token, language); the `{ code, message, data }` envelope's data. */
export async function apiGet<T>(path: string, query: Record<string, string | number>, env: ApiEnv): Promise<T> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': env.lang };
  if (env.token) headers.authorization = `Bearer ${env.token}`;
  const res = await (env.fetch ?? fetch)(`/api${path}?${qs}`, { headers, credentials: 'same-origin' });
  const body = (await res.json().catch(() => null)) as { code?: unknown; message?: unknown; data?: unknown } | null;
  const code = typeof body?.code === 'number' ? body.code : res.status;
  if (code !== 200 || !res.ok) throw new LeanError(typeof body?.message === 'string' ? body.message : '', code);
  return body?.data as T;
}

/** `/project/content`'s reply as the lean page reads it (the contract's `projectContent`). */
export interface LeanContent {
  id: number;
  cover: string;
  access: 'full' | 'preview' | 'none';
  message: string;
  assets: DeliveredAsset[];
  scene: { kind: DocumentKind; version: number } | null;
}

/** The calls of one lean page, each started once. */
export interface LeanRequests {
  content: Promise<LeanContent>;
  /** `scene_details` (signed URLs of every referenced asset): asked at once, beside `content`; refused for a project
   * whose content is not a scene document, which `content` then says. */
  scene: Promise<SceneDetails>;
  /** The project's name (the page's title). */
  name: Promise<string>;
}

/** Starts the page's three calls in parallel (none waits for another). */
export function startRequests(id: number, env: ApiEnv): LeanRequests {
  const content = apiGet<LeanContent>('/project/content', { id }, env);
  const scene = apiGet<SceneDetails>('/project/scene_details', { id }, env);
  const name = apiGet<{ name?: string }>('/project/front_project_details', { id }, env).then((d) => d?.name ?? '');
  // each is awaited later, or never (a failed title, the details of a non-document project): no unhandled rejection
  for (const p of [content, scene, name]) p.catch(() => undefined);
  return { content, scene, name };
}

/** What the page shows for a content reply: the scene document, the delivered files, or a message. */
export function contentMode(content: LeanContent | null): 'scene' | 'assets' | 'none' {
  if (!content || content.access === 'none') return 'none';
  if (content.scene) return 'scene';
  return content.assets.length > 0 ? 'assets' : 'none';
}

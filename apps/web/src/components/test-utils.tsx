import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import { API_BODIES } from '@xr/contract/api-bodies';
import { API_REPLIES, REPLIES_OUTSIDE_CONTRACT } from '@xr/contract/api-replies';
import type { UserInfo } from '@xr/contract/auth';
import type { OwnProject } from '@xr/contract/creator';
import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, type Mock, onTestFinished, vi } from 'vitest';
import { z } from 'zod';
import { ANTD_COMPONENTS } from '../lib/antd-config';
import { FeedbackBridge } from '../lib/feedback';
import { API_BASE, resetHttpState } from '../lib/http';
import i18n from '../lib/i18n';
import { queryClient } from '../lib/query-client';

/** Test helpers for component tests: a stubbed `fetch` answering envelopes, and a render with the app's providers. */

// antd forms validate asynchronously; on a busy machine 1 s (the default) is not always enough
configure({ asyncUtilTimeout: 5000 });

export const reply = (code: number, data: unknown, message = '') =>
  new Response(JSON.stringify({ code, message, data }), { headers: { 'content-type': 'application/json' } });

type Handler = (body: unknown, init: RequestInit) => Response | Promise<Response>;
export type FetchMock = Mock<(url: string, init?: RequestInit) => Promise<Response>>;

/** Bytes of a request body (the files of a FormData), for upload progress. */
function sizeOf(body: unknown): number {
  if (body instanceof FormData) {
    let n = 0;
    for (const [, v] of body.entries()) n += typeof v === 'string' ? v.length : v.size;
    return n;
  }
  if (body instanceof Blob) return body.size;
  return typeof body === 'string' ? body.length : 0;
}

/**
 * An XMLHttpRequest (the HTTP client's transport for uploads with progress) that answers through `mock`: half the
 * body is reported sent at once, the rest when the handler's reply arrives.
 */
function fakeXhr(mock: FetchMock) {
  return class FakeXMLHttpRequest {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private aborted = false;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.aborted = true;
      this.onabort?.();
    }
    send(body: unknown) {
      const total = sizeOf(body);
      const progress = (loaded: number) => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
      progress(Math.floor(total / 2));
      void mock(this.url, { method: this.method, headers: this.headers, body: body as BodyInit }).then(
        async (res) => {
          if (this.aborted) return;
          progress(total);
          this.status = res.status;
          this.responseText = await res.text();
          this.onload?.();
        },
        () => {
          if (!this.aborted) this.onerror?.();
        },
      );
    }
  };
}

/** `/pay/notify/:provider` → a pattern matching `/pay/notify/paypal`. */
const patternOf = (route: string) => new RegExp(`^${route.replace(/:[^/]+/g, '[^/]+')}$`);
const REPLY_PATTERNS = Object.entries(API_REPLIES)
  .filter(([route]) => route.includes(':'))
  .map(([route, schema]) => ({ pattern: patternOf(route), schema }));
const OUTSIDE_PATTERNS = REPLIES_OUTSIDE_CONTRACT.map(patternOf);
const BODY_PATTERNS = Object.entries(API_BODIES)
  .filter(([route]) => route.includes(':'))
  .map(([route, schema]) => ({ pattern: patternOf(route), schema }));

/**
 * Why the body a page sends to `path` (an /api path) is one the real server would refuse, or undefined when the
 * contract's body schema of the route (`API_BODIES`) takes it or the route has none (GETs, uploads).
 */
function requestDrift(method: string, path: string, body: unknown): string | undefined {
  const route = path.slice(API_BASE.length);
  const schema = API_BODIES[route] ?? BODY_PATTERNS.find((r) => r.pattern.test(route))?.schema;
  if (!schema || method === 'GET') return undefined;
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams) {
    return `${method} ${path}: the page sends a non-JSON body (${body.constructor.name}) to a route that takes JSON`;
  }
  const parsed = schema.safeParse(body);
  return parsed.success
    ? undefined
    : `${method} ${path}: the page's request body does not match the contract's body schema (API_BODIES):\n${z.prettifyError(parsed.error)}\nbody: ${JSON.stringify(body)}`;
}

/**
 * Why a fake's code-200 reply on `path` (an /api path) is not a reply the real server could give, or undefined
 * when it could. Replies that are not `{ code, message, data }` JSON (files, streams) and refusals are not checked.
 */
async function contractDrift(path: string, res: Response): Promise<string | undefined> {
  let envelope: unknown;
  try {
    envelope = JSON.parse(await res.clone().text());
  } catch {
    return undefined;
  }
  if (typeof envelope !== 'object' || envelope === null || !('code' in envelope) || !('data' in envelope)) return undefined;
  if (envelope.code !== 200) return undefined;
  const route = path.slice(API_BASE.length);
  const schema = API_REPLIES[route] ?? REPLY_PATTERNS.find((r) => r.pattern.test(route))?.schema;
  if (!schema) {
    return OUTSIDE_PATTERNS.some((p) => p.test(route))
      ? `${path}: the contract has no reply schema for this route (REPLIES_OUTSIDE_CONTRACT), so the fake cannot be checked; pass serve(routes, { unchecked: { '${path}': 'why' } })`
      : `${path}: no JSON route of the server has this path (see API_REPLIES in @xr/contract/api-replies)`;
  }
  const parsed = schema.safeParse(envelope.data);
  return parsed.success
    ? undefined
    : `${path}: the fake's reply does not match the contract's reply schema:\n${z.prettifyError(parsed.error)}`;
}

export interface ServeOptions {
  /**
   * API paths whose fake replies and request bodies are not checked against the contract, each with the reason (a
   * route the contract has no schema for). Keep rare: an unchecked fake can drift from the real API unnoticed.
   */
  unchecked?: Record<string, string>;
}

/**
 * Stubs fetch (and XMLHttpRequest, which uploads with progress use) with one handler per API path (query ignored);
 * any other path answers 40401. Every code-200 JSON reply of a handler is checked against the contract's reply
 * schema of its route (`API_REPLIES`), and every body a page sends against the route's body schema (`API_BODIES`):
 * a fake that answers what the real server could not, or a page that sends what it would refuse, fails the test.
 */
export function serve(routes: Record<string, Handler>, options: ServeOptions = {}): FetchMock {
  const unchecked = options.unchecked ?? {};
  for (const [path, reason] of Object.entries(unchecked)) {
    if (!reason.trim()) throw new Error(`serve(): the unchecked path ${path} needs a reason`);
  }
  const drift: string[] = [];
  let reportAtEnd = false;
  try {
    // the reply goes back to the app unchanged and the test fails when it ends, naming every drifting reply
    onTestFinished(() => {
      if (drift.length)
        throw new Error(`Requests and fake replies that drift from the contract:\n${[...new Set(drift)].join('\n')}`);
    });
    reportAtEnd = true;
  } catch {
    // serve() outside a test (a beforeAll): a drifting request or reply fails the request instead
  }
  const mock: FetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const path = url.split('?')[0]!;
    const handler = routes[path];
    let body: unknown = init.body;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const checked = path.startsWith(`${API_BASE}/`) && !(path in unchecked);
    const report = (problem: string | undefined) => {
      if (!problem) return;
      drift.push(problem);
      if (!reportAtEnd) throw new Error(problem);
    };
    // the request goes on to the handler either way: the test fails when it ends, as for a drifting reply
    if (checked) report(requestDrift(init.method ?? 'GET', path, body));
    if (!handler) return reply(40401, null, 'Not found');
    const res = await handler(body, init);
    if (checked) report(await contractDrift(path, res));
    return res;
  });
  vi.stubGlobal('fetch', mock);
  vi.stubGlobal('XMLHttpRequest', fakeXhr(mock));
  return mock;
}

/** Bodies sent to one API path. */
export function bodiesTo(mock: FetchMock, path: string): unknown[] {
  return mock.mock.calls
    .filter(([u]) => u.split('?')[0] === path)
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body));
}

/** Shows where the router went: `<div data-testid="location">/path?query</div>`. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{pathname + search}</div>;
}

/**
 * Renders `element` at `path` (route pattern `pattern`, default the path without query) inside antd's App,
 * the app's QueryClient and a memory router; every other path renders the location probe.
 */
export function renderAt(element: ReactElement, path: string, pattern = path.split('?')[0]!) {
  return render(
    // the click wave renders into a React root of its own that outlives cleanup(); its late work would run
    // after the test environment is torn down ("window is not defined"), so tests switch it off
    <ConfigProvider {...ANTD_COMPONENTS} wave={{ disabled: true }}>
      <QueryClientProvider client={queryClient}>
        <AntApp>
          {/* toasts of the HTTP client go through this App, so cleanup() removes them with the tree */}
          <FeedbackBridge />
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={pattern} element={element} />
              <Route path="*" element={<LocationProbe />} />
            </Routes>
          </MemoryRouter>
        </AntApp>
      </QueryClientProvider>
    </ConfigProvider>,
  );
}

/** A user-info reply with overrides. */
export function makeUser(over: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 7,
    username: 'ann',
    name: 'ann',
    avatar: '',
    role_name: 'creator',
    roles: ['creator'],
    permissions: [{ http_path: '/profile' }],
    introduction: '',
    vip_date: '2099-01-01T00:00:00.000Z',
    vip_status: true,
    vip_days_left: 30,
    renewal_reminder: false,
    email: 'ann@demo.test',
    gender: 'female',
    phone: '85212345678',
    xp_value: 12,
    forum_name: 'annie',
    invite_code: 'INV123',
    account_type: 'individual',
    created_at: '2025-01-01T00:00:00.000Z',
    ...over,
  };
}

/** One of the caller's projects (GET /project/my_project_page, the review calls' reply) with overrides. */
export function makeOwnProject(over: Partial<OwnProject> = {}): OwnProject {
  return {
    id: 7,
    owner_id: 7,
    name: 'Harbour night',
    catalog: '360_image',
    type: 'exhibition',
    price: 12.5,
    keywords: 'harbour',
    tag_ids: [],
    description: 'A night walk',
    cover: '',
    images: [],
    for_sale: true,
    is_public: true,
    anonymous_preview: false,
    review_status: 'approved',
    review_reason: '',
    sales_count: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

/**
 * Unmounts and lets pending timers and React work finish while the DOM still exists, so nothing scheduled
 * by one test (a session refresh, a toast) runs after the test environment is gone.
 */
export async function unmountAndSettle(): Promise<void> {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 30));
}

/**
 * The usual hooks of a screen test: the interface in `lang` (default English) for the file; after each test the tree
 * unmounted, the query cache emptied, the HTTP client's in-flight state reset and stubbed globals (fetch) restored.
 */
export function setupScreenTests(lang: 'en' | 'zh' | 'tc' = 'en'): void {
  beforeAll(async () => {
    await i18n.changeLanguage(lang);
  });
  afterEach(async () => {
    await unmountAndSettle();
    queryClient.clear();
    resetHttpState();
    vi.unstubAllGlobals();
  });
}

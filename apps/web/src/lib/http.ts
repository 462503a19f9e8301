import { ERROR_TOAST_MS, REQUEST_TIMEOUT_MS } from '@xr/contract/constants';
import { CONFIRM_LOGOUT_CODES, ErrorCode, TOKEN_CLEAR_CODES } from '@xr/contract/errors';
import { logError } from './error-log';
import { feedback } from './feedback';
import i18n, { currentLang } from './i18n';
import { currentFullPath, loginPath, navigateTo, pageReload } from './navigation';

/**
 * The HTTP client of spec sections 7 and 8. Resolves with the reply's `data` when `code` is 200; otherwise
 * reacts per spec section 8 (token codes -> clear token and go to /login, 429 -> "frequent" toast,
 * 50008/50012/50014 -> "Confirm logout" box, any other code -> its message for 5 s) and rejects with an
 * HttpError carrying the code, message and reply data (validation errors name the field in `data.field`).
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** Codes of failures that never produced a reply. Negative, so they never collide with server codes. */
export const ClientCode = {
  /** Same method + URL already in flight ("Request is already in progress"). */
  DUPLICATE: -1,
  /** The server could not be reached. */
  NETWORK: -2,
  /** No reply within REQUEST_TIMEOUT_MS. */
  TIMEOUT: -3,
  /** The caller aborted through `signal`. */
  ABORTED: -4,
  /** A reply that is not a `{ code, message, data }` envelope, or another transport error. */
  BAD_REPLY: -5,
} as const;

export const API_BASE = '/api';

/**
 * What the client needs from the session: the bearer token to send, and how to end the session when the server
 * refuses it. Handed in at start-up (`connectSession` in lib/auth/connect.ts), so the client imports no session code
 * (the session calls the client: importing it back made a cycle).
 */
export interface HttpAuth {
  /** The signed-in user's token, or null for a visitor. */
  getToken(): string | null;
  /** Ends the local session (token codes 10001-10004, "Re-Login" in the "Confirm logout" box). */
  endSession(): void;
}

const noAuth: HttpAuth = { getToken: () => null, endSession: () => undefined };
let auth: HttpAuth = noAuth;

/** Connects the client to the session (once at start-up; `null` disconnects it). */
export function configureHttpAuth(next: HttpAuth | null): void {
  auth = next ?? noAuth;
}

/** Whether requests carry a token, i.e. someone is signed in (the cart keeps a visitor's lines in the browser). */
export function hasToken(): boolean {
  return !!auth.getToken();
}

export interface RequestOptions {
  url: string;
  method?: 'GET' | 'POST';
  params?: Record<string, unknown>;
  data?: unknown;
  /** Suppress the automatic error toast (the caller shows the error itself, e.g. on a form field). */
  silent?: boolean;
  /**
   * Reply codes that are an answer rather than a failure for this call (e.g. 40401 for "this project cannot be
   * shared"): the request still rejects with them, but they are not written to the error log.
   */
  expectedCodes?: readonly number[];
  signal?: AbortSignal;
  /** Reports the bytes of the body sent so far (uploads); the request then goes through XMLHttpRequest. */
  onUploadProgress?(sent: number, total: number): void;
}

interface Envelope {
  code: number;
  message?: string;
  data?: unknown;
}

const TOAST_SECONDS = ERROR_TOAST_MS / 1000;
/** Requests in flight by `METHOD url`, each with the token of the request holding the slot. */
const inFlight = new Map<string, symbol>();
let confirmOpen = false;
/**
 * Counts the "Confirm logout" boxes answered. A request remembers the count when it is sent: a refusal to a request
 * sent while a box was open (the page's other calls of the same moment) does not reopen the box the user has just
 * cancelled; a request sent after the answer may open it again.
 */
let confirmAnswers = 0;

const t = (key: string, vars?: Record<string, unknown>) => i18n.t(`http:${key}`, vars ?? {});

/** `/api` + path + query string (null and undefined params are left out; arrays repeat the key). */
export function buildUrl(url: string, params?: Record<string, unknown>): string {
  const base = /^https?:\/\//.test(url) || url.startsWith(API_BASE) ? url : `${API_BASE}${url.startsWith('/') ? '' : '/'}${url}`;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) query.append(key, String(v));
  }
  const qs = query.toString();
  return qs ? `${base}${base.includes('?') ? '&' : '?'}${qs}` : base;
}

export async function request<T>(opts: RequestOptions): Promise<T> {
  const method = opts.method ?? 'GET';
  const url = buildUrl(opts.url, opts.params);
  const key = `${method} ${url}`;
  // spec section 7: only one request per URL may be in flight
  if (inFlight.has(key)) throw fail(new HttpError(ClientCode.DUPLICATE, t('duplicate')), opts, key);
  const mine = Symbol(key);
  inFlight.set(key, mine);
  const release = () => {
    if (inFlight.get(key) === mine) inFlight.delete(key);
  };
  // A request the caller aborts gives its slot back at once: a refetch cancels the old request and starts the new
  // one in the same tick, before the aborted fetch has settled.
  opts.signal?.addEventListener('abort', release, { once: true });
  const answersAtSend = confirmAnswers;
  try {
    let reply: Envelope;
    try {
      reply = await send(method, url, opts);
    } catch (err) {
      throw fail(err as HttpError, opts, key);
    }
    if (reply.code === ErrorCode.OK) return reply.data as T;
    throw fail(react(reply, opts, answersAtSend), opts, key);
  } finally {
    opts.signal?.removeEventListener('abort', release);
    release();
  }
}

async function send(method: string, url: string, opts: RequestOptions): Promise<Envelope> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  if (opts.signal?.aborted) controller.abort();
  else opts.signal?.addEventListener('abort', onAbort, { once: true });

  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': currentLang() };
  const token = auth.getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (method !== 'GET') {
    if (opts.data instanceof FormData || opts.data instanceof Blob || opts.data instanceof URLSearchParams) body = opts.data;
    else {
      body = JSON.stringify(opts.data ?? {});
      headers['content-type'] = 'application/json';
    }
  }

  try {
    const init = { method, headers, body, signal: controller.signal, credentials: 'same-origin' as const };
    const res = opts.onUploadProgress ? await xhrFetch(url, init, opts.onUploadProgress) : await fetch(url, init);
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!isEnvelope(json)) {
      throw new HttpError(ClientCode.BAD_REPLY, res.ok ? t('badReply') : t('badStatus', { status: res.status }));
    }
    return json;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (timedOut) throw new HttpError(ClientCode.TIMEOUT, t('timeout', { ms: REQUEST_TIMEOUT_MS }));
    if (controller.signal.aborted) throw new HttpError(ClientCode.ABORTED, t('aborted'));
    // fetch rejects with a TypeError when the network fails (offline, DNS, connection refused, CORS)
    if (err instanceof TypeError) throw new HttpError(ClientCode.NETWORK, t('networkBusy'));
    throw new HttpError(ClientCode.BAD_REPLY, err instanceof Error && err.message ? err.message : t('error'));
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * The part of `fetch` the client uses, over XMLHttpRequest: fetch cannot report upload progress. Fails like fetch
 * (TypeError when the network fails, AbortError when the signal aborts), so `send` maps the errors the same way.
 */
function xhrFetch(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: BodyInit; signal: AbortSignal },
  onProgress: (sent: number, total: number) => void,
): Promise<{ ok: boolean; status: number; text(): Promise<string> }> {
  return new Promise((resolve, reject) => {
    const aborted = () => new DOMException('The request was aborted', 'AbortError');
    if (init.signal.aborted) return reject(aborted());
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e: ProgressEvent) => {
      if (e.lengthComputable) onProgress(e.loaded, e.total);
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      resolve({ ok: xhr.status >= 200 && xhr.status < 300, status: xhr.status, text: async () => text });
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(aborted());
    init.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

function isEnvelope(v: unknown): v is Envelope {
  return typeof v === 'object' && v !== null && typeof (v as Envelope).code === 'number';
}

/** Spec section 8: the reaction to a non-200 reply code. Returns the error the request rejects with. */
function react(reply: Envelope, opts: RequestOptions, answersAtSend: number): HttpError {
  const { code } = reply;
  const data = reply.data ?? null;
  if (code === ErrorCode.RATE_LIMITED) {
    const message = t('rateLimited');
    if (!opts.silent) feedback.error(message, TOAST_SECONDS);
    return new HttpError(code, message, data);
  }
  const message = reply.message || t('error');
  if (TOKEN_CLEAR_CODES.includes(code)) {
    auth.endSession();
    if (!opts.silent) feedback.error(message, TOAST_SECONDS);
    const here = currentFullPath();
    if (!here.startsWith('/login')) navigateTo(loginPath(here), { replace: true });
  } else if (CONFIRM_LOGOUT_CODES.includes(code)) {
    if (answersAtSend === confirmAnswers) confirmLogout();
  } else if (!opts.silent) {
    feedback.error(message, TOAST_SECONDS);
  }
  return new HttpError(code, message, data);
}

/** The "Confirm logout" box of spec section 8; only one is open at a time. */
function confirmLogout(): void {
  if (confirmOpen) return;
  confirmOpen = true;
  feedback.confirm({
    type: 'warning',
    title: t('confirmLogoutTitle'),
    content: t('confirmLogoutContent'),
    okText: t('reLogin'),
    cancelText: t('cancel'),
    onOk: () => {
      confirmOpen = false;
      confirmAnswers += 1;
      auth.endSession();
      pageReload.reload();
    },
    onCancel: () => {
      confirmOpen = false;
      confirmAnswers += 1;
    },
  });
}

/** Logs the failure (except the caller's own abort) and shows transport errors unless silent. */
function fail(err: HttpError, opts: RequestOptions, key: string): HttpError {
  const transport = err.code < 0;
  if (err.code !== ClientCode.ABORTED && !opts.expectedCodes?.includes(err.code)) {
    logError({ message: `${err.code}: ${err.message}`, url: key });
    // server codes were shown by react(); the caller's abort is not an error worth a toast
    if (transport && !opts.silent) feedback.error(err.message, TOAST_SECONDS);
  }
  return err;
}

/**
 * A session ended or began: its requests still running keep nobody else from asking the same URL (the one-request-
 * per-URL rule is for one session's duplicate clicks; the new session's first request is not a duplicate).
 */
export function releaseInFlight(): void {
  inFlight.clear();
}

/** Test helper: forgets in-flight requests and the open confirm box. */
export function resetHttpState(): void {
  inFlight.clear();
  confirmOpen = false;
}

export const http = {
  get: <T>(url: string, params?: Record<string, unknown>, opts: Partial<RequestOptions> = {}) =>
    request<T>({ ...opts, url, method: 'GET', params }),
  post: <T>(url: string, data?: unknown, opts: Partial<RequestOptions> = {}) =>
    request<T>({ ...opts, url, method: 'POST', data }),
};

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@xr/contract/constants';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { connectSession } from './auth/connect';
import { getToken, resetToken, setToken } from './auth/session';
import { clearErrorLog, getErrorLog } from './error-log';
import { FeedbackBridge, feedback } from './feedback';
import { ClientCode, configureHttpAuth, HttpError, hasToken, http, request, resetHttpState } from './http';
import i18n from './i18n';
import { pageReload, registerNavigator } from './navigation';

type FetchArgs = [string, RequestInit];

function reply(code: number, data: unknown = null, message = '', status = 200) {
  return new Response(JSON.stringify({ code, message, data }), { status, headers: { 'content-type': 'application/json' } });
}

let fetchMock: Mock<(...args: FetchArgs) => Promise<Response>>;
const navigate = vi.fn();
let here = '/vrdata/list?page=2';

function stubFetch(impl: (...args: FetchArgs) => Promise<Response> | Response) {
  fetchMock = vi.fn(async (...args: FetchArgs) => impl(...args));
  vi.stubGlobal('fetch', fetchMock);
}

function lastInit(): RequestInit {
  return fetchMock.mock.calls.at(-1)![1];
}

function header(name: string): string | undefined {
  return (lastInit().headers as Record<string, string>)[name];
}

/** Settles a promise into its error so a rejected request never goes unhandled. */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as HttpError,
  );

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

beforeEach(() => {
  resetHttpState();
  resetToken();
  clearErrorLog();
  here = '/vrdata/list?page=2';
  navigate.mockReset();
  registerNavigator({ navigate, location: () => here });
  vi.spyOn(feedback, 'error').mockImplementation(() => undefined);
  vi.spyOn(feedback, 'warning').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  registerNavigator(null);
});

describe('request basics', () => {
  it('resolves with data on code 200, under /api, with params as a query string', async () => {
    stubFetch(() => reply(200, { list: [1, 2] }));
    await expect(http.get('/order/order_page', { page: 1, limit: 10, name: undefined, q: null })).resolves.toEqual({
      list: [1, 2],
    });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/order/order_page?page=1&limit=10');
    expect(lastInit().method).toBe('GET');
    expect(lastInit().body).toBeUndefined();
  });

  it('sends JSON bodies on POST and passes FormData through untouched', async () => {
    stubFetch(() => reply(200, true));
    await http.post('/user/up_password', { old_password: 'a', new_password: 'b' });
    expect(lastInit().body).toBe('{"old_password":"a","new_password":"b"}');
    expect(header('content-type')).toBe('application/json');
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    await http.post('/register_certificate_upload', form);
    expect(lastInit().body).toBe(form);
    expect(header('content-type')).toBeUndefined();
  });

  it('sends the bearer token only when one exists', async () => {
    stubFetch(() => reply(200, null));
    await http.get('/a');
    expect(header('authorization')).toBeUndefined();
    setToken('tok-123');
    await http.get('/b');
    expect(header('authorization')).toBe('Bearer tok-123');
  });

  it('takes the token and the end of the session from what it was handed at start-up', async () => {
    const endSession = vi.fn();
    try {
      configureHttpAuth({ getToken: () => 'handed-in', endSession });
      expect(hasToken()).toBe(true);
      stubFetch(() => reply(10002, null, 'Token expired', 401));
      await failure(http.get('/a'));
      expect(header('authorization')).toBe('Bearer handed-in');
      expect(endSession).toHaveBeenCalledTimes(1);
      // not connected: no token is sent and a token code ends nothing
      configureHttpAuth(null);
      expect(hasToken()).toBe(false);
      setToken('ignored');
      await failure(http.get('/b'));
      expect(header('authorization')).toBeUndefined();
      expect(getToken()).toBe('ignored');
    } finally {
      connectSession();
    }
  });

  it('sends the interface language as accept-language', async () => {
    stubFetch(() => reply(200, null));
    await http.get('/a');
    expect(header('accept-language')).toBe('en');
    await i18n.changeLanguage('tc');
    await http.get('/b');
    expect(header('accept-language')).toBe('tc');
    await i18n.changeLanguage('en');
  });
});

describe('reply codes (spec section 8)', () => {
  it.each([10001, 10002, 10003, 10004])('%i clears the token and goes to /login?redirect=<current path>', async (code) => {
    setToken('stale');
    localStorage.setItem(STORAGE_KEYS.token, 'stale');
    stubFetch(() => reply(code, null, 'Please log in first', 401));
    const err = await failure(http.get('/user/user_info'));
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ code });
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?redirect=/vrdata/list%3Fpage%3D2', { replace: true });
  });

  it('does not navigate again when already on /login', async () => {
    here = '/login?redirect=/profile';
    stubFetch(() => reply(10002, null, 'Invalid token', 401));
    await failure(http.get('/x'));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('429 shows "The network request is frequent…" for 5 s', async () => {
    stubFetch(() => reply(429, null, 'slow down', 429));
    const err = await failure(http.post('/login', { username: 'a', password: 'b' }));
    expect(err).toMatchObject({ code: 429, message: 'The network request is frequent, please try again later.' });
    expect(feedback.error).toHaveBeenCalledWith('The network request is frequent, please try again later.', 5);
  });

  it('any other code shows the server message for 5 s and rejects with code, message and data', async () => {
    stubFetch(() => reply(40001, { field: 'email' }, 'The email format is incorrect', 400));
    const err = await failure(http.post('/register', {}));
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ code: 40001, message: 'The email format is incorrect', data: { field: 'email' } });
    expect(feedback.error).toHaveBeenCalledWith('The email format is incorrect', 5);
  });

  it('falls back to "Error" when the reply has no message', async () => {
    stubFetch(() => reply(50000, null, '', 500));
    const err = await failure(http.get('/x'));
    expect(err).toMatchObject({ code: 50000, message: 'Error' });
    expect(feedback.error).toHaveBeenCalledWith('Error', 5);
  });

  it('silent skips the toast but still rejects', async () => {
    stubFetch(() => reply(40101, null, 'Incorrect account or password', 401));
    const err = await failure(http.post('/login', {}, { silent: true }));
    expect(err).toMatchObject({ code: 40101, message: 'Incorrect account or password' });
    expect(feedback.error).not.toHaveBeenCalled();
  });
});

describe('"Confirm logout" box (50008, 50012, 50014)', () => {
  beforeEach(() => {
    vi.mocked(feedback.error).mockRestore();
  });

  const TITLE = '.ant-modal-confirm-title';
  const findTitle = () => screen.findByText('Confirm logout', { selector: TITLE });

  function renderBridge() {
    render(
      <AntApp>
        <FeedbackBridge />
      </AntApp>,
    );
  }

  it.each([50008, 50012, 50014])(
    '%i opens the box with Re-Login and Cancel; Re-Login resets the token and reloads',
    async (code) => {
      const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
      renderBridge();
      setToken('ended');
      stubFetch(() => reply(code, null, 'Your session has expired', 401));
      const err = await failure(http.get('/user/user_info'));
      expect(err).toMatchObject({ code });
      expect(await findTitle()).toBeInTheDocument();
      expect(
        screen.getByText('You have been logged out, you can cancel to stay on this page, or log in again'),
      ).toBeInTheDocument();
      expect(getToken()).toBe('ended');
      await userEvent.click(screen.getByRole('button', { name: 'Re-Login' }));
      expect(getToken()).toBeNull();
      expect(reload).toHaveBeenCalledTimes(1);
    },
  );

  it('Cancel keeps the session and the page; only one box is open at a time', async () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    const confirm = vi.spyOn(feedback, 'confirm');
    renderBridge();
    setToken('ended');
    stubFetch(() => reply(50012, null, 'Password changed elsewhere', 401));
    await Promise.all([failure(http.get('/a')), failure(http.get('/b')), failure(http.get('/c'))]);
    await findTitle();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(getToken()).toBe('ended');
    expect(reload).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    // once cancelled, the next 50012 may open a box again
    await failure(http.get('/d'));
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('a refusal to a request sent before Cancel does not reopen the box; one sent after does', async () => {
    const confirm = vi.spyOn(feedback, 'confirm');
    renderBridge();
    setToken('ended');
    let answerLate: (() => void) | undefined;
    stubFetch((url) =>
      String(url).includes('/late')
        ? new Promise((resolve) => {
            answerLate = () => resolve(reply(50008, null, 'Account disabled', 401));
          })
        : reply(50008, null, 'Account disabled', 401),
    );
    const late = failure(http.get('/late'));
    await failure(http.get('/first'));
    await findTitle();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    answerLate?.();
    expect(await late).toMatchObject({ code: 50008 });
    expect(confirm).toHaveBeenCalledTimes(1);
    await failure(http.get('/after'));
    expect(confirm).toHaveBeenCalledTimes(2);
  });
});

describe('transport errors', () => {
  it('a network failure shows "The network connection is busy…"', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const err = await failure(http.get('/x'));
    expect(err).toMatchObject({ code: ClientCode.NETWORK, message: 'The network connection is busy, please try again later.' });
    expect(feedback.error).toHaveBeenCalledWith('The network connection is busy, please try again later.', 5);
  });

  it('a reply that is not JSON shows its own message', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const err = await failure(http.get('/x'));
    expect(err).toMatchObject({ code: ClientCode.BAD_REPLY, message: 'Request failed with status code 502' });
    expect(feedback.error).toHaveBeenCalledWith('Request failed with status code 502', 5);
  });

  it('times out after 500000 ms', async () => {
    vi.useFakeTimers();
    stubFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const settled = vi.fn();
    const p = failure(http.get('/slow')).then((e) => {
      settled(e);
      return e;
    });
    await vi.advanceTimersByTimeAsync(499_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const err = await p;
    expect(err).toMatchObject({ code: ClientCode.TIMEOUT, message: 'The request timed out after 500000 ms' });
    expect(feedback.error).toHaveBeenCalledWith('The request timed out after 500000 ms', 5);
  });

  it("the caller's abort rejects without a toast", async () => {
    stubFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const p = failure(request({ url: '/x', signal: controller.signal }));
    controller.abort();
    expect(await p).toMatchObject({ code: ClientCode.ABORTED, message: 'The request was cancelled' });
    expect(feedback.error).not.toHaveBeenCalled();
  });
});

describe('one request per URL in flight', () => {
  it('a duplicate fails at once with "Request is already in progress"; the URL is free again afterwards', async () => {
    let release: (r: Response) => void = () => undefined;
    stubFetch(() => new Promise<Response>((resolve) => (release = resolve)));
    const first = http.get('/shopping_cart/cart_page', { page: 1 });
    const dup = await failure(http.get('/shopping_cart/cart_page', { page: 1 }));
    expect(dup).toMatchObject({ code: ClientCode.DUPLICATE, message: 'Request is already in progress' });
    expect(feedback.error).toHaveBeenCalledWith('Request is already in progress', 5);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => release(reply(200, 'first')));
    await expect(first).resolves.toBe('first');
    stubFetch(() => reply(200, 'again'));
    await expect(http.get('/shopping_cart/cart_page', { page: 1 })).resolves.toBe('again');
  });

  it('a different method, query or path is not a duplicate', async () => {
    const releases: Array<(r: Response) => void> = [];
    stubFetch(() => new Promise<Response>((resolve) => releases.push(resolve)));
    const calls = [http.get('/a', { page: 1 }), http.get('/a', { page: 2 }), http.post('/a'), http.get('/b')];
    expect(fetchMock).toHaveBeenCalledTimes(4);
    for (const r of releases) r(reply(200, 'ok'));
    await expect(Promise.all(calls)).resolves.toEqual(['ok', 'ok', 'ok', 'ok']);
  });

  it('an aborted request frees its URL at once, so a refetch that cancels and re-asks in the same tick goes through', async () => {
    const releases: Array<(r: Response) => void> = [];
    // like fetch: pending until answered, rejected with an AbortError when its signal aborts
    stubFetch(
      (_url, init) =>
        new Promise<Response>((resolve, reject) => {
          releases.push(resolve);
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const old = failure(http.get('/project/content', { id: 3 }, { signal: controller.signal }));
    controller.abort();
    const fresh = http.get('/project/content', { id: 3 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(await old).toMatchObject({ code: ClientCode.ABORTED });
    // the old request settling later must not free the slot the new one holds
    const dup = await failure(http.get('/project/content', { id: 3 }, { silent: true }));
    expect(dup).toMatchObject({ code: ClientCode.DUPLICATE });
    for (const r of releases) r(reply(200, 'new'));
    await expect(fresh).resolves.toBe('new');
  });

  it('the duplicate rejection is silent when asked', async () => {
    stubFetch(() => new Promise<Response>(() => undefined));
    void http.post('/login', {});
    const dup = await failure(http.post('/login', {}, { silent: true }));
    expect(dup).toMatchObject({ code: ClientCode.DUPLICATE });
    expect(feedback.error).not.toHaveBeenCalled();
  });
});

describe('uploads with progress (XMLHttpRequest)', () => {
  /** An XMLHttpRequest that reports `steps` of upload progress, then answers `body` (or fails the network). */
  function stubXhr(body: string | null, steps: [number, number][] = []) {
    const sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
    class Xhr {
      status = 200;
      responseText = '';
      upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      private req = { method: '', url: '', headers: {} as Record<string, string>, body: null as unknown };
      open(method: string, url: string) {
        Object.assign(this.req, { method, url });
      }
      setRequestHeader(name: string, value: string) {
        this.req.headers[name] = value;
      }
      abort() {
        this.onabort?.();
      }
      send(b: unknown) {
        sent.push({ ...this.req, body: b });
        queueMicrotask(() => {
          for (const [loaded, total] of steps)
            this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
          if (body === null) return this.onerror?.();
          this.responseText = body;
          this.onload?.();
        });
      }
    }
    vi.stubGlobal('XMLHttpRequest', Xhr);
    return sent;
  }

  it('reports the bytes sent and resolves with the data, with the token and language headers', async () => {
    setToken('tok-1');
    const sent = stubXhr(JSON.stringify({ code: 200, message: '', data: { url: '/x.png' } }), [
      [5, 10],
      [10, 10],
    ]);
    const progress = vi.fn();
    const form = new FormData();
    const data = await http.post('/project/image_upload', form, { onUploadProgress: progress });
    expect(data).toEqual({ url: '/x.png' });
    expect(progress.mock.calls).toEqual([
      [5, 10],
      [10, 10],
    ]);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/project/image_upload', body: form });
    expect(sent[0]!.headers).toMatchObject({ authorization: 'Bearer tok-1', 'accept-language': 'en' });
  });

  it('answers codes and network failures like any other request', async () => {
    stubXhr(JSON.stringify({ code: 40004, message: 'Illegal document', data: null }));
    expect(await failure(http.post('/project/image_upload', new FormData(), { onUploadProgress: vi.fn() }))).toMatchObject({
      code: 40004,
      message: 'Illegal document',
    });
    expect(feedback.error).toHaveBeenCalledWith('Illegal document', 5);
    stubXhr(null);
    expect(await failure(http.post('/project/image_upload', new FormData(), { onUploadProgress: vi.fn() }))).toMatchObject({
      code: ClientCode.NETWORK,
      message: 'The network connection is busy, please try again later.',
    });
  });
});

describe('error log', () => {
  it('records every failed request with its method and URL', async () => {
    stubFetch(() => reply(40401, null, 'Not found', 404));
    await failure(http.get('/project/front_project_details', { id: 9 }, { silent: true }));
    expect(getErrorLog()).toEqual([
      expect.objectContaining({ message: '40401: Not found', url: 'GET /api/project/front_project_details?id=9' }),
    ]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.errorLog) ?? '[]')).toHaveLength(1);
  });
  it('leaves out a code the call expects as an answer, and still rejects with it', async () => {
    stubFetch(() => reply(40401, null, 'Not found', 404));
    const err = await failure(http.get('/share/info', { id: 9 }, { silent: true, expectedCodes: [40401] }));
    expect(err).toMatchObject({ code: 40401 });
    expect(getErrorLog()).toEqual([]);
    stubFetch(() => reply(50000, null, 'Boom', 500));
    await failure(http.get('/share/info', { id: 9 }, { silent: true, expectedCodes: [40401] }));
    expect(getErrorLog()).toEqual([expect.objectContaining({ message: '50000: Boom' })]);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reply, serve } from './test-utils';

/**
 * serve() started outside a test (here in beforeAll) cannot fail the test when it ends, so a request or reply that
 * drifts from the contract rejects the call itself: that makes the checks observable here.
 */
describe('serve() holds fakes and pages to the contract', () => {
  let fetch: ReturnType<typeof serve>;
  beforeAll(() => {
    fetch = serve({
      '/api/forum/like_post': () => reply(200, { like_count: 1, liked: true }),
      '/api/forum/add_thread': () => reply(200, { id: 'one' }),
    });
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  const post = (path: string, body: unknown) => fetch(path, { method: 'POST', body: JSON.stringify(body) });

  it('passes a body and a reply the contract allows', async () => {
    const res = await post('/api/forum/like_post', { id: 3, like: true });
    expect(await res.json()).toMatchObject({ code: 200, data: { like_count: 1, liked: true } });
  });

  it('refuses a body the route would refuse, naming the route and the issues', async () => {
    await expect(post('/api/forum/like_post', { id: 3 })).rejects.toThrow(
      /POST \/api\/forum\/like_post: the page's request body does not match the contract's body schema[\s\S]*like/,
    );
  });

  it('refuses a non-JSON body to a route that takes JSON', async () => {
    await expect(fetch('/api/forum/like_post', { method: 'POST', body: new FormData() })).rejects.toThrow(/non-JSON body/);
  });

  it('refuses a reply the real server could not give', async () => {
    await expect(post('/api/forum/add_thread', { board_id: 1, title: 'Hello', body: 'Hello there' })).rejects.toThrow(
      /\/api\/forum\/add_thread: the fake's reply does not match the contract's reply schema/,
    );
  });

  it('checks no body on a GET (GET /activate is the mail link; the POST takes the token)', async () => {
    const res = await fetch('/api/activate?token=abc', { method: 'GET' });
    expect(await res.json()).toMatchObject({ code: 40401 });
  });
});

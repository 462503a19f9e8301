import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LiveStream } from '@xr/contract/live';
import { describe, expect, it, vi } from 'vitest';
import { bodiesTo, makeUser, renderAt, reply, serve, setupScreenTests } from '../../../components/test-utils';
import { loadUserInfo, resetToken, setToken } from '../../../lib/auth/session';
import LiveListPage from './live-list-page';
import LiveWatchPage from './live-watch-page';

/** A socket that records what the page emits and lets the test push server events. */
const fakeSocket = vi.hoisted(() => {
  const handlers = new Map<string, (payload: unknown) => void>();
  const emitted: [string, unknown][] = [];
  return {
    handlers,
    emitted,
    socket: {
      on(event: string, fn: (payload: unknown) => void) {
        handlers.set(event, fn);
      },
      emit(event: string, payload: unknown) {
        emitted.push([event, payload]);
      },
      disconnect() {},
    },
  };
});
vi.mock('socket.io-client', () => ({ io: () => fakeSocket.socket }));
/** The player stands in for mpegts.js (no Media Source Extensions here): it shows which stream it was opened on. */
const players = vi.hoisted(() => ({ opened: 0 }));
vi.mock('../components/live-player', () => ({
  default: ({ url }: { url: string }) => {
    players.opened++;
    return <div data-testid="live-player">{url}</div>;
  },
}));

setupScreenTests('en');

const at = '2026-03-01T10:00:00.000Z';
const stream = (over: Partial<LiveStream> = {}): LiveStream => ({
  id: 7,
  name: 'Harbour at night',
  password: '123456',
  state: 'live',
  projection: '360',
  keep_recording: false,
  owner_id: 1,
  owner_name: 'maker',
  viewers: 3,
  viewer_peak: 9,
  rtmp_url: 'rtmp://example.test:1935/live',
  started_at: at,
  ended_at: null,
  created_at: at,
  recording_asset_ids: [],
  ...over,
});

async function showList() {
  let list = [stream()];
  const fetch = serve({
    '/api/user/user_info': () =>
      reply(200, makeUser({ id: 1, vip_status: true, permissions: [{ http_path: '/explore/live-streaming-list' }] })),
    '/api/live/live_page': () => reply(200, { list, total: list.length, page: 1, limit: 10 }),
    '/api/live/add_live': (body) => {
      list = [stream({ id: 8, state: 'idle', ...(body as Partial<LiveStream>) }), ...list];
      return reply(200, {
        id: 8,
        rtmp_url: 'rtmp://example.test:1935/live',
        stream_key: '8?key=SECRETSECRETSECRETSECRETSECRET12',
        publish_url: 'rtmp://example.test:1935/live/8?key=SECRETSECRETSECRETSECRETSECRET12',
      });
    },
    '/api/live/end_live': () => reply(200, stream({ state: 'ended' })),
  });
  resetToken();
  setToken('tok-1');
  await loadUserInfo();
  renderAt(<LiveListPage />, '/explore/live-streaming-list');
  return fetch;
}

describe('live streaming list', { timeout: 120_000 }, () => {
  it('lists streams, creates one (6-digit password checked first) and shows its key once', async () => {
    const fetch = await showList();
    const row = (await screen.findByText('Harbour at night')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Live')).toBeInTheDocument();
    expect(within(row).getByText('123456')).toBeInTheDocument();
    expect(within(row).getByText('3 (peak 9)')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /New live stream/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Gallery walk' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: '12345' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await within(dialog).findByText('The password is 6 digits')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/live/add_live')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: '654321' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Broadcast settings')).toBeInTheDocument();
    expect(screen.getByTestId('ingest-key')).toHaveTextContent('8?key=SECRETSECRETSECRETSECRETSECRET12');
    expect(screen.getByTestId('ingest-server')).toHaveTextContent('rtmp://example.test:1935/live');
    expect(bodiesTo(fetch, '/api/live/add_live')).toEqual([
      { name: 'Gallery walk', password: '654321', projection: '360', keep_recording: false },
    ]);
  });

  it('ending a stream asks first', async () => {
    const fetch = await showList();
    const live = (await screen.findByText('Harbour at night')).closest('tr') as HTMLElement;
    await userEvent.click(within(live).getByRole('button', { name: /End/ }));
    expect(await screen.findByText('confirm to perform this action')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/live/end_live')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(bodiesTo(fetch, '/api/live/end_live')).toEqual([{ id: 7 }]));
  });
});

describe('live watch page', { timeout: 120_000 }, () => {
  it('asks the 6-digit password, shows a refusal, then waits for the stream with its chat and viewer count', async () => {
    resetToken();
    const fetch = serve({
      '/api/live/live_info': () =>
        reply(200, {
          id: 7,
          name: 'Harbour at night',
          state: 'idle',
          projection: '360',
          owner_name: 'maker',
          viewers: 0,
          started_at: null,
          ended_at: null,
          keep_recording: false,
          interrupted: false,
        }),
      '/api/live/check_password': (body) =>
        (body as { password: string }).password === '123456'
          ? reply(200, {
              id: 7,
              play_url: '/api/live/play/7.flv?sig=1.a.b',
              ticket: '1.a.b',
              expires_at: new Date(Date.now() + 600_000).toISOString(),
              projection: '360',
              state: 'idle',
            })
          : reply(40040, null, 'Wrong live stream password'),
    });
    renderAt(<LiveWatchPage />, '/live?id=7');
    expect(await screen.findByText('Harbour at night')).toBeInTheDocument();
    expect(screen.getByText('Enter the 6-digit password of this live stream')).toBeInTheDocument();

    const boxes = screen.getAllByRole('textbox');
    const type = async (digits: string) => {
      for (const [i, d] of [...digits].entries()) fireEvent.input(boxes[i] as HTMLElement, { target: { value: d } });
    };
    await type('111111');
    await userEvent.click(screen.getByRole('button', { name: 'Watch' }));
    expect(await screen.findByText('Wrong live stream password')).toBeInTheDocument();
    await type('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Watch' }));
    expect(await screen.findByText('Waiting for the stream to start…')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/live/check_password')).toEqual([
      { id: 7, password: '111111' },
      { id: 7, password: '123456' },
    ]);

    // The chat joins with the ticket; server pushes show up.
    await waitFor(() => expect(fakeSocket.handlers.has('connect')).toBe(true));
    fakeSocket.handlers.get('connect')?.(undefined);
    expect(fakeSocket.emitted).toContainEqual(['live:join', { id: 7, ticket: '1.a.b' }]);
    fakeSocket.handlers.get('live:viewers')?.({ stream_id: 7, viewers: 2 });
    fakeSocket.handlers.get('live:history')?.({
      stream_id: 7,
      messages: [{ id: 1, stream_id: 7, user_name: 'ann', text: 'Hello harbour', created_at: new Date().toISOString() }],
    });
    expect(await screen.findByText('2 viewers')).toBeInTheDocument();
    expect(screen.getByText('Hello harbour')).toBeInTheDocument();
    expect(screen.getByText('Sign in to write in the chat')).toBeInTheDocument();
    fakeSocket.handlers.get('live:state')?.({ stream_id: 7, state: 'ended' });
    expect(await screen.findByText('This live stream has ended')).toBeInTheDocument();
  });
});

/** The watch page of stream 7 (password 123456) past its password, the stream in `state`. */
async function enterStream(state: 'idle' | 'live', over: { keep_recording?: boolean; liveInfo?: () => Response } = {}) {
  resetToken();
  fakeSocket.handlers.clear();
  fakeSocket.emitted.length = 0;
  const fetch = serve({
    '/api/live/live_info':
      over.liveInfo ??
      (() =>
        reply(200, {
          id: 7,
          name: 'Harbour at night',
          state,
          projection: '360',
          owner_name: 'maker',
          viewers: 0,
          started_at: null,
          ended_at: null,
          keep_recording: over.keep_recording ?? false,
          interrupted: false,
        })),
    '/api/live/check_password': () =>
      reply(200, {
        id: 7,
        play_url: '/api/live/play/7.flv?sig=1.a.b',
        ticket: '1.a.b',
        expires_at: new Date(Date.now() + 600_000).toISOString(),
        projection: '360',
        state,
      }),
  });
  renderAt(<LiveWatchPage />, '/live?id=7');
  await screen.findByText('Harbour at night');
  const boxes = screen.getAllByRole('textbox');
  for (const [i, d] of [...'123456'].entries()) fireEvent.input(boxes[i] as HTMLElement, { target: { value: d } });
  await userEvent.click(screen.getByRole('button', { name: 'Watch' }));
  await waitFor(() => expect(fakeSocket.handlers.has('live:state')).toBe(true));
  fakeSocket.handlers.get('connect')?.(undefined);
  return fetch;
}
const push = (event: string, payload: unknown) => act(() => fakeSocket.handlers.get(event)?.(payload));
const infoCalls = (fetch: ReturnType<typeof serve>) => bodiesTo(fetch, '/api/live/live_info').length;

describe('live watch page: the stream starts, drops and ends while people watch', { timeout: 120_000 }, () => {
  it('a viewer waiting when the stream starts gets the player, with one info reload per state change', async () => {
    const fetch = await enterStream('idle');
    expect(await screen.findByText('Waiting for the stream to start…')).toBeInTheDocument();
    push('live:state', { stream_id: 7, state: 'idle', interrupted: false });
    const before = infoCalls(fetch);
    push('live:state', { stream_id: 7, state: 'live', interrupted: false });
    expect(await screen.findByTestId('live-player')).toHaveTextContent('/api/live/play/7.flv?sig=1.a.b');
    // Re-renders (viewer counts, chat) do not reload the stream's facts again and again.
    for (let n = 1; n <= 5; n++) push('live:viewers', { stream_id: 7, viewers: n });
    await new Promise((r) => setTimeout(r, 300));
    expect(infoCalls(fetch) - before).toBe(1);
    expect(screen.queryByText('This live stream does not exist')).not.toBeInTheDocument();
    expect(screen.getByTestId('live-player')).toBeInTheDocument();
  });

  it('a failed or refused reload of the facts is not "does not exist"; only the server\'s not-found is', async () => {
    let answer: 'ok' | 'down' | 'gone' = 'ok';
    const info = () =>
      answer === 'down'
        ? new Response('bad gateway', { status: 502 })
        : answer === 'gone'
          ? reply(40401, null, 'Not found')
          : reply(200, {
              id: 7,
              name: 'Harbour at night',
              state: 'live',
              projection: '360',
              owner_name: 'maker',
              viewers: 0,
              started_at: null,
              ended_at: null,
              keep_recording: false,
              interrupted: false,
            });
    await enterStream('idle', { liveInfo: info });
    answer = 'down';
    push('live:state', { stream_id: 7, state: 'live', interrupted: false });
    expect(await screen.findByTestId('live-player')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByText('This live stream does not exist')).not.toBeInTheDocument();
    answer = 'gone';
    push('live:state', { stream_id: 7, state: 'ended', interrupted: false });
    expect(await screen.findByText('This live stream does not exist')).toBeInTheDocument();
  });

  it('shows an interruption, reopens the player when the publisher is back, then says the broadcast ended with its recording', async () => {
    await enterStream('live', { keep_recording: true });
    push('live:state', { stream_id: 7, state: 'live', interrupted: false });
    await screen.findByTestId('live-player');
    const opened = players.opened;

    push('live:state', { stream_id: 7, state: 'live', interrupted: true });
    expect(await screen.findByText('The broadcast was interrupted: waiting for the stream to come back…')).toBeInTheDocument();
    expect(screen.queryByTestId('live-player')).not.toBeInTheDocument();
    expect(screen.getByTestId('live-state')).toHaveTextContent('Live');

    push('live:state', { stream_id: 7, state: 'live', interrupted: false });
    expect(await screen.findByTestId('live-player')).toBeInTheDocument();
    expect(players.opened).toBeGreaterThan(opened);

    push('live:state', { stream_id: 7, state: 'live', interrupted: true });
    await screen.findByText('The broadcast was interrupted: waiting for the stream to come back…');
    push('live:state', { stream_id: 7, state: 'idle', interrupted: false });
    expect(
      await screen.findByText('This broadcast has ended. If the host goes live again, it plays here by itself.'),
    ).toBeInTheDocument();
    expect(screen.getByText('The host keeps a recording of this broadcast.')).toBeInTheDocument();

    // A new broadcast plays by itself.
    push('live:state', { stream_id: 7, state: 'live', interrupted: false });
    expect(await screen.findByTestId('live-player')).toBeInTheDocument();
    push('live:state', { stream_id: 7, state: 'ended', interrupted: false });
    expect(await screen.findByText('This live stream has ended')).toBeInTheDocument();
    expect(screen.getByText('The host keeps a recording of this broadcast.')).toBeInTheDocument();
  });
});

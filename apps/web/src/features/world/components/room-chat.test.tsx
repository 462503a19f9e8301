import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodiesTo, renderAt, reply, serve, setupScreenTests, unmountAndSettle } from '../../../components/test-utils';
import type { ChatLine } from './chat-panel';
import { RoomChat } from './room-chat';

setupScreenTests();

const line = (id: number, over: Partial<ChatLine> = {}): ChatLine => ({
  id,
  author_key: id,
  author_name: `Person ${id}`,
  text: `Hello ${id}`,
  created_at: '2026-01-02T03:04:05.000Z',
  ...over,
});

describe('room chat reports', () => {
  it('reports another person’s message through the report dialog with its chat id', async () => {
    const fetch = serve({ '/api/reports/set_reports': () => reply(200, { id: 9 }) });
    renderAt(
      <RoomChat canReport lines={[line(41), line(42, { mine: true })]} maxLength={500} onSend={() => Promise.resolve()} />,
      '/',
    );
    expect(screen.queryByRole('button', { name: "Report Person 42's message" })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: "Report Person 41's message" }));
    fireEvent.click((await screen.findAllByRole('button', { name: 'Report' })).at(-1) as HTMLElement);
    const dialog = (await screen.findByText('Report this chat message')).closest('[role="dialog"]') as HTMLElement;
    fireEvent.click(within(dialog).getByLabelText('Inappropriate or illegal content'));
    fireEvent.change(within(dialog).getByLabelText('Details'), { target: { value: '  Insults  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(bodiesTo(fetch, '/api/reports/set_reports')).toEqual([{ chat_id: 41, reason: 'inappropriate', content: 'Insults' }]),
    );
    await waitFor(() => expect(screen.queryByText('Report this chat message')).toBeNull());
    await unmountAndSettle();
  }, 90_000); // slow on a busy machine

  it('offers no report button to signed-out visitors', () => {
    renderAt(<RoomChat canReport={false} lines={[line(1)]} maxLength={500} onSend={() => Promise.resolve()} />, '/');
    expect(screen.getByText('Hello 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Report Person 1's message" })).toBeNull();
  });
});

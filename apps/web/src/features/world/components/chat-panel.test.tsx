import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, setupScreenTests } from '../../../components/test-utils';
import { type ChatLine, ChatPanel } from './chat-panel';

setupScreenTests();

const line = (id: number, over: Partial<ChatLine> = {}): ChatLine => ({
  id,
  author_key: id,
  author_name: `Person ${id}`,
  text: `Hello ${id}`,
  created_at: '2026-01-02T03:04:05.000Z',
  ...over,
});

describe('room chat panel', () => {
  it("marks a guest's lines with a Guest tag next to the name", () => {
    renderAt(<ChatPanel lines={[line(1, { guest: true }), line(2)]} maxLength={500} onSend={() => Promise.resolve()} />, '/');
    const [guestLine, memberLine] = screen.getAllByTestId('chat-line') as [HTMLElement, HTMLElement];
    expect(guestLine.querySelector('[data-testid=guest-tag]')).toHaveTextContent('Guest');
    expect(memberLine.querySelector('[data-testid=guest-tag]')).toBeNull();
  });

  it('shows the history, sends a trimmed message with Enter and clears the box once accepted', async () => {
    const onSend = vi.fn(() => Promise.resolve());
    renderAt(<ChatPanel lines={[line(1), line(2, { mine: true })]} maxLength={500} onSend={onSend} />, '/');
    expect(screen.getAllByTestId('chat-line')).toHaveLength(2);
    expect(screen.getByText('Hello 1')).toBeInTheDocument();
    const box = screen.getByLabelText('Chat message');
    fireEvent.change(box, { target: { value: '  hi all  ' } });
    expect(screen.getByTestId('chat-count')).toHaveTextContent('10/500');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('hi all'));
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('keeps the text when the server refuses it, and does not send blanks or over-long messages', async () => {
    const onSend = vi.fn(() => Promise.reject(new Error('too fast')));
    renderAt(<ChatPanel lines={[]} maxLength={5} onSend={onSend} />, '/');
    expect(screen.getByText('No messages yet: say hello')).toBeInTheDocument();
    const box = screen.getByLabelText('Chat message');
    const send = screen.getByTestId('chat-send');
    fireEvent.change(box, { target: { value: '   ' } });
    expect(send).toBeDisabled();
    fireEvent.change(box, { target: { value: 'toolong' } });
    expect(screen.getByTestId('chat-count')).toHaveTextContent('7/5');
    expect(screen.getByTestId('chat-count')).toHaveClass('is-over');
    expect(send).toBeDisabled();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: 'hey' } });
    fireEvent.click(send);
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('hey'));
    await waitFor(() => expect(send).not.toHaveClass('ant-btn-loading'));
    expect(box).toHaveValue('hey');
  });

  it('reports other people’s lines after a confirmation, never one’s own', async () => {
    const onReport = vi.fn();
    renderAt(
      <ChatPanel
        lines={[line(1), line(2, { mine: true })]}
        maxLength={500}
        onSend={() => Promise.resolve()}
        onReport={onReport}
      />,
      '/',
    );
    expect(screen.queryByRole('button', { name: "Report Person 2's message" })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: "Report Person 1's message" }));
    expect(await screen.findByText('Report this message to the moderators?')).toBeInTheDocument();
    expect(onReport).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('button', { name: 'Report' }).at(-1)!);
    await waitFor(() => expect(onReport).toHaveBeenCalledWith(expect.objectContaining({ id: 1 })));
  });

  it('explains why writing is off', () => {
    renderAt(<ChatPanel lines={[]} maxLength={500} onSend={() => Promise.resolve()} disabledReason="Muted by a host" />, '/');
    expect(screen.getByLabelText('Chat message')).toBeDisabled();
    expect(screen.getByPlaceholderText('Muted by a host')).toBeInTheDocument();
  });
});

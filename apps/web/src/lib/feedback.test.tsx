import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeedbackBridge, feedback, feedbackHostRequested, useFeedback } from './feedback';

/**
 * @isolated-module-graph: the first test checks that nothing is loaded before the first press, which holds only in a
 * module graph no other file has used.
 *
 * lib/feedback: antd's message / modal load with the first toast or confirm (not in any page's first
 * load); with a bridge in the tree they render inside it (removed with the tree), without one antd's static functions.
 */
function Toaster() {
  const { message, modal } = useFeedback();
  return (
    <>
      <button type="button" onClick={() => message.success('Saved it')}>
        toast
      </button>
      <button type="button" onClick={() => modal.confirm({ title: 'Really delete?', onOk: onOk })}>
        ask
      </button>
    </>
  );
}
const onOk = vi.fn();

afterEach(() => {
  onOk.mockReset();
});

describe('feedback', () => {
  it('loads nothing until the first press anywhere, which starts loading the host before any toast', async () => {
    render(
      <ConfigProvider>
        <FeedbackBridge />
        <span>page</span>
      </ConfigProvider>,
    );
    expect(feedbackHostRequested()).toBe(false);
    await userEvent.click(screen.getByText('page'));
    expect(feedbackHostRequested()).toBe(true);
    feedback.success('Warm already');
    expect(await screen.findByText('Warm already')).toBeInTheDocument();
  });

  it('renders nothing until asked, then shows the toast through the bridge', async () => {
    const { container, unmount } = render(
      <ConfigProvider>
        <FeedbackBridge />
        <Toaster />
      </ConfigProvider>,
    );
    expect(screen.queryByText('Saved it')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'toast' }));
    expect(await screen.findByText('Saved it')).toBeInTheDocument();
    expect(container).toBeInTheDocument();
    unmount();
    await waitFor(() => expect(screen.queryByText('Saved it')).not.toBeInTheDocument());
  });

  it('a confirm box runs onOk on OK', async () => {
    render(
      <ConfigProvider>
        <FeedbackBridge />
        <Toaster />
      </ConfigProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    expect(await screen.findByText('Really delete?', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onOk).toHaveBeenCalledTimes(1));
  });

  it('destroy() before the box is shown cancels it', async () => {
    render(
      <ConfigProvider>
        <FeedbackBridge />
      </ConfigProvider>,
    );
    const handle = feedback.confirm({ title: 'Never shown', onOk });
    handle.destroy();
    feedback.info('After the cancel');
    expect(await screen.findByText('After the cancel')).toBeInTheDocument();
    expect(screen.queryByText('Never shown')).not.toBeInTheDocument();
  });

  it('without a bridge, antd’s static message is used', async () => {
    await act(async () => feedback.warning('No bridge here'));
    expect(await screen.findByText('No bridge here')).toBeInTheDocument();
  });
});

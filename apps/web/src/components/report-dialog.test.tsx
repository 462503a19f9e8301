import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReportDialog } from './report-dialog';
import { bodiesTo, renderAt, reply, serve, setupScreenTests, unmountAndSettle } from './test-utils';

setupScreenTests();

const rejections: unknown[] = [];
const onRejection = (e: Event) => rejections.push((e as PromiseRejectionEvent).reason);
const onNodeRejection = (reason: unknown) => rejections.push(reason);

beforeEach(() => {
  rejections.length = 0;
  window.addEventListener('unhandledrejection', onRejection);
  process.on('unhandledRejection', onNodeRejection);
});
afterEach(() => {
  window.removeEventListener('unhandledrejection', onRejection);
  process.off('unhandledRejection', onNodeRejection);
});

describe('report dialog', () => {
  it('shows the inline errors for empty fields without an unhandled rejection, then sends a complete report', async () => {
    const fetch = serve({ '/api/reports/set_reports': () => reply(200, { id: 5 }) });
    let closed = 0;
    renderAt(<ReportDialog target={{ project_id: 7 }} open onClose={() => closed++} />, '/');

    fireEvent.click(await screen.findByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Please choose a reason')).toBeInTheDocument();
    expect(await screen.findByText('please enter content')).toBeInTheDocument();
    // let any rejected validation promise surface before checking
    await new Promise((r) => setTimeout(r, 50));
    expect(rejections).toEqual([]);
    expect(bodiesTo(fetch, '/api/reports/set_reports')).toHaveLength(0);
    expect(closed).toBe(0);

    fireEvent.click(screen.getByLabelText('Misleading description or fraud'));
    fireEvent.change(screen.getByLabelText('Details'), { target: { value: '  Copied from another shop  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(bodiesTo(fetch, '/api/reports/set_reports')).toEqual([
        { project_id: 7, reason: 'fraud', content: 'Copied from another shop' },
      ]),
    );
    await waitFor(() => expect(closed).toBe(1));
    expect(rejections).toEqual([]);
    await unmountAndSettle();
  }, 90_000); // slow on a busy machine
});

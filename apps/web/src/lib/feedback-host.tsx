import { App, Modal, message } from 'antd';
import { useEffect } from 'react';
import type { FeedbackApi, ProvideFeedbackApi } from './feedback-api';

/** antd's message and modal behind the app's feedback API (lib/feedback loads this module on first use). */
type MessageLike = Pick<typeof message, 'open'>;
type ModalLike = Pick<typeof Modal, 'confirm'>;

function feedbackOf(m: MessageLike, modal: ModalLike): FeedbackApi {
  return {
    open: (level, content, seconds) => void m.open({ type: level, content, duration: seconds }),
    confirm: (config) => {
      const handle = modal.confirm(config);
      return { destroy: () => handle.destroy() };
    },
  };
}

/** The static functions: outside React or before a bridge mounts (not themed by the current ConfigProvider). */
export const staticFeedback = feedbackOf(message, Modal);

/** Closes every static toast and confirm box (lib/feedback's `closeStaticFeedback`). */
export function closeStatic(): void {
  message.destroy();
  Modal.destroyAll();
}

function Bridge({ provide }: { provide: ProvideFeedbackApi }) {
  const { message: m, modal } = App.useApp();
  useEffect(() => {
    const api = feedbackOf(m, modal);
    provide(api);
    return () => provide(null, api);
  }, [m, modal, provide]);
  return null;
}

/**
 * antd's App context (no wrapper element) with its holders, and the bridge that hands its API to lib/feedback
 * through `provide` (passed in by lib/feedback, which loads this module: importing it back made a cycle).
 */
export function FeedbackHost({ provide }: { provide: ProvideFeedbackApi }) {
  return (
    <App component={false}>
      <Bridge provide={provide} />
    </App>
  );
}

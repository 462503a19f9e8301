import { App, Modal, type ModalFuncProps, message as staticMessage } from 'antd';
import { type ReactNode, useEffect } from 'react';

/**
 * Toasts and confirm boxes for code outside components (HTTP client, session, guard). Inside the app they
 * go through antd's `App.useApp()` (theme, locale and prefix of the current ConfigProvider); before the
 * bridge mounts, or in a test without it, the static antd functions are used.
 */
type AppApi = ReturnType<typeof App.useApp>;
let messageApi: AppApi['message'] | null = null;
let modalApi: AppApi['modal'] | null = null;

/** Render once inside antd's `<App>`: hands its context-aware message and modal to `feedback`. */
export function FeedbackBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    messageApi = message;
    modalApi = modal;
    return () => {
      if (messageApi === message) messageApi = null;
      if (modalApi === modal) modalApi = null;
    };
  }, [message, modal]);
  return null;
}

type Level = 'error' | 'warning' | 'success' | 'info';

function show(level: Level, content: ReactNode, seconds?: number): void {
  const api = messageApi ?? staticMessage;
  void api.open({ type: level, content, duration: seconds });
}

export interface ConfirmHandle {
  destroy(): void;
}

/** The toast and confirm functions. Methods are looked up at call time, so tests can spy on them. */
export const feedback = {
  error: (content: ReactNode, seconds?: number) => show('error', content, seconds),
  warning: (content: ReactNode, seconds?: number) => show('warning', content, seconds),
  success: (content: ReactNode, seconds?: number) => show('success', content, seconds),
  info: (content: ReactNode, seconds?: number) => show('info', content, seconds),
  confirm(config: ModalFuncProps): ConfirmHandle {
    const handle = modalApi ? modalApi.confirm(config) : Modal.confirm(config);
    return { destroy: () => handle.destroy() };
  },
};

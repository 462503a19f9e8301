import type { ModalFuncProps } from 'antd';
import type { ReactNode } from 'react';

/** The shapes lib/feedback and its lazily loaded host (lib/feedback-host) share; a third file, so neither imports the other. */
export type FeedbackLevel = 'error' | 'warning' | 'success' | 'info';

/** What the host gives: a toast of a level, and a confirm box. */
export interface FeedbackApi {
  open(level: FeedbackLevel, content: ReactNode, seconds?: number): void;
  confirm(config: ModalFuncProps): ConfirmHandle;
}

export interface ConfirmHandle {
  destroy(): void;
}

/** How the host hands its context-aware API to lib/feedback when it is ready (or gone: `null` with the API it replaces). */
export type ProvideFeedbackApi = (api: FeedbackApi | null, replaces?: FeedbackApi) => void;

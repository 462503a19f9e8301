import { useEffect, useState } from 'react';
import type { RoomState } from './room-client';

/** Phones and narrow windows: the side panel becomes a drawer. */
export function useNarrow(): boolean {
  const query = '(max-width: 760px)';
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && !!window.matchMedia?.(query).matches);
  useEffect(() => {
    const mq = window.matchMedia?.(query);
    if (!mq) return;
    const on = () => setNarrow(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return narrow;
}

/** Renders the caller again when the next emote ends (figures and toasts show only the emotes still playing). */
export function useEmoteClock(emotes: RoomState['emotes']): void {
  const [, tick] = useState(0);
  const nextEnd = Math.min(...Object.values(emotes).map((e) => e.until));
  useEffect(() => {
    if (!Number.isFinite(nextEnd)) return;
    const timer = window.setTimeout(() => tick((n) => n + 1), Math.max(0, nextEnd - Date.now()) + 20);
    return () => window.clearTimeout(timer);
  }, [nextEnd]);
}

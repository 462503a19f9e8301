import { useState } from 'react';

/**
 * Whether `open` has been true at least once. Parts loaded on first use (dialogs, previews, the tour) mount when
 * first opened and stay mounted after, so their closing animation plays and their code is not asked for again.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

import type { LiveState } from '@xr/contract/live';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<LiveState, string> = { idle: 'default', live: 'red', ended: 'gray' };

/** A stream's state as a coloured tag (live in red). */
export function LiveStateTag({ state }: { state: LiveState }) {
  const { t } = useTranslation('live');
  return (
    <Tag color={COLORS[state]} data-testid="live-state">
      {t(`state.${state}`)}
    </Tag>
  );
}

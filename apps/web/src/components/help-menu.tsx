import { CompassOutlined, FileTextOutlined, QuestionCircleOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenedOnce } from '../lib/use-opened-once';
import { startTour } from './guided-tour';
import type { Guide } from './help-guide-dialog';

// The guidelines' dialog (antd Modal and Steps) loads when one is first opened.
const HelpGuideDialog = lazy(() => import('./help-guide-dialog'));

/** Help menu (spec section 2): Profile Guidelines, Project Guideline, and restarting the guided tour. */
export function HelpMenu() {
  const { t } = useTranslation('layout');
  const [guide, setGuide] = useState<Guide | null>(null);
  const opened = useOpenedOnce(guide !== null);
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'profile', icon: <UserOutlined />, label: t('help.profile') },
            { key: 'project', icon: <FileTextOutlined />, label: t('help.project') },
            { type: 'divider' },
            { key: 'tour', icon: <CompassOutlined />, label: t('help.tour') },
          ],
          onClick: ({ key }) => (key === 'tour' ? startTour() : setGuide(key as Guide)),
        }}
      >
        <Button type="text" icon={<QuestionCircleOutlined />} aria-label={t('help.title')} data-tour="help">
          <span className="xr-hide-sm">{t('help.title')}</span>
        </Button>
      </Dropdown>
      {opened ? (
        <Suspense fallback={null}>
          <HelpGuideDialog guide={guide} onClose={() => setGuide(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

import { CompassOutlined, FileTextOutlined, QuestionCircleOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, Modal, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startTour } from './guided-tour';

type Guide = 'profile' | 'project';
const GUIDE_STEPS: Record<Guide, readonly string[]> = {
  profile: ['s1', 's2', 's3', 's4', 's5'],
  project: ['s1', 's2', 's3', 's4', 's5', 's6'],
};

/** Help menu (spec section 2): Profile Guidelines, Project Guideline, and restarting the guided tour. */
export function HelpMenu() {
  const { t } = useTranslation('layout');
  const [guide, setGuide] = useState<Guide | null>(null);
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
      <Modal
        open={guide !== null}
        title={guide ? t(`help.${guide}`) : ''}
        onCancel={() => setGuide(null)}
        footer={
          <Button type="primary" onClick={() => setGuide(null)}>
            {t('help.gotIt')}
          </Button>
        }
        width={640}
        destroyOnHidden
      >
        {guide && (
          <>
            <p className="xr-muted">{t(`guide.${guide}.intro`)}</p>
            <Steps
              orientation="vertical"
              size="small"
              current={-1}
              items={GUIDE_STEPS[guide].map((s) => ({
                title: t(`guide.${guide}.${s}.title`),
                content: t(`guide.${guide}.${s}.text`),
                status: 'process',
              }))}
            />
          </>
        )}
      </Modal>
    </>
  );
}

import { Button, Modal, Steps } from 'antd';
import { useTranslation } from 'react-i18next';

export type Guide = 'profile' | 'project';
const GUIDE_STEPS: Record<Guide, readonly string[]> = {
  profile: ['s1', 's2', 's3', 's4', 's5'],
  project: ['s1', 's2', 's3', 's4', 's5', 's6'],
};

/** A guideline of the Help menu, its steps in a dialog; loaded when a guideline is first opened. */
export default function HelpGuideDialog({ guide, onClose }: { guide: Guide | null; onClose(): void }) {
  const { t } = useTranslation('layout');
  return (
    <Modal
      open={guide !== null}
      title={guide ? t(`help.${guide}`) : ''}
      onCancel={() => onClose()}
      footer={
        <Button type="primary" onClick={() => onClose()}>
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
  );
}

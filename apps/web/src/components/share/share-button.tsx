import { ShareAltOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, type ButtonProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { shareInfoQuery } from '../api/share';

// the dialog (QR code, preview, form controls) loads with the first press
const ShareDialog = lazy(() => import('./share-dialog'));

/**
 * "Share": opens the dialog with the project's link, embed code and QR code. On the details page
 * (`onlyWhenShareable`) it shows only for a project that can be shared; in the editors it always shows, and the
 * dialog says what sharing needs while the project is not public yet.
 */
export function ShareButton({
  projectId,
  onlyWhenShareable = false,
  ...button
}: { projectId: number; onlyWhenShareable?: boolean } & Pick<ButtonProps, 'size' | 'type'>) {
  const { t } = useTranslation('share');
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const info = useQuery({ ...shareInfoQuery(projectId), enabled: onlyWhenShareable });
  if (onlyWhenShareable && !info.data) return null;
  return (
    <>
      <Button {...button} icon={<ShareAltOutlined />} onClick={() => setOpen(true)} data-testid="share-open">
        {t('button')}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <ShareDialog projectId={projectId} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorLog } from '../lib/error-log';
import { useOpenedOnce } from '../lib/use-opened-once';

// The dialog's table (antd Table, Pagination, Typography) loads when the log is first opened, not with every
// admin page (/profile's first load).
const ErrorLogDialog = lazy(() => import('./error-log-dialog'));

/** Top-bar error-log viewer: a bug icon with the number of logged errors, opening a table that can be cleared. */
export function ErrorLogButton() {
  const { t } = useTranslation('layout');
  const log = useErrorLog();
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);

  return (
    <>
      <Tooltip title={t('errorLog.title')}>
        <Badge count={log.length} size="small" offset={[-4, 4]} overflowCount={99}>
          <Button
            type="text"
            danger={log.length > 0}
            icon={<BugOutlined />}
            onClick={() => setOpen(true)}
            aria-label={t('errorLog.title')}
            data-tour="error-log"
          />
        </Badge>
      </Tooltip>
      {opened ? (
        <Suspense fallback={null}>
          <ErrorLogDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

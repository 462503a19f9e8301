import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { UserImportReply } from '@xr/contract/auth';
import { Alert, Modal, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/form/zod-rules';
import { useFeedback } from '../../../lib/feedback';
import { HttpError } from '../../../lib/http';
import { useUserImport } from '../api/user-import';

type RowError = UserImportReply['errors'][number];

const TEMPLATE = 'email,username,forum_name,password,role\nann@example.com,ann,ann,Secret#123,user\n';
const TEMPLATE_URL = `data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE)}`;

/** The row-by-row problems of a refused import (40001 with `data.errors`), if that is what the error is. */
function rowErrorsOf(err: unknown): RowError[] | null {
  if (!(err instanceof HttpError)) return null;
  const errors = (err.data as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) && errors.every((e) => typeof e === 'object' && e && 'row' in e) ? (errors as RowError[]) : null;
}

/** CSV import: pick a file, import all rows or none; a refused file lists its problems per row. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('members');
  const { message } = useFeedback();
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<RowError[] | null>(null);
  const importing = useUserImport();

  const onOk = async () => {
    if (!file) {
      void message.warning(t('import.chooseFile'));
      return;
    }
    setErrors(null);
    try {
      const reply = await importing.mutateAsync(file);
      void message.success(t('import.done', { n: reply.imported }));
      onClose();
    } catch (err) {
      const rows = rowErrorsOf(err);
      if (rows) setErrors(rows);
      else void message.error(errorText(err));
    }
  };

  return (
    <Modal
      open
      title={t('import.title')}
      onOk={onOk}
      onCancel={onClose}
      okText={t('import.submit')}
      cancelText={t('common:cancel')}
      okButtonProps={{ disabled: !file }}
      confirmLoading={importing.isPending}
      width={720}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('import.help')}{' '}
        <Typography.Link href={TEMPLATE_URL} download="members.csv">
          <DownloadOutlined /> {t('import.template')}
        </Typography.Link>
      </Typography.Paragraph>
      <Upload.Dragger
        accept=".csv,text/csv"
        maxCount={1}
        fileList={file ? [{ uid: 'csv', name: file.name, status: 'done' }] : []}
        beforeUpload={(f) => {
          setFile(f);
          setErrors(null);
          return false;
        }}
        onRemove={() => {
          setFile(null);
          setErrors(null);
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('import.drop')}</p>
        <p className="ant-upload-hint">{t('import.limits')}</p>
      </Upload.Dragger>
      {errors && (
        <div className="xr-mt" data-testid="import-errors">
          <Alert type="error" showIcon className="xr-mb" title={t('import.refused', { n: errors.length })} />
          <Table<RowError>
            size="small"
            rowKey={(r) => `${r.row}-${r.field}-${r.message}`}
            dataSource={errors}
            pagination={errors.length > 10 ? { pageSize: 10, size: 'small' } : false}
            columns={[
              { title: t('import.row'), dataIndex: 'row', width: 80 },
              { title: t('import.field'), dataIndex: 'field', width: 140 },
              { title: t('import.problem'), dataIndex: 'message' },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}

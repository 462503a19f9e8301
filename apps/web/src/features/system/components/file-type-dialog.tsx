import { FILE_KINDS, type FileKind, type FileTypeRow } from '@xr/contract/creator';
import { Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/form/zod-rules';
import { useFeedback } from '../../../lib/feedback';
import { validValues } from '../../../lib/forms';
import { useAddFileType, useUpFileType } from '../api/file-types';
import { MB } from './bytes';

interface Values {
  kind: FileKind;
  extension: string;
  max_mb: number;
  enabled: boolean;
}

/** Add or edit an allowed file type: kind, extension (without the dot), largest size in MB, on/off. */
export function FileTypeDialog({ row, onClose }: { row?: FileTypeRow; onClose(): void }) {
  const { t } = useTranslation('system');
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const add = useAddFileType();
  const up = useUpFileType();
  const ok = async () => {
    const v: Values | undefined = await validValues(form);
    if (!v) return;
    const body = { kind: v.kind, extension: v.extension.trim(), max_bytes: Math.round(v.max_mb * MB), enabled: v.enabled };
    try {
      if (row) await up.mutateAsync({ id: row.id, ...body });
      else await add.mutateAsync(body);
      void message.success(t('saved'));
      onClose();
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  return (
    <Modal
      open
      title={row ? t('fileType.editTitle') : t('fileType.addTitle')}
      onCancel={onClose}
      onOk={ok}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={add.isPending || up.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          kind: row?.kind,
          extension: row?.extension ?? '',
          max_mb: row ? Math.round((row.max_bytes / MB) * 100) / 100 : 100,
          enabled: row?.enabled ?? true,
        }}
      >
        <Form.Item name="kind" label={t('fileType.kind')} rules={[{ required: true, message: t('fileType.kindRequired') }]}>
          <Select options={FILE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
        </Form.Item>
        <Form.Item
          name="extension"
          label={t('fileType.extension')}
          rules={[
            { required: true, whitespace: true, message: t('fileType.extensionRequired') },
            { pattern: /^\.?[A-Za-z0-9]{1,10}$/, message: t('fileType.extensionFormat') },
          ]}
        >
          <Input placeholder="glb" maxLength={11} />
        </Form.Item>
        <Form.Item name="max_mb" label={t('fileType.maxSize')} rules={[{ required: true, message: t('fileType.maxRequired') }]}>
          <InputNumber min={0.01} max={1024 * 1024} step={10} addonAfter="MB" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

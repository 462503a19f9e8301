import { LIVE_PASSWORD_LENGTH } from '@xr/contract/constants';
import { addLiveBody, LIVE_NAME_MAX, type LiveIngest, type LiveProjection, type LiveStream } from '@xr/contract/live';
import { Form, Input, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/admin/form-dialog';
import { zodRules } from '../../../components/form/zod-rules';
import { useAddLive } from '../api/add-live';
import { useUpLive } from '../api/up-live';

const FIELDS = ['name', 'password', 'projection', 'keep_recording'] as const;
const rules = zodRules(addLiveBody, ['name', 'password']);

interface Values {
  name: string;
  password: string;
  projection: LiveProjection;
  keep_recording: boolean;
}

interface Props {
  /** The stream to edit; absent to create one. */
  stream?: LiveStream;
  onClose(): void;
  /** A new stream was made: its RTMP URL and key (shown once). */
  onCreated(ingest: LiveIngest): void;
}

/** Create or edit a live stream: name, 6-digit password (checked as the server does), flat or 360, keep a recording. */
export function LiveFormDialog({ stream, onClose, onCreated }: Props) {
  const { t } = useTranslation('live');
  const [form] = Form.useForm<Values>();
  const add = useAddLive();
  const update = useUpLive();

  const onSubmit = async (values: Values) => {
    const body = { ...values, name: values.name.trim() };
    if (stream) {
      await update.mutateAsync({ id: stream.id, ...body });
      return t('saved');
    }
    onCreated(await add.mutateAsync(body));
    return t('created');
  };

  return (
    <FormDialog<Values>
      form={form}
      title={stream ? t('form.editTitle') : t('form.addTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      fields={FIELDS}
      initialValues={{
        name: stream?.name ?? '',
        password: stream?.password ?? '',
        projection: stream?.projection ?? '360',
        keep_recording: stream?.keep_recording ?? false,
      }}
    >
      <Form.Item name="name" label={t('form.name')} rules={rules.name} required>
        <Input maxLength={LIVE_NAME_MAX} autoComplete="off" />
      </Form.Item>
      <Form.Item name="password" label={t('form.password')} rules={rules.password} required extra={t('form.passwordHelp')}>
        <Input maxLength={LIVE_PASSWORD_LENGTH} inputMode="numeric" autoComplete="off" />
      </Form.Item>
      <Form.Item name="projection" label={t('form.projection')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: '360', label: t('projection.360') },
            { value: 'flat', label: t('projection.flat') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="keep_recording"
        label={t('form.keepRecording')}
        valuePropName="checked"
        extra={t('form.keepRecordingHelp')}
      >
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}

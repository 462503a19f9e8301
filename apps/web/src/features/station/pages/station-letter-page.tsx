import { ROLE_NAMES } from '@xr/contract/permissions';
import {
  PUSH_AUDIENCES,
  PUSH_CONTENT_MAX,
  PUSH_KINDS,
  type PushAudience,
  type PushMessageBody,
  type PushRecord,
  pushMessageBody,
} from '@xr/contract/station';
import { Button, Card, Form, Input, Progress, Radio, Select, Table, type TableColumnsType, Tag } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldError, errorText, zodRules } from '../../../components/form/zod-rules';
import { useSession } from '../../../lib/auth/session';
import { formatTime } from '../../../lib/dates';
import { useFeedback } from '../../../lib/feedback';
import { validValues } from '../../../lib/forms';
import { useAccountSearch, usePushMessage, usePushPage } from '../api/station';

const rules = zodRules(pushMessageBody, ['kind', 'content', 'audience', 'user_ids', 'role'] as const);
const KIND_COLORS = { notice: 'blue', maintenance: 'orange', event: 'purple', promotion: 'green' } as const;

/**
 * /stationletter: push a system message to chosen accounts, everyone with a role (administrators) or
 * everyone (an organisation admin's "everyone" is their members). Recipients see it at once in the top bar's bell.
 * Below, what was pushed, with delivery progress for large audiences.
 */
export default function StationLetterPage() {
  const { t } = useTranslation(['station', 'route']);
  const { message, modal } = useFeedback();
  const { roles } = useSession();
  const isAdmin = roles.includes('admin');
  const [form] = Form.useForm<PushMessageBody>();
  const audience = Form.useWatch('audience', form) as PushAudience | undefined;
  const [search, setSearch] = useState('');
  const accounts = useAccountSearch(useDeferredValue(search));
  const send = usePushMessage();
  const [page, setPage] = useState(1);
  const pushes = usePushPage(page, 10);

  const submit = async () => {
    const values: PushMessageBody | undefined = await validValues(form);
    if (!values) return;
    modal.confirm({
      title: t('confirmTitle'),
      content: t(`confirm.${values.audience}`),
      okText: t('send'),
      onOk: async () => {
        try {
          const r = await send.mutateAsync(values);
          void message.success(r.status === 'sent' ? t('sent', { count: r.recipients }) : t('queued', { count: r.recipients }));
          form.resetFields(['content', 'user_ids']);
        } catch (err) {
          if (!applyServerFieldError(form, err, ['kind', 'content', 'audience', 'user_ids', 'role']))
            void message.error(errorText(err));
        }
      },
    });
  };

  const columns: TableColumnsType<PushRecord> = [
    { title: t('time'), dataIndex: 'created_at', width: 160, render: (v: string) => formatTime(v) },
    {
      title: t('kind'),
      dataIndex: 'kind',
      width: 110,
      render: (v: PushRecord['kind']) => <Tag color={KIND_COLORS[v]}>{t(`kinds.${v}`)}</Tag>,
    },
    { title: t('content'), dataIndex: 'content', render: (v: string) => <span className="xr-pre-wrap">{v}</span> },
    {
      title: t('audience'),
      width: 170,
      render: (_: unknown, r) =>
        r.audience === 'role' ? `${t('audiences.role')}: ${t(`roles.${r.role}`)}` : t(`audiences.${r.audience}`),
    },
    { title: t('sender'), dataIndex: 'sender', width: 130 },
    {
      title: t('delivered'),
      width: 170,
      render: (_: unknown, r) =>
        r.status === 'sent' ? (
          t('deliveredCount', { count: r.recipients })
        ) : (
          <Progress percent={Math.floor((r.delivered / Math.max(1, r.recipients)) * 100)} size="small" />
        ),
    },
  ];

  return (
    <>
      <Card title={t('route:stationLetter')} extra={<span className="xr-muted">{t('hint')}</span>} className="xr-mb">
        <Form<PushMessageBody>
          form={form}
          layout="vertical"
          aria-label={t('route:stationLetter')}
          initialValues={{ kind: 'notice', audience: 'all', content: '' }}
          onFinish={submit}
          style={{ maxWidth: 720 }}
        >
          <Form.Item name="kind" label={t('kind')} rules={rules.kind}>
            <Radio.Group optionType="button" options={PUSH_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
          </Form.Item>
          <Form.Item name="content" label={t('content')} rules={rules.content}>
            <Input.TextArea maxLength={PUSH_CONTENT_MAX} showCount autoSize={{ minRows: 3, maxRows: 8 }} />
          </Form.Item>
          <Form.Item name="audience" label={t('audience')} rules={rules.audience} extra={isAdmin ? undefined : t('membersOnly')}>
            <Radio.Group
              options={PUSH_AUDIENCES.filter((a) => isAdmin || a !== 'role').map((a) => ({
                value: a,
                label: t(isAdmin || a !== 'all' ? `audiences.${a}` : 'audiences.members'),
              }))}
            />
          </Form.Item>
          {audience === 'users' ? (
            <Form.Item name="user_ids" label={t('accounts')} rules={rules.user_ids}>
              <Select
                mode="multiple"
                showSearch={{ filterOption: false, onSearch: setSearch }}
                placeholder={t('accountsPlaceholder')}
                loading={accounts.isFetching}
                options={(accounts.data?.list ?? []).map((u) => ({ value: u.id, label: `${u.username} (${u.email})` }))}
                data-testid="push-accounts"
              />
            </Form.Item>
          ) : null}
          {audience === 'role' ? (
            <Form.Item name="role" label={t('role')} rules={rules.role}>
              <Select options={ROLE_NAMES.map((r) => ({ value: r, label: t(`roles.${r}`) }))} style={{ maxWidth: 280 }} />
            </Form.Item>
          ) : null}
          <Button type="primary" htmlType="submit" loading={send.isPending} data-testid="push-send">
            {t('send')}
          </Button>
        </Form>
      </Card>
      <Card title={t('history')}>
        <Table<PushRecord>
          rowKey="id"
          columns={columns}
          dataSource={pushes.data?.list ?? []}
          loading={pushes.isLoading}
          scroll={{ x: 900 }}
          pagination={{
            current: page,
            pageSize: 10,
            total: pushes.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
        />
      </Card>
    </>
  );
}

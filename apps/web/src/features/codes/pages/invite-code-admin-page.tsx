import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { InviteCode } from '@xr/contract/codes';
import {
  App,
  Button,
  Card,
  Flex,
  Input,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDelInviteCode } from '../api/del-invite-code';
import { type InviteCodeListFilter, useInviteCodeList } from '../api/invite-code-list';
import { useSetInviteCode } from '../api/set-invite-code';
import { CodeStateTag, UsesText, useDateTime } from '../components/code-fields';
import { InviteCodeFormDialog } from '../components/invite-code-form-dialog';
import { ManagerOnly } from '../components/manager-only';

/** /invite-code/add-invite-code: campaign invite codes with search, paging, add / edit, on/off switch and delete. */
export default function InviteCodeAdminPage() {
  return (
    <ManagerOnly permission="/invite-code/add-invite-code">
      <InviteCodeAdmin />
    </ManagerOnly>
  );
}

function InviteCodeAdmin() {
  const { t } = useTranslation('codes');
  const { message } = App.useApp();
  const dateTime = useDateTime();
  const [draft, setDraft] = useState<{ keyword: string; enabled?: 'true' | 'false' }>({ keyword: '' });
  const [query, setQuery] = useState<InviteCodeListFilter>({ page: 1, limit: 10 });
  const [editing, setEditing] = useState<{ code?: InviteCode } | null>(null);
  const list = useInviteCodeList(query);
  const del = useDelInviteCode();
  const toggle = useSetInviteCode();

  const search = () => setQuery((q) => ({ ...q, keyword: draft.keyword.trim(), enabled: draft.enabled, page: 1 }));
  const reset = () => {
    setDraft({ keyword: '' });
    setQuery((q) => ({ page: 1, limit: q.limit }));
  };

  const remove = async (code: InviteCode) => {
    try {
      await del.mutateAsync(code.id);
      void message.success(t('deleted'));
      if (list.data && list.data.list.length === 1 && query.page > 1) setQuery((q) => ({ ...q, page: q.page - 1 }));
    } catch {
      // the HTTP client already showed the reason
    }
  };

  const setEnabled = async (code: InviteCode, enabled: boolean) => {
    try {
      await toggle.mutateAsync({ id: code.id, enabled });
      void message.success(enabled ? t('switchedOn') : t('switchedOff'));
    } catch {
      // shown by the HTTP client
    }
  };

  const columns: TableColumnsType<InviteCode> = [
    {
      title: t('invite.code'),
      dataIndex: 'code',
      render: (v: string) => (
        <Typography.Text code copyable={{ tooltips: [t('copy'), t('copied')] }}>
          {v}
        </Typography.Text>
      ),
    },
    { title: t('note'), dataIndex: 'note', ellipsis: true },
    {
      title: t('uses.title'),
      key: 'uses',
      width: 110,
      render: (_: unknown, r) => <UsesText used={r.used_count} max={r.max_uses} />,
    },
    {
      title: t('expiresAt'),
      dataIndex: 'expires_at',
      width: 180,
      render: (v: string | null) => (v ? dateTime(v) : <span className="xr-muted">{t('never')}</span>),
    },
    { title: t('state.title'), dataIndex: 'state', width: 110, render: (_: unknown, r) => <CodeStateTag state={r.state} /> },
    {
      title: t('enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (v: boolean, r) => (
        <Switch
          size="small"
          checked={v}
          aria-label={t('switchFor', { code: r.code })}
          loading={toggle.isPending && toggle.variables?.id === r.id}
          onChange={(on) => setEnabled(r, on)}
        />
      ),
    },
    { title: t('createdBy'), dataIndex: 'created_by', width: 140, render: (v: InviteCode['created_by']) => v?.name ?? '—' },
    { title: t('createdAt'), dataIndex: 'created_at', width: 180, render: (v: string) => dateTime(v) },
    {
      title: t('common:actions'),
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={4}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ code: r })}>
            {t('common:edit')}
          </Button>
          <Popconfirm
            title={t('common:confirmAction')}
            description={t('invite.deleteHint')}
            okText={t('common:ok')}
            cancelText={t('common:cancel')}
            onConfirm={() => remove(r)}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />}>
              {t('common:delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('invite.adminTitle')} extra={<span className="xr-muted">{t('invite.adminHint')}</span>}>
      <Flex gap={8} wrap justify="space-between" className="xr-mb">
        <Flex gap={8} wrap>
          <Input
            allowClear
            value={draft.keyword}
            onChange={(e) => setDraft((d) => ({ ...d, keyword: e.target.value }))}
            onPressEnter={search}
            placeholder={t('invite.searchPlaceholder')}
            aria-label={t('invite.searchPlaceholder')}
            style={{ width: 220 }}
          />
          <Select
            allowClear
            value={draft.enabled}
            onChange={(v) => setDraft((d) => ({ ...d, enabled: v }))}
            placeholder={t('filterEnabled')}
            aria-label={t('filterEnabled')}
            style={{ width: 140 }}
            options={[
              { value: 'true', label: t('on') },
              { value: 'false', label: t('off') },
            ]}
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            {t('common:search')}
          </Button>
          <Button onClick={reset}>{t('common:reset')}</Button>
        </Flex>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
          {t('invite.add')}
        </Button>
      </Flex>
      <Table<InviteCode>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 1200 }}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('total', { total }),
          onChange: (page, limit) => setQuery((q) => ({ ...q, page: limit === q.limit ? page : 1, limit })),
        }}
      />
      {editing && (
        <InviteCodeFormDialog key={editing.code?.id ?? 'new'} open code={editing.code} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}

import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { COUPON_KINDS, type CouponCode, type CouponKind } from '@xr/contract/codes';
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
import { type CouponCodeListFilter, useCouponCodeList } from '../api/coupon-code-list';
import { useDelCouponCode } from '../api/del-coupon-code';
import { useSetCouponCode } from '../api/set-coupon-code';
import { CodeStateTag, UsesText, useDateTime } from '../components/code-fields';
import { CouponCodeFormDialog } from '../components/coupon-code-form-dialog';

interface Draft {
  keyword: string;
  enabled?: 'true' | 'false';
  kind?: CouponKind;
}

/** /coupon-code/add-coupon-code: coupons with search and filters, paging, add / edit, on/off switch and delete. */
export default function CouponCodeAdminPage() {
  const { t } = useTranslation('codes');
  const { message } = App.useApp();
  const dateTime = useDateTime();
  const [draft, setDraft] = useState<Draft>({ keyword: '' });
  const [query, setQuery] = useState<CouponCodeListFilter>({ page: 1, limit: 10 });
  const [editing, setEditing] = useState<{ coupon?: CouponCode } | null>(null);
  const list = useCouponCodeList(query);
  const del = useDelCouponCode();
  const toggle = useSetCouponCode();

  const search = () =>
    setQuery((q) => ({ ...q, keyword: draft.keyword.trim(), enabled: draft.enabled, kind: draft.kind, page: 1 }));
  const reset = () => {
    setDraft({ keyword: '' });
    setQuery((q) => ({ page: 1, limit: q.limit }));
  };

  const remove = async (coupon: CouponCode) => {
    try {
      await del.mutateAsync(coupon.id);
      void message.success(t('deleted'));
      if (list.data && list.data.list.length === 1 && query.page > 1) setQuery((q) => ({ ...q, page: q.page - 1 }));
    } catch {
      // the HTTP client already showed the reason
    }
  };

  const setEnabled = async (coupon: CouponCode, enabled: boolean) => {
    try {
      await toggle.mutateAsync({ id: coupon.id, enabled });
      void message.success(enabled ? t('switchedOn') : t('switchedOff'));
    } catch {
      // shown by the HTTP client
    }
  };

  const columns: TableColumnsType<CouponCode> = [
    {
      title: t('coupon.cdk'),
      dataIndex: 'cdk',
      render: (v: string) => (
        <Typography.Text code copyable={{ tooltips: [t('copy'), t('copied')] }}>
          {v}
        </Typography.Text>
      ),
    },
    {
      title: t('coupon.benefit'),
      key: 'benefit',
      width: 170,
      render: (_: unknown, r) => t(`benefit.${r.kind}`, { value: r.value.toLocaleString() }),
    },
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
          aria-label={t('switchFor', { code: r.cdk })}
          loading={toggle.isPending && toggle.variables?.id === r.id}
          onChange={(on) => setEnabled(r, on)}
        />
      ),
    },
    { title: t('note'), dataIndex: 'note', ellipsis: true },
    { title: t('createdAt'), dataIndex: 'created_at', width: 180, render: (v: string) => dateTime(v) },
    {
      title: t('common:actions'),
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={4}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ coupon: r })}>
            {t('common:edit')}
          </Button>
          <Popconfirm
            title={t('common:confirmAction')}
            description={t('coupon.deleteHint')}
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
    <Card title={t('coupon.adminTitle')} extra={<span className="xr-muted">{t('coupon.adminHint')}</span>}>
      <Flex gap={8} wrap justify="space-between" className="xr-mb">
        <Flex gap={8} wrap>
          <Input
            allowClear
            value={draft.keyword}
            onChange={(e) => setDraft((d) => ({ ...d, keyword: e.target.value }))}
            onPressEnter={search}
            placeholder={t('coupon.searchPlaceholder')}
            aria-label={t('coupon.searchPlaceholder')}
            style={{ width: 220 }}
          />
          <Select
            allowClear
            value={draft.kind}
            onChange={(v) => setDraft((d) => ({ ...d, kind: v }))}
            placeholder={t('coupon.filterKind')}
            aria-label={t('coupon.filterKind')}
            style={{ width: 180 }}
            options={COUPON_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
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
          {t('coupon.add')}
        </Button>
      </Flex>
      <Table<CouponCode>
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
        <CouponCodeFormDialog key={editing.coupon?.id ?? 'new'} open coupon={editing.coupon} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}

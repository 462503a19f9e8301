import { UndoOutlined } from '@ant-design/icons';
import { CAPACITY_PLANS, type CapacityPlan, ENTERPRISE_MIN_BYTES } from '@xr/contract/creator';
import { formatBytes } from '@xr/contract/format';
import {
  Button,
  Card,
  Empty,
  Flex,
  Form,
  InputNumber,
  Modal,
  Progress,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn, PagedTable, type PageQuery } from '../../../components/admin/list-page';
import { Confirm, EditAction, FilterBar } from '../../../components/admin/table-parts';
import { errorText } from '../../../components/form/zod-rules';
import { useFeedback } from '../../../lib/feedback';
import { validValues } from '../../../lib/forms';
import { type CapacityPageData, useCapacityPage, useUpCapacity } from '../api/capacity';
import { GB } from '../components/bytes';

type PlanRow = CapacityPageData['plans'][number];
type UserRow = CapacityPageData['users']['list'][number];

interface EditTarget {
  plan?: PlanRow;
  user?: UserRow;
}

/** Edits a plan's quota, or a user's plan and personal quota (GB). Enterprise stays at 20 GB or more. */
function CapacityDialog({ target, onClose }: { target: EditTarget; onClose(): void }) {
  const { t } = useTranslation('system');
  const { message } = useFeedback();
  const [form] = Form.useForm<{ plan?: CapacityPlan; quota_gb?: number | null }>();
  const up = useUpCapacity();
  const plan = Form.useWatch('plan', form) ?? target.plan?.plan;
  const ok = async () => {
    const v: { plan?: CapacityPlan; quota_gb?: number | null } | undefined = await validValues(form);
    if (!v) return;
    const bytes = v.quota_gb === null || v.quota_gb === undefined ? null : Math.round(v.quota_gb * GB);
    try {
      if (target.user) await up.mutateAsync({ user_id: target.user.user_id, plan: v.plan, quota_bytes: bytes });
      else if (target.plan) await up.mutateAsync({ plan: target.plan.plan, quota_bytes: bytes ?? 0 });
      void message.success(t('saved'));
      onClose();
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  const initialBytes = target.user ? target.user.override_bytes : (target.plan?.quota_bytes ?? null);
  return (
    <Modal
      open
      title={
        target.user
          ? t('capacity.editUser', { id: target.user.name ?? target.user.user_id })
          : t('capacity.editPlan', { plan: t(`plans.${target.plan?.plan}`) })
      }
      onCancel={onClose}
      onOk={ok}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={up.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          plan: target.user?.plan,
          quota_gb: initialBytes === null ? null : Math.round((initialBytes / GB) * 100) / 100,
        }}
      >
        {target.user && (
          <Form.Item name="plan" label={t('capacity.plan')}>
            <Select options={CAPACITY_PLANS.map((p) => ({ value: p, label: t(`plans.${p}`) }))} />
          </Form.Item>
        )}
        <Form.Item
          name="quota_gb"
          label={target.user ? t('capacity.override') : t('capacity.quota')}
          extra={target.user ? t('capacity.overrideHint') : undefined}
          rules={[
            { required: !target.user, message: t('capacity.quotaRequired') },
            {
              validator: async (_, value?: number | null) => {
                if (
                  !target.user &&
                  plan === 'enterprise' &&
                  value !== null &&
                  value !== undefined &&
                  value * GB < ENTERPRISE_MIN_BYTES
                )
                  throw new Error(t('capacity.enterpriseMin'));
              },
            },
          ]}
        >
          <InputNumber min={0} max={1024 * 1024} step={1} addonAfter="GB" style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** From this share of the quota on, a user's bar turns red. */
export const NEAR_LIMIT_PERCENT = 90;

type UserQuery = PageQuery<{ user_id: number }>;

/** A user's usage: a bar (red near the limit) with "used / quota" below. */
function UsageBar({ row }: { row: UserRow }) {
  const { t } = useTranslation('system');
  const near = row.percent >= NEAR_LIMIT_PERCENT;
  return (
    <Flex vertical>
      <Progress
        percent={Math.min(100, row.percent)}
        status={near ? 'exception' : 'normal'}
        format={() => `${row.percent}%`}
        size="small"
        aria-label={near ? t('capacity.nearLimit') : undefined}
      />
      <span className="xr-muted">{`${formatBytes(row.used_bytes)} / ${formatBytes(row.quota_bytes)}`}</span>
    </Flex>
  );
}

/**
 * /system/capacity: storage quota per plan (enterprise at least 20 GB), and who uses the storage: everyone who stores
 * files or has a personal setting, largest usage first (the server's order), or one user searched by id.
 */
export default function CapacityPage() {
  const { t } = useTranslation('system');
  const { message } = useFeedback();
  const [userId, setUserId] = useState<number | null>(null);
  const [query, setQuery] = useState<UserQuery>({ page: 1, limit: 10 });
  const [editing, setEditing] = useState<EditTarget | null>(null);
  const data = useCapacityPage(query);
  const up = useUpCapacity();

  const clearOverride = async (u: UserRow) => {
    try {
      await up.mutateAsync({ user_id: u.user_id, quota_bytes: null });
      void message.success(t('saved'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const planColumns: TableColumnsType<PlanRow> = [
    { title: t('capacity.plan'), dataIndex: 'plan', render: (v: CapacityPlan) => t(`plans.${v}`) },
    { title: t('capacity.quota'), dataIndex: 'quota_bytes', align: 'right', render: (v: number) => formatBytes(v) },
    actionsColumn<PlanRow>((r) => <EditAction onClick={() => setEditing({ plan: r })} />, { width: 100 }),
  ];

  const userColumns: TableColumnsType<UserRow> = [
    {
      title: t('capacity.user'),
      key: 'user',
      render: (_: unknown, r) => (
        <Flex vertical>
          <Typography.Text strong>{r.name ?? t('capacity.deletedUser')}</Typography.Text>
          <span className="xr-muted">
            {r.email ? `${r.email} · ` : ''}
            {t('capacity.userId')} {r.user_id}
          </span>
        </Flex>
      ),
    },
    { title: t('capacity.plan'), dataIndex: 'plan', width: 120, render: (v: CapacityPlan) => <Tag>{t(`plans.${v}`)}</Tag> },
    { title: t('capacity.usedOfQuota'), key: 'usage', width: 230, render: (_: unknown, r) => <UsageBar row={r} /> },
    {
      title: t('capacity.override'),
      dataIndex: 'override_bytes',
      width: 140,
      render: (v: number | null) =>
        v === null ? <span className="xr-muted">{t('capacity.usesPlan')}</span> : <Tag color="purple">{formatBytes(v)}</Tag>,
    },
    actionsColumn<UserRow>(
      (r) => (
        <>
          <EditAction onClick={() => setEditing({ user: r })} />
          {r.override_bytes !== null && (
            <Confirm hint={t('capacity.clearHint')} onConfirm={() => clearOverride(r)}>
              <Button type="link" size="small" danger icon={<UndoOutlined />}>
                {t('capacity.clear')}
              </Button>
            </Confirm>
          )}
        </>
      ),
      { width: 200, fixed: true },
    ),
  ];

  return (
    <Flex vertical gap={16}>
      <Card title={t('capacity.plansTitle')} extra={<span className="xr-muted">{t('capacity.plansHint')}</span>}>
        <Table<PlanRow>
          rowKey="plan"
          size="small"
          columns={planColumns}
          dataSource={data.data?.plans ?? []}
          loading={data.isFetching}
          pagination={false}
        />
      </Card>
      <Card title={t('capacity.usersTitle')} extra={<span className="xr-muted">{t('capacity.usersHint')}</span>}>
        <FilterBar
          onSearch={() => setQuery((q) => ({ ...q, user_id: userId ?? undefined, page: 1 }))}
          onReset={() => {
            setUserId(null);
            setQuery((q) => ({ page: 1, limit: q.limit }));
          }}
        >
          <InputNumber
            min={1}
            value={userId}
            onChange={(v) => setUserId(v)}
            placeholder={t('capacity.userId')}
            aria-label={t('capacity.userId')}
            style={{ width: 160 }}
          />
        </FilterBar>
        <PagedTable<UserRow, UserQuery>
          rowKey="user_id"
          columns={userColumns}
          result={{ data: data.data?.users, isFetching: data.isFetching }}
          query={query}
          setQuery={setQuery}
          showTotal={(total) => t('total', { total })}
          scrollX={900}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('capacity.nobodyStores')} /> }}
        />
      </Card>
      {editing && <CapacityDialog target={editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}

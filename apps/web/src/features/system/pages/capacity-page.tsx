import { EditOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { CAPACITY_PLANS, type CapacityPlan, ENTERPRISE_MIN_BYTES } from '@xr/contract/creator';
import {
  App,
  Button,
  Card,
  Flex,
  Form,
  InputNumber,
  Modal,
  Popconfirm,
  Progress,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/form/zod-rules';
import { type CapacityPageData, useCapacityPage, useUpCapacity } from '../api/capacity';
import { formatBytes, GB } from '../components/bytes';

type PlanRow = CapacityPageData['plans'][number];
type UserRow = CapacityPageData['users']['list'][number];

interface EditTarget {
  plan?: PlanRow;
  user?: UserRow;
}

/** Edits a plan's quota, or a user's plan and personal quota (GB). Enterprise stays at 20 GB or more. */
function CapacityDialog({ target, onClose }: { target: EditTarget; onClose(): void }) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ plan?: CapacityPlan; quota_gb?: number | null }>();
  const up = useUpCapacity();
  const plan = Form.useWatch('plan', form) ?? target.plan?.plan;
  const ok = async () => {
    let v: { plan?: CapacityPlan; quota_gb?: number | null };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
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
          ? t('capacity.editUser', { id: target.user.user_id })
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

/** /system/capacity: storage quota per plan (enterprise at least 20 GB) and per user, with usage. */
export default function CapacityPage() {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const [userId, setUserId] = useState<number | null>(null);
  const [query, setQuery] = useState<{ page: number; limit: number; user_id?: number }>({ page: 1, limit: 10 });
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
    {
      title: t('common:actions'),
      key: 'actions',
      width: 100,
      render: (_: unknown, r) => (
        <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ plan: r })}>
          {t('common:edit')}
        </Button>
      ),
    },
  ];

  const userColumns: TableColumnsType<UserRow> = [
    { title: t('capacity.userId'), dataIndex: 'user_id', width: 90 },
    { title: t('capacity.plan'), dataIndex: 'plan', width: 130, render: (v: CapacityPlan) => t(`plans.${v}`) },
    {
      title: t('capacity.quota'),
      dataIndex: 'quota_bytes',
      width: 160,
      render: (v: number, r) => (
        <Space size={4}>
          {formatBytes(v)}
          {r.override_bytes !== null && <Tag color="purple">{t('capacity.custom')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('capacity.used'),
      dataIndex: 'used_bytes',
      render: (v: number, r) => (
        <Flex vertical>
          <Progress percent={r.quota_bytes ? Math.min(100, Math.round((v / r.quota_bytes) * 100)) : 0} size="small" />
          <span className="xr-muted">
            {formatBytes(v)} / {formatBytes(r.quota_bytes)}
          </span>
        </Flex>
      ),
    },
    {
      title: t('common:actions'),
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={4}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ user: r })}>
            {t('common:edit')}
          </Button>
          {r.override_bytes !== null && (
            <Popconfirm
              title={t('common:confirmAction')}
              description={t('capacity.clearHint')}
              okText={t('common:ok')}
              cancelText={t('common:cancel')}
              onConfirm={() => clearOverride(r)}
            >
              <Button type="link" size="small" danger icon={<UndoOutlined />}>
                {t('capacity.clear')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
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
      <Card title={t('capacity.usersTitle')}>
        <Flex gap={8} wrap className="xr-mb">
          <InputNumber
            min={1}
            value={userId}
            onChange={(v) => setUserId(v)}
            placeholder={t('capacity.userId')}
            aria-label={t('capacity.userId')}
            style={{ width: 160 }}
          />
          <Button
            type="primary"
            icon={<SearchOutlined />}
            onClick={() => setQuery((q) => ({ ...q, user_id: userId ?? undefined, page: 1 }))}
          >
            {t('common:search')}
          </Button>
        </Flex>
        <Table<UserRow>
          rowKey="user_id"
          size="middle"
          columns={userColumns}
          dataSource={data.data?.users.list ?? []}
          loading={data.isFetching}
          scroll={{ x: 800 }}
          pagination={{
            current: query.page,
            pageSize: query.limit,
            total: data.data?.users.total ?? 0,
            showTotal: (total) => t('total', { total }),
            onChange: (page, limit) => setQuery((q) => ({ ...q, page, limit })),
          }}
        />
      </Card>
      {editing && <CapacityDialog target={editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}

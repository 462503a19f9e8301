import { CheckOutlined, CloseOutlined, EyeOutlined, SearchOutlined } from '@ant-design/icons';
import { formatPrice } from '@xr/contract/format';
import { type AdminCashOutQuery, type AdminCashOutRequest, CASH_OUT_STATES, type CashOutState } from '@xr/contract/wallet';
import { Button, Card, DatePicker, Flex, InputNumber, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/dates';
import { useCashOutQueue } from '../api/cash';
import { CashOutDetailsDrawer } from '../components/cash-out-details-drawer';
import { DecideCashOutDialog } from '../components/decide-cash-out-dialog';

const STATE_COLOR: Record<CashOutState, string> = { wait: 'processing', success: 'success', fail: 'error' };
type Filters = {
  state?: CashOutState;
  range?: [Dayjs | null, Dayjs | null] | null;
  amount_min?: number | null;
  amount_max?: number | null;
};
const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

/**
 * /approval/cashOutProcess: cash-out requests (waiting ones first, oldest first) filtered by state, date and amount,
 * with totals per state; a details drawer shows the creator's sales behind the amount; approve (payment reference)
 * or reject (reason), each after a confirmation.
 */
export default function CashOutReviewPage() {
  const { t } = useTranslation('wallet');
  const [draft, setDraft] = useState<Filters>({ state: 'wait' });
  const [query, setQuery] = useState<AdminCashOutQuery & { page: number; limit: number }>({ state: 'wait', page: 1, limit: 10 });
  const queue = useCashOutQueue(query);
  const [viewing, setViewing] = useState<number | null>(null);
  const [deciding, setDeciding] = useState<{ request: AdminCashOutRequest; state: 'success' | 'fail' } | null>(null);

  const search = () =>
    setQuery((q) => ({
      page: 1,
      limit: q.limit,
      state: draft.state,
      date_from: day(draft.range?.[0]),
      date_to: day(draft.range?.[1]),
      amount_min: draft.amount_min ?? undefined,
      amount_max: draft.amount_max ?? undefined,
    }));
  const reset = () => {
    setDraft({});
    setQuery((q) => ({ page: 1, limit: q.limit }));
  };

  const columns: TableColumnsType<AdminCashOutRequest> = [
    { title: '#', dataIndex: 'id', width: 70 },
    {
      title: t('review.creator'),
      key: 'creator',
      width: 220,
      render: (_: unknown, r) => (
        <div>
          <div>{r.user.name}</div>
          <div className="xr-muted">{r.user.email}</div>
        </div>
      ),
    },
    { title: t('cash.amount'), dataIndex: 'amount', width: 120, align: 'right', render: (v: number) => formatPrice(v) },
    { title: t('requests.method'), key: 'method', width: 200, ellipsis: true, render: (_: unknown, r) => r.method.display },
    { title: t('requests.created'), dataIndex: 'created_at', width: 160, render: (v: string) => formatTime(v) },
    {
      title: t('requests.state'),
      dataIndex: 'state',
      width: 100,
      render: (v: CashOutState) => <Tag color={STATE_COLOR[v]}>{t(`states.${v}`)}</Tag>,
    },
    {
      title: t('requests.details'),
      key: 'decision',
      width: 220,
      render: (_: unknown, r) =>
        r.decided_at ? (
          <div>
            <div>{t('review.decided', { name: r.decider, date: formatTime(r.decided_at) })}</div>
            <div className="xr-muted">{r.reason || r.reference}</div>
          </div>
        ) : null,
    },
    {
      title: t('common:actions'),
      key: 'actions',
      width: 260,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={4} wrap>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setViewing(r.id)}>
            {t('review.view')}
          </Button>
          {r.state === 'wait' && (
            <>
              <Button
                type="link"
                size="small"
                icon={<CheckOutlined />}
                onClick={() => setDeciding({ request: r, state: 'success' })}
              >
                {t('review.approve')}
              </Button>
              <Button
                type="link"
                size="small"
                danger
                icon={<CloseOutlined />}
                onClick={() => setDeciding({ request: r, state: 'fail' })}
              >
                {t('review.reject')}
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  const totals = queue.data?.totals;
  return (
    <Card title={t('review.title')}>
      <Flex gap={8} wrap className="xr-mb" align="center">
        <Select<CashOutState | ''>
          style={{ width: 140 }}
          aria-label={t('requests.state')}
          value={draft.state ?? ''}
          onChange={(v) => setDraft((d) => ({ ...d, state: v || undefined }))}
          options={[
            { value: '', label: t('review.allStates') },
            ...CASH_OUT_STATES.map((s) => ({ value: s, label: t(`states.${s}`) })),
          ]}
        />
        <DatePicker.RangePicker
          aria-label={t('review.dateRange')}
          value={draft.range ?? null}
          onChange={(range) => setDraft((d) => ({ ...d, range }))}
        />
        <InputNumber<number>
          min={0}
          precision={2}
          placeholder={t('review.amountMin')}
          aria-label={t('review.amountMin')}
          value={draft.amount_min ?? null}
          onChange={(v) => setDraft((d) => ({ ...d, amount_min: v }))}
        />
        <InputNumber<number>
          min={0}
          precision={2}
          placeholder={t('review.amountMax')}
          aria-label={t('review.amountMax')}
          value={draft.amount_max ?? null}
          onChange={(v) => setDraft((d) => ({ ...d, amount_max: v }))}
        />
        <Button type="primary" icon={<SearchOutlined />} onClick={search}>
          {t('review.search')}
        </Button>
        <Button onClick={reset}>{t('review.reset')}</Button>
      </Flex>
      {totals && (
        <Flex gap={8} wrap className="xr-mb">
          {CASH_OUT_STATES.map((s) => (
            <Tag key={s} color={STATE_COLOR[s]}>
              {t('review.totals', { state: t(`states.${s}`), count: totals[s].count, amount: formatPrice(totals[s].amount) })}
            </Tag>
          ))}
        </Flex>
      )}
      <Table<AdminCashOutRequest>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={queue.data?.list ?? []}
        loading={queue.isFetching}
        scroll={{ x: 1300 }}
        locale={{ emptyText: t('review.empty') }}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: queue.data?.total ?? 0,
          showTotal: (total) => t('cash.total', { total }),
          onChange: (page, limit) => setQuery((q) => ({ ...q, page, limit })),
        }}
      />
      {viewing !== null && <CashOutDetailsDrawer id={viewing} onClose={() => setViewing(null)} />}
      {deciding && <DecideCashOutDialog request={deciding.request} state={deciding.state} onClose={() => setDeciding(null)} />}
    </Card>
  );
}

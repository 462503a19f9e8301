import { DownloadOutlined, WalletOutlined } from '@ant-design/icons';
import { formatPrice } from '@xr/contract/format';
import {
  CASH_OUT_STATES,
  type CashOutRequest,
  type CashOutState,
  LEDGER_KINDS,
  type LedgerEntry,
  type LedgerKind,
} from '@xr/contract/wallet';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Flex,
  Row,
  Select,
  Skeleton,
  Statistic,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatTime } from '../../../lib/dates';
import { useFeedback } from '../../../lib/feedback';
import {
  downloadLedgerCsv,
  useEarningsMonthly,
  useLedgerPage,
  useMyCashOuts,
  usePayoutMethods,
  useWalletInfo,
} from '../api/cash';
import { CashOutDialog } from '../components/cash-out-dialog';
import { EarningsChart } from '../components/earnings-chart';
import { ledgerNote } from '../components/ledger-note';
import { PayoutMethods } from '../components/payout-methods';

export const STATE_COLOR: Record<CashOutState, string> = { wait: 'processing', success: 'success', fail: 'error' };
const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

/**
 * /wallet/page (Cash): balance cards (available, pending with the next release date, reserved), the monthly earnings
 * chart, the ledger with kind and date filters and a CSV export, payout methods, "Request cash-out", and my requests
 * with their state and reason.
 */
export default function CashPage() {
  const { t } = useTranslation('wallet');
  const { message } = useFeedback();
  const info = useWalletInfo();
  const monthly = useEarningsMonthly();
  const methods = usePayoutMethods();
  const [ledgerQuery, setLedgerQuery] = useState<{
    page: number;
    limit: number;
    kind?: LedgerKind;
    date_from?: string;
    date_to?: string;
  }>({
    page: 1,
    limit: 10,
  });
  const ledger = useLedgerPage(ledgerQuery);
  const [reqQuery, setReqQuery] = useState<{ page: number; limit: number; state?: CashOutState }>({ page: 1, limit: 5 });
  const requests = useMyCashOuts(reqQuery);
  const [cashingOut, setCashingOut] = useState(false);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { kind, date_from, date_to } = ledgerQuery;
      await downloadLedgerCsv({ kind, date_from, date_to });
    } catch {
      void message.error(t('cash.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const ledgerColumns: TableColumnsType<LedgerEntry> = [
    { title: t('cash.date'), dataIndex: 'created_at', width: 160, render: (v: string) => formatTime(v) },
    { title: t('cash.kind'), dataIndex: 'kind', width: 150, render: (v: LedgerKind) => <Tag>{t(`kinds.${v}`)}</Tag> },
    {
      title: t('cash.amount'),
      dataIndex: 'amount',
      width: 130,
      align: 'right',
      render: (v: number) => <span style={{ color: v < 0 ? '#cf1322' : undefined }}>{formatPrice(v)}</span>,
    },
    {
      title: t('cash.status'),
      key: 'status',
      width: 170,
      render: (_: unknown, r) =>
        r.released ? (
          <Tag color="success">{t('cash.released')}</Tag>
        ) : (
          <Tag color="warning">{t('cash.heldUntil', { date: formatDay(r.release_at) })}</Tag>
        ),
    },
    { title: t('cash.note'), dataIndex: 'note', ellipsis: true, render: (v: string) => ledgerNote(v, t) },
  ];

  const requestColumns: TableColumnsType<CashOutRequest> = [
    { title: t('requests.created'), dataIndex: 'created_at', width: 160, render: (v: string) => formatTime(v) },
    { title: t('cash.amount'), dataIndex: 'amount', width: 120, align: 'right', render: (v: number) => formatPrice(v) },
    { title: t('requests.method'), key: 'method', width: 200, ellipsis: true, render: (_: unknown, r) => r.method.display },
    {
      title: t('requests.state'),
      dataIndex: 'state',
      width: 110,
      render: (v: CashOutState) => <Tag color={STATE_COLOR[v]}>{t(`states.${v}`)}</Tag>,
    },
    { title: t('requests.details'), key: 'details', render: (_: unknown, r) => r.reason || r.reference || '' },
  ];

  const i = info.data;
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card>
            {i ? (
              <Statistic title={t('cash.available')} value={formatPrice(i.available)} prefix={<WalletOutlined />} />
            ) : (
              <Skeleton active paragraph={false} />
            )}
            <div className="xr-muted">{t('cash.availableHint')}</div>
            <Button
              type="primary"
              className="xr-mt"
              onClick={() => setCashingOut(true)}
              disabled={!i || i.available < i.cash_out_min}
            >
              {t('cash.requestCashOut')}
            </Button>
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            {i ? <Statistic title={t('cash.pending')} value={formatPrice(i.pending)} /> : <Skeleton active paragraph={false} />}
            <div className="xr-muted">{i ? t('cash.pendingHint', { days: i.hold_days }) : ''}</div>
            <div>{i?.next_release_at ? t('cash.nextRelease', { date: formatTime(i.next_release_at) }) : t('cash.noPending')}</div>
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            {i ? <Statistic title={t('cash.reserved')} value={formatPrice(i.reserved)} /> : <Skeleton active paragraph={false} />}
            <div className="xr-muted">{t('cash.reservedHint')}</div>
          </Card>
        </Col>
      </Row>

      <Card title={t('cash.chartTitle')}>
        {monthly.isLoading ? (
          <Skeleton active />
        ) : monthly.data?.some((m) => m.amount > 0) ? (
          <EarningsChart data={monthly.data} label={t('cash.chartTitle')} />
        ) : (
          <Empty description={t('cash.chartEmpty')} />
        )}
      </Card>

      <Card
        title={t('cash.ledgerTitle')}
        extra={
          <Button icon={<DownloadOutlined />} onClick={exportCsv} loading={exporting}>
            {t('cash.exportCsv')}
          </Button>
        }
      >
        <Flex gap={8} wrap className="xr-mb">
          <Select<LedgerKind | ''>
            style={{ width: 180 }}
            aria-label={t('cash.kind')}
            value={ledgerQuery.kind ?? ''}
            onChange={(v) => setLedgerQuery((q) => ({ ...q, kind: v || undefined, page: 1 }))}
            options={[
              { value: '', label: t('cash.allKinds') },
              ...LEDGER_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })),
            ]}
          />
          <DatePicker.RangePicker
            aria-label={t('cash.date')}
            onChange={(range) => setLedgerQuery((q) => ({ ...q, date_from: day(range?.[0]), date_to: day(range?.[1]), page: 1 }))}
          />
        </Flex>
        <Table<LedgerEntry>
          rowKey="id"
          size="middle"
          columns={ledgerColumns}
          dataSource={ledger.data?.list ?? []}
          loading={ledger.isFetching}
          scroll={{ x: 800 }}
          locale={{ emptyText: t('cash.ledgerEmpty') }}
          pagination={{
            current: ledgerQuery.page,
            pageSize: ledgerQuery.limit,
            total: ledger.data?.total ?? 0,
            showTotal: (total) => t('cash.total', { total }),
            onChange: (page, limit) => setLedgerQuery((q) => ({ ...q, page, limit })),
          }}
        />
      </Card>

      <PayoutMethods />

      <Card
        title={t('requests.title')}
        extra={
          <Select<CashOutState | ''>
            style={{ width: 140 }}
            aria-label={t('requests.state')}
            value={reqQuery.state ?? ''}
            onChange={(v) => setReqQuery((q) => ({ ...q, state: v || undefined, page: 1 }))}
            options={[
              { value: '', label: t('review.allStates') },
              ...CASH_OUT_STATES.map((s) => ({ value: s, label: t(`states.${s}`) })),
            ]}
          />
        }
      >
        <Table<CashOutRequest>
          rowKey="id"
          size="middle"
          columns={requestColumns}
          dataSource={requests.data?.list ?? []}
          loading={requests.isFetching}
          scroll={{ x: 760 }}
          locale={{ emptyText: t('requests.empty') }}
          pagination={{
            current: reqQuery.page,
            pageSize: reqQuery.limit,
            total: requests.data?.total ?? 0,
            onChange: (page, limit) => setReqQuery((q) => ({ ...q, page, limit })),
          }}
        />
      </Card>

      {cashingOut && i && (
        <CashOutDialog
          available={i.available}
          min={i.cash_out_min}
          methods={methods.data ?? []}
          onClose={() => setCashingOut(false)}
          onDone={(text) => {
            setCashingOut(false);
            void message.success(text);
          }}
        />
      )}
    </Flex>
  );
}

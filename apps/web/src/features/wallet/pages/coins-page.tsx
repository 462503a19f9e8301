import { SwapOutlined } from '@ant-design/icons';
import { formatPrice } from '@xr/contract/format';
import type { CoinEntry, CoinExchange } from '@xr/contract/wallet';
import { Button, Card, Col, Flex, List, Row, Skeleton, Statistic, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/auth/session';
import { formatTime } from '../../../lib/dates';
import { ADMIN_ROLE } from '../../../lib/permissions';
import { useCoinInfoPage, useCoinsPage } from '../api/coins';
import { CoinExchangeDialog } from '../components/coin-exchange-dialog';
import { CoinRulesAdmin } from '../components/coin-rules-admin';
import { ledgerNote } from '../components/ledger-note';

/**
 * /wallet/coins: the coin balance, how coins are earned (the rules with their caps), the history with reasons, my
 * exchanges, and the exchange dialog (membership days, a membership coupon, or cash -> coins) with the rate and the
 * daily limit. Administrators also edit the earning rules here.
 */
export default function CoinsPage() {
  const { t } = useTranslation('wallet');
  const { permissions, roles } = useSession();
  const [histQuery, setHistQuery] = useState({ page: 1, limit: 10 });
  const [exQuery, setExQuery] = useState({ page: 1, limit: 5 });
  const history = useCoinsPage(histQuery);
  const exchanges = useCoinInfoPage(exQuery);
  const [exchanging, setExchanging] = useState(false);
  const info = exchanges.data?.info;
  const isRulesAdmin = roles.includes(ADMIN_ROLE) || permissions.includes('/wallet/coin-rules');

  const reasonOf = (e: CoinEntry) =>
    e.rule
      ? t(`coins.rules.${e.rule}`)
      : e.exchange_kind
        ? t(`coins.exchangeKinds.${e.exchange_kind}`)
        : e.note
          ? ledgerNote(e.note, t)
          : t('coins.bonus');

  const historyColumns: TableColumnsType<CoinEntry> = [
    { title: t('coins.date'), dataIndex: 'created_at', width: 160, render: (v: string) => formatTime(v) },
    {
      title: t('coins.coins'),
      dataIndex: 'amount',
      width: 100,
      align: 'right',
      render: (v: number) => <span style={{ color: v < 0 ? '#cf1322' : '#389e0d' }}>{v > 0 ? `+${v}` : v}</span>,
    },
    { title: t('coins.reason'), key: 'reason', render: (_: unknown, e) => reasonOf(e) },
  ];
  const exchangeColumns: TableColumnsType<CoinExchange> = [
    { title: t('coins.date'), dataIndex: 'created_at', width: 160, render: (v: string) => formatTime(v) },
    {
      title: t('coins.kind'),
      dataIndex: 'kind',
      width: 150,
      render: (v: CoinExchange['kind']) => <Tag>{t(`coins.exchangeKinds.${v}`)}</Tag>,
    },
    {
      title: t('coins.quantity'),
      key: 'quantity',
      width: 110,
      render: (_: unknown, r) => (r.kind === 'cash_to_coins' ? formatPrice(r.quantity) : r.quantity),
    },
    { title: t('coins.coins'), dataIndex: 'coins', width: 90, align: 'right' },
    { title: t('coins.couponCol'), dataIndex: 'coupon_cdk', render: (v: string | null) => (v ? <code>{v}</code> : '') },
  ];

  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={10}>
          <Card>
            {info ? <Statistic title={t('coins.balance')} value={info.balance} /> : <Skeleton active paragraph={false} />}
            {info && (
              <div className="xr-muted">
                {t('coins.rate', { perDay: info.coins_per_membership_day, perHkd: info.coins_per_hkd })}
                <br />
                {t('coins.limit', { used: info.used_today, limit: info.daily_limit })}
              </div>
            )}
            <Button type="primary" className="xr-mt" icon={<SwapOutlined />} disabled={!info} onClick={() => setExchanging(true)}>
              {t('coins.exchange')}
            </Button>
          </Card>
        </Col>
        <Col xs={24} md={14}>
          <Card title={t('coins.rulesTitle')}>
            <List
              size="small"
              loading={!info}
              dataSource={info?.rules ?? []}
              renderItem={(r) => (
                <List.Item extra={r.enabled ? t('coins.ruleLine', { amount: r.amount }) : <Tag>{t('coins.ruleOff')}</Tag>}>
                  <div>
                    {t(`coins.rules.${r.rule}`)}
                    <div className="xr-muted">
                      {[
                        r.daily_cap ? t('coins.dailyCap', { n: r.daily_cap }) : '',
                        r.total_cap ? t('coins.totalCap', { n: r.total_cap }) : '',
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </div>
                  </div>
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
      <Card title={t('coins.historyTitle')}>
        <Table<CoinEntry>
          rowKey="id"
          size="middle"
          columns={historyColumns}
          dataSource={history.data?.list ?? []}
          loading={history.isFetching}
          scroll={{ x: 520 }}
          locale={{ emptyText: t('coins.historyEmpty') }}
          pagination={{
            current: histQuery.page,
            pageSize: histQuery.limit,
            total: history.data?.total ?? 0,
            onChange: (page, limit) => setHistQuery({ page, limit }),
          }}
        />
      </Card>
      <Card title={t('coins.exchangesTitle')}>
        <Table<CoinExchange>
          rowKey="id"
          size="middle"
          columns={exchangeColumns}
          dataSource={exchanges.data?.list ?? []}
          loading={exchanges.isFetching}
          scroll={{ x: 640 }}
          locale={{ emptyText: t('coins.exchangesEmpty') }}
          pagination={{
            current: exQuery.page,
            pageSize: exQuery.limit,
            total: exchanges.data?.total ?? 0,
            onChange: (page, limit) => setExQuery({ page, limit }),
          }}
        />
      </Card>
      {isRulesAdmin && <CoinRulesAdmin />}
      {exchanging && info && <CoinExchangeDialog info={info} onClose={() => setExchanging(false)} />}
    </Flex>
  );
}

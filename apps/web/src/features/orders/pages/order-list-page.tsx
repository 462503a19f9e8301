import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { OrderRow, OrderStatus, PlacedOrder } from '@xr/contract/orders';
import { Button, Card, DatePicker, Empty, Form, Grid, Input, Pagination, Spin, Table, type TableColumnsType, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { hkd } from '../../../components/price-tag';
import { useSession } from '../../../lib/auth/session';
import { formatTime } from '../../../lib/dates';
import { useAccess } from '../../../lib/permissions';
import { type OrderPageParams, orderPageQuery } from '../api/order-page';
import '../orders.css';

const InvoiceDialog = lazy(() => import('../../../components/invoice-dialog'));

/** Permission that shows everyone's orders with the search bar (contract permissions catalogue). */
export const ALL_ORDERS_PERMISSION = '/orderlist/all';
const PAGE = 10;

const STATUS_COLOR: Record<OrderStatus, string> = {
  pending: 'processing',
  paid: 'success',
  expired: 'default',
  cancelled: 'default',
};

interface SearchValues {
  order_on?: string;
  user_email?: string;
}

/** The plan an order buys: its name in the interface language, period and price. */
function PlanLine({ plan }: { plan: NonNullable<OrderRow['plan_info']> }) {
  const { t, i18n } = useTranslation('plans');
  const lang = (i18n.language in plan.names ? i18n.language : 'en') as keyof typeof plan.names;
  return (
    <li data-testid="order-plan">
      <span className="xr-orders__pname">
        {plan.names[lang]} · {t(`periods.${plan.period}`)}
      </span>
      <span className="xr-orders__pprice">{hkd(plan.price)}</span>
    </li>
  );
}

/** An unpaid order as the invoice shows it (so "Pay" can reopen the invoice). */
function toPlaced(o: OrderRow): PlacedOrder {
  return {
    order_on: o.order_on,
    created_at: o.created_at,
    user_email: o.user_email,
    amount: o.amount,
    plan_info: o.plan_info,
    currency: o.currency,
    status: o.status,
    expires_at: o.expires_at,
    project_info: o.items,
  };
}

/**
 * /orderlist: number, payment method, amount, time and the items (product number, name, price). Holders of
 * `/orderlist/all` see everyone's orders and search by number, user and date range.
 */
export default function OrderListPage() {
  const { t } = useTranslation(['orders', 'common']);
  const navigate = useNavigate();
  const { canAccess } = useAccess();
  const { permissions, user } = useSession();
  const all = canAccess(ALL_ORDERS_PERMISSION) || permissions.includes(ALL_ORDERS_PERMISSION);
  const [form] = Form.useForm<SearchValues>();
  const [dates, setDates] = useState<[string, string] | null>(null);
  const [params, setParams] = useState<OrderPageParams>({ page: 1, limit: PAGE });
  const [paying, setPaying] = useState<PlacedOrder | null>(null);
  const orders = useQuery(orderPageQuery(params));
  const list = Array.isArray(orders.data?.list) ? orders.data.list : [];
  const total = orders.data?.total ?? 0;
  const screens = Grid.useBreakpoint();
  const narrow = screens.md === false;

  const search = (values: SearchValues) =>
    setParams({
      page: 1,
      limit: PAGE,
      order_on: values.order_on?.trim() || undefined,
      user_email: all ? values.user_email?.trim() || undefined : undefined,
      start_date: dates?.[0] || undefined,
      end_date: dates?.[1] || undefined,
    });

  const reset = () => {
    form.resetFields();
    setDates(null);
    setParams({ page: 1, limit: PAGE });
  };

  const columns: TableColumnsType<OrderRow> = [
    {
      title: t('list.number'),
      dataIndex: 'order_on',
      width: 200,
      render: (v: string) => <span className="xr-orders__no">{v}</span>,
    },
    ...(all ? [{ title: t('list.user'), dataIndex: 'user_email', ellipsis: true, width: 200 }] : []),
    {
      title: t('list.method'),
      dataIndex: 'pay_type',
      width: 140,
      render: (v: string | null) => (v ? t(`methods.${v}`, { defaultValue: v }) : <span className="xr-muted">—</span>),
    },
    {
      title: t('list.amount'),
      dataIndex: 'amount',
      align: 'right',
      width: 120,
      render: (v: number) => <strong className="xr-orders__amount">{hkd(v)}</strong>,
    },
    {
      title: t('list.status'),
      dataIndex: 'status',
      width: 140,
      render: (s: OrderStatus) => <Tag color={STATUS_COLOR[s]}>{t(`list.statuses.${s}`)}</Tag>,
    },
    {
      title: t('list.time'),
      dataIndex: 'created_at',
      width: 150,
      render: (v: string, o) => (
        <div>
          <div>{formatTime(v)}</div>
          {o.paid_at ? <div className="xr-muted xr-orders__paid">{t('list.paidAt', { time: formatTime(o.paid_at) })}</div> : null}
        </div>
      ),
    },
    {
      title: t('list.items'),
      key: 'items',
      render: (_: unknown, o) => (
        <ul className="xr-orders__items">
          {o.plan_info ? <PlanLine plan={o.plan_info} /> : null}
          {o.items.map((i) => (
            <li key={i.project_id}>
              <span className="xr-orders__pid">#{i.project_id}</span>
              <Link to={`/product_details?id=${i.project_id}`} className="xr-orders__pname">
                {i.project_name}
              </Link>
              <span className="xr-orders__pprice">{hkd(i.project_price)}</span>
            </li>
          ))}
        </ul>
      ),
    },
    {
      title: t('common:actions'),
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_: unknown, o) =>
        o.status === 'pending' && o.user_id === user?.id ? (
          <Button size="small" type="primary" onClick={() => setPaying(toPlaced(o))}>
            {t('list.pay')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Card
      className="xr-orders"
      title={t('list.title')}
      extra={<span className="xr-muted">{all ? t('list.allHint') : t('list.ownHint')}</span>}
    >
      {all ? (
        <Form form={form} layout="inline" className="xr-orders__search" onFinish={search}>
          <Form.Item name="order_on" label={t('list.number')}>
            <Input allowClear placeholder="SDK…" maxLength={40} />
          </Form.Item>
          <Form.Item name="user_email" label={t('list.user')}>
            <Input allowClear placeholder={t('list.userPlaceholder')} maxLength={254} />
          </Form.Item>
          <Form.Item label={t('list.dateRange')}>
            <DatePicker.RangePicker
              aria-label={t('list.dateRange')}
              onChange={(_, strings) => setDates(strings[0] && strings[1] ? [strings[0], strings[1]] : null)}
            />
          </Form.Item>
          <Form.Item>
            <div className="xr-orders__search-buttons">
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('common:search')}
              </Button>
              <Button icon={<ReloadOutlined />} onClick={reset}>
                {t('common:reset')}
              </Button>
            </div>
          </Form.Item>
        </Form>
      ) : null}
      {narrow ? (
        <Spin spinning={orders.isFetching}>
          {list.length ? (
            <ul className="xr-orders__cards">
              {list.map((o) => (
                <li key={o.id} className="xr-orders__card" data-testid="order-card">
                  <div className="xr-orders__card-head">
                    <span className="xr-orders__no">{o.order_on}</span>
                    <Tag color={STATUS_COLOR[o.status]}>{t(`list.statuses.${o.status}`)}</Tag>
                  </div>
                  <dl className="xr-orders__card-facts">
                    {all ? (
                      <div>
                        <dt>{t('list.user')}</dt>
                        <dd>{o.user_email}</dd>
                      </div>
                    ) : null}
                    <div>
                      <dt>{t('list.method')}</dt>
                      <dd>{o.pay_type ? t(`methods.${o.pay_type}`, { defaultValue: o.pay_type }) : '—'}</dd>
                    </div>
                    <div>
                      <dt>{t('list.time')}</dt>
                      <dd>{formatTime(o.created_at)}</dd>
                    </div>
                    <div>
                      <dt>{t('list.amount')}</dt>
                      <dd className="xr-orders__amount">{hkd(o.amount)}</dd>
                    </div>
                  </dl>
                  <ul className="xr-orders__items">
                    {o.plan_info ? <PlanLine plan={o.plan_info} /> : null}
                    {o.items.map((i) => (
                      <li key={i.project_id}>
                        <span className="xr-orders__pid">#{i.project_id}</span>
                        <Link to={`/product_details?id=${i.project_id}`} className="xr-orders__pname">
                          {i.project_name}
                        </Link>
                        <span className="xr-orders__pprice">{hkd(i.project_price)}</span>
                      </li>
                    ))}
                  </ul>
                  {o.status === 'pending' && o.user_id === user?.id ? (
                    <Button block type="primary" className="xr-mt" onClick={() => setPaying(toPlaced(o))}>
                      {t('list.pay')}
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : orders.isPending ? null : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')}>
              <Button type="primary" onClick={() => navigate('/marke_place')}>
                {t('list.browse')}
              </Button>
            </Empty>
          )}
          {total > PAGE ? (
            <Pagination
              className="xr-mt"
              align="center"
              size="small"
              current={params.page}
              pageSize={PAGE}
              total={total}
              onChange={(page) => setParams((p) => ({ ...p, page }))}
            />
          ) : null}
        </Spin>
      ) : (
        <Table<OrderRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list}
          loading={orders.isFetching}
          scroll={{ x: 1000 }}
          locale={{
            emptyText: (
              <div className="xr-orders__empty">
                <p>{t('list.empty')}</p>
                <Button type="primary" onClick={() => navigate('/marke_place')}>
                  {t('list.browse')}
                </Button>
              </div>
            ),
          }}
          pagination={{
            current: params.page,
            pageSize: PAGE,
            total,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: (page) => setParams((p) => ({ ...p, page })),
          }}
        />
      )}
      {paying ? (
        <Suspense fallback={null}>
          <InvoiceDialog
            open
            order={paying}
            onCancel={() => setPaying(null)}
            onFinished={() => {
              setPaying(null);
              void orders.refetch();
            }}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}

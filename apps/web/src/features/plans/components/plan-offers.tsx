import { CheckOutlined, MinusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { PlacedOrder } from '@xr/contract/orders';
import { PERIOD_MONTHS, PLAN_PERIODS, type PlanPeriod, type PublicCombo } from '@xr/contract/plans';
import { Button, Empty, Segmented, Skeleton, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hkd } from '../../../components/price-tag';
import { useSession } from '../../../lib/auth/session';
import { loginPath } from '../../../lib/navigation';
import { placePlanOrder, useComboList } from '../api/plans';
import { usePlanName, useQuotaText } from './plan-text';

const InvoiceDialog = lazy(() => import('../../../components/invoice-dialog'));

/** Saving of a longer period against the same level's monthly price, in whole percent. */
function savingOf(plan: PublicCombo, all: PublicCombo[]): number {
  const monthly = all.find((p) => p.level === plan.level && p.period === 'month');
  if (!monthly || monthly.price === 0 || plan.period === 'month') return 0;
  return Math.round((1 - plan.price / (monthly.price * PERIOD_MONTHS[plan.period])) * 100);
}

/**
 * The plans on offer (from GET /combo/combo_list) for /solutions: a period switch, a card per plan with "Buy", and
 * a comparison table. "Buy" places the plan's order and opens the invoice (the same payment flow as projects);
 * visitors sign in first and come back here.
 */
export function PlanOffers() {
  const { t } = useTranslation('plans');
  const { t: ts } = useTranslation('seats');
  const planName = usePlanName();
  const quota = useQuotaText();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { token } = useSession();
  const plans = useComboList();
  const [period, setPeriod] = useState<PlanPeriod>('month');
  const [order, setOrder] = useState<PlacedOrder | null>(null);
  const [buying, setBuying] = useState<number | null>(null);

  const all = plans.data ?? [];
  const shown = all.filter((p) => p.period === period);

  const buy = async (plan: PublicCombo) => {
    if (!token) {
      navigate(loginPath('/solutions'));
      return;
    }
    setBuying(plan.id);
    try {
      setOrder(await placePlanOrder(plan.id));
    } catch {
      // the HTTP client showed the reason
    } finally {
      setBuying(null);
    }
  };

  const yes = <CheckOutlined className="is-yes" aria-label={t('offers.yes')} />;
  const no = <MinusOutlined className="is-no" aria-label={t('offers.no')} />;

  return (
    <div data-testid="plan-offers">
      <div className="xr-period">
        <Segmented<PlanPeriod>
          size="large"
          value={period}
          onChange={setPeriod}
          options={PLAN_PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }))}
        />
      </div>
      {plans.isLoading ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {!plans.isLoading && shown.length === 0 ? <Empty description={t('offers.none')} /> : null}
      <div className="xr-plans">
        {shown.map((plan) => {
          const free = plan.level === 'freemium';
          const saving = savingOf(plan, all);
          const avatars = quota.avatars(plan.quotas);
          return (
            <article
              key={plan.id}
              className={`xr-plan${plan.level === 'biz_plus' ? ' is-highlighted' : ''}`}
              data-testid={`offer-${plan.level}`}
            >
              <h3>{planName(plan.names)}</h3>
              <div className="xr-plan__price">
                {plan.price === 0 ? (
                  t('offers.free')
                ) : (
                  <>
                    <span className="xr-plan__amount">{hkd(plan.price)}</span>
                    <span className="xr-plan__per">/ {t(`per.${plan.period}`)}</span>
                    {saving > 0 ? (
                      <Tag color="green" className="xr-plan__save">
                        {t('offers.save', { percent: saving })}
                      </Tag>
                    ) : null}
                  </>
                )}
              </div>
              <ul className="xr-plan__list">
                <li>
                  <CheckOutlined /> {quota.projects(plan.quotas)}
                </li>
                <li>
                  <CheckOutlined /> {quota.storage(plan.quotas)}
                </li>
                {plan.quotas.model_library ? (
                  <li>
                    <CheckOutlined /> {t('offers.modelLibrary')}
                  </li>
                ) : null}
                {plan.quotas.live_streaming ? (
                  <li>
                    <CheckOutlined /> {t('offers.liveStreaming')}
                  </li>
                ) : null}
                {avatars ? (
                  <li>
                    <CheckOutlined /> {avatars}
                  </li>
                ) : null}
              </ul>
              {free ? (
                <Button block size="large" disabled={!!token} onClick={() => navigate('/register')}>
                  {token ? t('offers.included') : t('offers.register')}
                </Button>
              ) : (
                <Button
                  block
                  size="large"
                  type="primary"
                  className="xr-gradient-btn"
                  loading={buying === plan.id}
                  onClick={() => void buy(plan)}
                  data-testid={`buy-${plan.level}`}
                >
                  {t('offers.buy')}
                </Button>
              )}
            </article>
          );
        })}
      </div>

      {shown.length > 0 ? (
        <div className="xr-compare" data-testid="plan-compare">
          <table aria-label={t('offers.compare')}>
            <thead>
              <tr>
                <th>{t('offers.feature')}</th>
                {shown.map((p) => (
                  <th key={p.id}>{planName(p.names)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>{t('offers.price')}</td>
                {shown.map((p) => (
                  <td key={p.id}>{p.price === 0 ? t('offers.free') : `${hkd(p.price)} / ${t(`per.${p.period}`)}`}</td>
                ))}
              </tr>
              <tr>
                <td>{t('offers.projects')}</td>
                {shown.map((p) => (
                  <td key={p.id}>{quota.projects(p.quotas)}</td>
                ))}
              </tr>
              <tr>
                <td>{t('offers.storage')}</td>
                {shown.map((p) => (
                  <td key={p.id}>{quota.storage(p.quotas)}</td>
                ))}
              </tr>
              <tr>
                <td>{t('offers.avatars')}</td>
                {shown.map((p) => (
                  <td key={p.id}>{p.quotas.custom_avatars || no}</td>
                ))}
              </tr>
              <tr>
                <td>{ts('compareSeats')}</td>
                {shown.map((p) => (
                  <td key={p.id}>{p.quotas.seats || no}</td>
                ))}
              </tr>
              <tr>
                <td>{t('offers.liveStreaming')}</td>
                {shown.map((p) => (
                  <td key={p.id}>{p.quotas.live_streaming ? yes : no}</td>
                ))}
              </tr>
              <tr>
                <td>{t('offers.modelLibrary')}</td>
                {shown.map((p) => (
                  <td key={p.id}>{p.quotas.model_library ? yes : no}</td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      ) : null}

      {order ? (
        <Suspense fallback={null}>
          <InvoiceDialog
            open
            order={order}
            onCancel={() => setOrder(null)}
            onFinished={() => {
              setOrder(null);
              void client.invalidateQueries({ queryKey: ['plans'] });
              navigate('/profile');
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

import { CheckOutlined } from '@ant-design/icons';
import { PLANS, type Plan, type PlanPeriod, periodSaving } from '@xr/contract/plans-catalog';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hkd } from '../../../components/price-tag';

/** "200 to unlimited projects", "30 projects"… */
export function useProjectsText() {
  const { t } = useTranslation('site');
  return (plan: Plan) =>
    plan.projects === null
      ? t('plans.projectsRange', { from: plan.projectsFrom ?? 0 })
      : t('plans.projects', { count: plan.projects });
}

/** Price of a plan in a period: "Free" or "HK$198.00 / month". */
function PlanPrice({ plan, period }: { plan: Plan; period: PlanPeriod }) {
  const { t } = useTranslation('site');
  const price = plan.prices[period];
  if (price === 0) return <div className="xr-plan__price">{t('plans.free')}</div>;
  const saving = periodSaving(plan, period);
  return (
    <div className="xr-plan__price">
      <span className="xr-plan__amount">{hkd(price)}</span>
      <span className="xr-plan__per">/ {t(`plans.per.${period}`)}</span>
      {saving > 0 ? (
        <Tag color="green" className="xr-plan__save">
          {t('plans.save', { percent: saving })}
        </Tag>
      ) : null}
    </div>
  );
}

/** The four plans side by side (solutions page; a compact version on the home page). */
export function PlanCards({ period, compact = false }: { period: PlanPeriod; compact?: boolean }) {
  const { t } = useTranslation('site');
  const navigate = useNavigate();
  const projectsText = useProjectsText();
  return (
    <div className={`xr-plans${compact ? ' is-compact' : ''}`}>
      {PLANS.map((plan) => {
        const highlights = [
          projectsText(plan),
          t(plan.capacityAtLeast ? 'plans.capacityAtLeast' : 'plans.capacity', { gb: plan.capacityGb }),
          // the custom-avatar feature is listed with its number below
          ...(compact ? [] : plan.features.filter((f) => f !== 'customAvatars').map((f) => t(`plans.features.${f}`))),
        ];
        return (
          <article
            key={plan.id}
            className={`xr-plan${plan.highlighted ? ' is-highlighted' : ''}`}
            data-testid={`plan-${plan.id}`}
          >
            {plan.highlighted ? <div className="xr-plan__ribbon">{t('plans.popular')}</div> : null}
            <h3>{t(`plans.names.${plan.id}`)}</h3>
            <p className="xr-plan__for">{t(`plans.for.${plan.id}`)}</p>
            <PlanPrice plan={plan} period={period} />
            <ul className="xr-plan__list">
              {highlights.map((h) => (
                <li key={h}>
                  <CheckOutlined /> {h}
                </li>
              ))}
              {!compact && plan.customAvatars > 0 ? (
                <li>
                  <CheckOutlined /> {t('plans.avatars', { count: plan.customAvatars })}
                </li>
              ) : null}
            </ul>
            <Button
              block
              size="large"
              type={plan.highlighted ? 'primary' : 'default'}
              className={plan.highlighted ? 'xr-gradient-btn' : undefined}
              onClick={() => navigate(plan.id === 'enterprise' ? '/contact' : '/register')}
            >
              {t(`plans.cta.${plan.id}`)}
            </Button>
          </article>
        );
      })}
    </div>
  );
}

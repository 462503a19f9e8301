import {
  BankOutlined,
  CheckOutlined,
  MinusOutlined,
  ReadOutlined,
  ShopOutlined,
  ToolOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import {
  FREE_TRIAL_MONTHS,
  MODEL_LIBRARY_SIZE,
  PLAN_FEATURES,
  PLAN_PERIODS,
  PLANS,
  type PlanPeriod,
} from '@xr/contract/plans-catalog';
import { Collapse, Segmented } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SpheresArt } from '../components/illustrations';
import { PageHero, SectionHead } from '../components/page-hero';
import { PlanCards, useProjectsText } from '../components/plan-cards';
import '../site.css';

const SOLUTIONS = [
  { key: 'education', icon: <ReadOutlined /> },
  { key: 'retail', icon: <ShopOutlined /> },
  { key: 'culture', icon: <BankOutlined /> },
  { key: 'training', icon: <ToolOutlined /> },
  { key: 'events', icon: <TrophyOutlined /> },
] as const;
const FAQ = ['trial', 'payment', 'switch', 'capacity', 'enterprise', 'refund'] as const;

/**
 * `/solutions`: solutions by use and the plans (freemium, Biz, Biz Plus, enterprise VIP; month / quarter / year).
 * `plans` replaces the static plan cards and comparison table (app/pages/solutions-page.tsx passes the plans the
 * server offers, with "Buy").
 */
export default function SolutionsPage({ plans }: { plans?: ReactNode }) {
  const { t } = useTranslation('site');
  const { t: ts } = useTranslation('seats');
  const [period, setPeriod] = useState<PlanPeriod>('month');
  const projectsText = useProjectsText();

  return (
    <div className="xr-site">
      <PageHero
        eyebrow={t('solutions.eyebrow')}
        title={t('solutions.title')}
        subtitle={t('solutions.subtitle', { months: FREE_TRIAL_MONTHS, models: MODEL_LIBRARY_SIZE })}
        art={<SpheresArt />}
      />

      <section className="xr-section">
        <SectionHead title={t('solutions.uses.title')} lead={t('solutions.uses.lead')} />
        <div className="xr-feature-grid">
          {SOLUTIONS.map((s) => (
            <article key={s.key} className="xr-feature">
              <span className="xr-feature__icon">{s.icon}</span>
              <h3>{t(`solutions.uses.items.${s.key}.title`)}</h3>
              <p>{t(`solutions.uses.items.${s.key}.text`)}</p>
            </article>
          ))}
          <article className="xr-feature">
            <span className="xr-feature__icon">+</span>
            <h3>{t('solutions.uses.custom.title')}</h3>
            <p>{t('solutions.uses.custom.text')}</p>
          </article>
        </div>
      </section>

      <section className="xr-section" id="plans">
        <SectionHead title={t('solutions.plans.title')} lead={t('solutions.plans.lead', { months: FREE_TRIAL_MONTHS })} />
        {plans ?? (
          <>
            <div className="xr-period">
              <Segmented<PlanPeriod>
                size="large"
                value={period}
                onChange={setPeriod}
                options={PLAN_PERIODS.map((p) => ({ value: p, label: t(`plans.periods.${p}`) }))}
              />
            </div>
            <PlanCards period={period} />
          </>
        )}
      </section>

      {plans ? null : (
        <section className="xr-section">
          <SectionHead title={t('solutions.compare.title')} />
          <div className="xr-compare">
            <table>
              <thead>
                <tr>
                  <th>{t('solutions.compare.feature')}</th>
                  {PLANS.map((p) => (
                    <th key={p.id}>{t(`plans.names.${p.id}`)}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>{t('solutions.compare.projects')}</td>
                  {PLANS.map((p) => (
                    <td key={p.id}>{projectsText(p)}</td>
                  ))}
                </tr>
                <tr>
                  <td>{t('solutions.compare.capacity')}</td>
                  {PLANS.map((p) => (
                    <td key={p.id}>{t(p.capacityAtLeast ? 'plans.capacityAtLeast' : 'plans.capacity', { gb: p.capacityGb })}</td>
                  ))}
                </tr>
                <tr>
                  <td>{t('solutions.compare.avatars')}</td>
                  {PLANS.map((p) => (
                    <td key={p.id}>{p.customAvatars || <MinusOutlined className="is-no" />}</td>
                  ))}
                </tr>
                <tr>
                  <td>{ts('compareSeats')}</td>
                  {PLANS.map((p) => (
                    <td key={p.id}>{p.seats || <MinusOutlined className="is-no" />}</td>
                  ))}
                </tr>
                {PLAN_FEATURES.map((f) => (
                  <tr key={f}>
                    <td>{t(`plans.features.${f}`)}</td>
                    {PLANS.map((p) => (
                      <td key={p.id}>
                        {p.features.includes(f) ? (
                          <CheckOutlined className="is-yes" aria-label={t('solutions.compare.yes')} />
                        ) : (
                          <MinusOutlined className="is-no" aria-label={t('solutions.compare.no')} />
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}

      <section className="xr-section xr-faq">
        <SectionHead title={t('solutions.faq.title')} />
        <Collapse
          items={FAQ.map((f) => ({
            key: f,
            label: t(`solutions.faq.items.${f}.q`),
            children: <p className="xr-prose">{t(`solutions.faq.items.${f}.a`, { months: FREE_TRIAL_MONTHS })}</p>,
          }))}
        />
      </section>
    </div>
  );
}

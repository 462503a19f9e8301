import { GlobalOutlined, HeartOutlined, SafetyOutlined, TeamOutlined } from '@ant-design/icons';
import { MODEL_LIBRARY_SIZE } from '@xr/contract/plans-catalog';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SpheresArt } from '../components/illustrations';
import { PageHero, SectionHead } from '../components/page-hero';
import { Prose, useLines } from '../components/prose';
import '../site.css';

const VALUES = [
  { key: 'open', icon: <GlobalOutlined /> },
  { key: 'creators', icon: <HeartOutlined /> },
  { key: 'together', icon: <TeamOutlined /> },
  { key: 'trust', icon: <SafetyOutlined /> },
] as const;

/** `/about`: who we are, what we believe, what the platform offers. */
export default function AboutPage() {
  const { t } = useTranslation('site-pages');
  const lines = useLines('site-pages');
  const navigate = useNavigate();
  const facts = [
    { value: `${MODEL_LIBRARY_SIZE}+`, label: t('about.facts.models') },
    { value: '4', label: t('about.facts.formats') },
    { value: '3', label: t('about.facts.languages') },
    { value: 'HKD', label: t('about.facts.currency') },
  ];
  return (
    <div className="xr-site">
      <PageHero eyebrow={t('about.eyebrow')} title={t('about.title')} subtitle={t('about.subtitle')} art={<SpheresArt />} />

      <section className="xr-section xr-two-col">
        <div className="xr-card-block xr-prose">
          <h2>{t('about.mission.title')}</h2>
          <Prose lines={lines('about.mission.body')} />
        </div>
        <div className="xr-card-block xr-prose">
          <h2>{t('about.offer.title')}</h2>
          <Prose lines={lines('about.offer.body')} />
        </div>
      </section>

      <section className="xr-section">
        <div className="xr-facts">
          {facts.map((f) => (
            <div key={f.label} className="xr-fact">
              <strong>{f.value}</strong>
              <span>{f.label}</span>
            </div>
          ))}
        </div>
      </section>

      <section className="xr-section">
        <SectionHead title={t('about.values.title')} lead={t('about.values.lead')} />
        <div className="xr-values">
          {VALUES.map((v) => (
            <article key={v.key} className="xr-value">
              {v.icon}
              <h3>{t(`about.values.items.${v.key}.title`)}</h3>
              <p>{t(`about.values.items.${v.key}.text`)}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="xr-cta">
        <div>
          <h2>{t('about.cta.title')}</h2>
          <p>{t('about.cta.text')}</p>
        </div>
        <div className="xr-cta__actions">
          <Button size="large" className="xr-btn-white" onClick={() => navigate('/contact')}>
            {t('about.cta.contact')}
          </Button>
          <Button size="large" ghost onClick={() => navigate('/join')}>
            {t('about.cta.join')}
          </Button>
        </div>
      </section>
    </div>
  );
}

import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHero, SectionHead } from '../components/page-hero';
import '../site.css';

const PATHS = ['creator', 'partner', 'team'] as const;
const STEPS = ['register', 'build', 'submit', 'earn'] as const;
const AREAS = ['web3d', 'artist', 'community', 'education'] as const;

/** `/join`: become a creator, partner with us, or work with us. */
export default function JoinPage() {
  const { t } = useTranslation('site-pages');
  const navigate = useNavigate();
  return (
    <div className="xr-site">
      <PageHero
        eyebrow={t('join.eyebrow')}
        title={t('join.title')}
        subtitle={t('join.subtitle')}
        actions={
          <>
            <Button size="large" className="xr-btn-white" onClick={() => navigate('/register')}>
              {t('join.ctaCreator')}
            </Button>
            <Button size="large" ghost onClick={() => navigate('/contact')}>
              {t('join.ctaContact')}
            </Button>
          </>
        }
      />

      <section className="xr-section">
        <SectionHead title={t('join.paths.title')} lead={t('join.paths.lead')} />
        <div className="xr-roles">
          {PATHS.map((p) => (
            <article key={p} className="xr-role">
              <h3>{t(`join.paths.items.${p}.title`)}</h3>
              <p>{t(`join.paths.items.${p}.text`)}</p>
              <Button type="link" className="xr-px-0" onClick={() => navigate(p === 'creator' ? '/register' : '/contact')}>
                {t(`join.paths.items.${p}.action`)}
              </Button>
            </article>
          ))}
        </div>
      </section>

      <section className="xr-section">
        <SectionHead title={t('join.steps.title')} lead={t('join.steps.lead')} />
        <ol className="xr-steps xr-steps--4">
          {STEPS.map((s, i) => (
            <li key={s} className="xr-step">
              <span className="xr-step__n">{i + 1}</span>
              <h3>{t(`join.steps.items.${s}.title`)}</h3>
              <p>{t(`join.steps.items.${s}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="xr-section">
        <SectionHead title={t('join.team.title')} lead={t('join.team.lead')} />
        <div className="xr-roles xr-roles--2">
          {AREAS.map((a) => (
            <article key={a} className="xr-role">
              <h3>{t(`join.team.items.${a}.title`)}</h3>
              <p>{t(`join.team.items.${a}.text`)}</p>
              <Tag color="purple">{t(`join.team.items.${a}.mode`)}</Tag>
            </article>
          ))}
        </div>
        <p className="xr-muted xr-mt">{t('join.team.how')}</p>
      </section>
    </div>
  );
}

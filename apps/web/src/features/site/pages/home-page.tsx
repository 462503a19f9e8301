import {
  AppstoreOutlined,
  ArrowRightOutlined,
  CompassOutlined,
  DeploymentUnitOutlined,
  ReadOutlined,
  ShopOutlined,
  SmileOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { MODEL_LIBRARY_SIZE } from '@xr/contract/plans-catalog';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ProjectCard, ProjectCardSkeleton } from '../../../components/project-card';
import { useSession } from '../../../lib/auth/session';
import { featuredQuery } from '../api/featured';
import { HeroArt } from '../components/illustrations';
import { SectionHead } from '../components/page-hero';
import { PlanCards } from '../components/plan-cards';
import '../site.css';

const BUILD = [
  { key: 'tours', icon: <CompassOutlined /> },
  { key: 'showrooms', icon: <AppstoreOutlined /> },
  { key: 'classrooms', icon: <ReadOutlined /> },
  { key: 'live', icon: <VideoCameraOutlined /> },
  { key: 'avatars', icon: <SmileOutlined /> },
  { key: 'market', icon: <ShopOutlined /> },
] as const;

const USE_CASES = ['education', 'retail', 'exhibitions', 'marketing', 'training', 'realEstate'] as const;
const STEPS = ['create', 'share', 'sell'] as const;

/** Featured projects: the market's most popular items. */
function Featured() {
  const { t } = useTranslation('site');
  const featured = useQuery(featuredQuery('popular', 8));
  const list = Array.isArray(featured.data?.list) ? featured.data.list : [];
  if (!featured.isPending && list.length === 0) return null;
  return (
    <section className="xr-section">
      <SectionHead
        title={t('home.featured.title')}
        lead={t('home.featured.lead')}
        extra={
          <Link to="/marke_place?sort=popular" className="xr-link-arrow">
            {t('home.featured.all')} <ArrowRightOutlined />
          </Link>
        }
      />
      <div className="xr-pcard-grid">
        {featured.isPending
          ? Array.from({ length: 4 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <ProjectCardSkeleton key={i} />
            ))
          : list.map((item) => <ProjectCard key={item.id} item={item} />)}
      </div>
    </section>
  );
}

/** `/`: the home page (hero, what you can build, featured projects, use cases, plans teaser, call to action). */
export default function HomePage() {
  const { t } = useTranslation('site');
  const navigate = useNavigate();
  const { token } = useSession();
  const start = () => navigate(token ? '/profile' : '/register');

  return (
    <div className="xr-site xr-home">
      <section className="xr-home-hero">
        <div className="xr-home-hero__text">
          <div className="xr-eyebrow is-light">{t('home.hero.eyebrow')}</div>
          <h1>{t('home.hero.title')}</h1>
          <p>{t('home.hero.subtitle')}</p>
          <div className="xr-home-hero__actions">
            <Button size="large" className="xr-btn-white" onClick={start}>
              {token ? t('home.hero.console') : t('home.hero.start')}
            </Button>
            <Button size="large" ghost onClick={() => navigate('/marke_place')}>
              {t('home.hero.market')}
            </Button>
          </div>
          <ul className="xr-home-hero__facts">
            <li>
              <strong>{MODEL_LIBRARY_SIZE}+</strong>
              <span>{t('home.hero.factModels')}</span>
            </li>
            <li>
              <strong>FBX · glTF · OBJ · 3DS</strong>
              <span>{t('home.hero.factFormats')}</span>
            </li>
            <li>
              <strong>{t('home.hero.factLangsValue')}</strong>
              <span>{t('home.hero.factLangs')}</span>
            </li>
          </ul>
        </div>
        <div className="xr-home-hero__art">
          <HeroArt />
        </div>
      </section>

      <section className="xr-section">
        <SectionHead title={t('home.build.title')} lead={t('home.build.lead')} />
        <div className="xr-feature-grid">
          {BUILD.map((b) => (
            <article key={b.key} className="xr-feature">
              <span className="xr-feature__icon">{b.icon}</span>
              <h3>{t(`home.build.items.${b.key}.title`)}</h3>
              <p>{t(`home.build.items.${b.key}.text`)}</p>
            </article>
          ))}
        </div>
      </section>

      <Featured />

      <section className="xr-section">
        <SectionHead title={t('home.steps.title')} lead={t('home.steps.lead')} />
        <ol className="xr-steps">
          {STEPS.map((s, i) => (
            <li key={s} className="xr-step">
              <span className="xr-step__n">{i + 1}</span>
              <h3>{t(`home.steps.items.${s}.title`)}</h3>
              <p>{t(`home.steps.items.${s}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="xr-section">
        <SectionHead title={t('home.uses.title')} lead={t('home.uses.lead')} />
        <div className="xr-uses">
          {USE_CASES.map((u, i) => (
            <article key={u} className={`xr-use xr-use--${i % 6}`}>
              <DeploymentUnitOutlined className="xr-use__mark" />
              <h3>{t(`home.uses.items.${u}.title`)}</h3>
              <p>{t(`home.uses.items.${u}.text`)}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="xr-section">
        <SectionHead
          title={t('home.plans.title')}
          lead={t('home.plans.lead')}
          extra={
            <Link to="/solutions" className="xr-link-arrow">
              {t('home.plans.all')} <ArrowRightOutlined />
            </Link>
          }
        />
        <PlanCards period="month" compact />
      </section>

      <section className="xr-cta">
        <div>
          <h2>{t('home.cta.title')}</h2>
          <p>{t('home.cta.text')}</p>
        </div>
        <div className="xr-cta__actions">
          <Button size="large" className="xr-btn-white" onClick={start}>
            {token ? t('home.hero.console') : t('home.cta.start')}
          </Button>
          <Button size="large" ghost onClick={() => navigate('/contact')}>
            {t('home.cta.talk')}
          </Button>
        </div>
      </section>
    </div>
  );
}

import {
  AudioOutlined,
  MessageOutlined,
  RobotOutlined,
  SmileOutlined,
  TeamOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/auth/session';
import { MetaArt } from '../components/illustrations';
import { PageHero, SectionHead } from '../components/page-hero';
import '../site.css';

const FEATURES = [
  { key: 'rooms', icon: <TeamOutlined /> },
  { key: 'avatars', icon: <SmileOutlined /> },
  { key: 'live', icon: <VideoCameraOutlined /> },
  { key: 'chat', icon: <MessageOutlined /> },
  { key: 'npc', icon: <RobotOutlined /> },
  { key: 'voice', icon: <AudioOutlined /> },
] as const;
const PREPARE = ['scene', 'avatar', 'plan'] as const;

/**
 * `/meta`: the meta world explore page. The shared rooms arrive in a later release, so this page says what they
 * will offer and how to prepare — no made-up rooms or visitor counts.
 */
export default function MetaPage() {
  const { t } = useTranslation('site');
  const navigate = useNavigate();
  const { token } = useSession();
  return (
    <div className="xr-site">
      <PageHero
        eyebrow={t('meta.eyebrow')}
        title={t('meta.title')}
        subtitle={t('meta.subtitle')}
        art={<MetaArt />}
        actions={
          <>
            <Button size="large" className="xr-btn-white" onClick={() => navigate(token ? '/profile' : '/register')}>
              {token ? t('meta.ctaConsole') : t('meta.ctaRegister')}
            </Button>
            <Button size="large" ghost onClick={() => navigate('/marke_place?catalog=3d_model')}>
              {t('meta.ctaModels')}
            </Button>
          </>
        }
      />

      <section className="xr-section">
        <SectionHead title={t('meta.features.title')} lead={t('meta.features.lead')} />
        <div className="xr-meta-grid">
          {FEATURES.map((f) => (
            <article key={f.key} className="xr-meta-item">
              <span className="xr-feature__icon">{f.icon}</span>
              <div>
                <h3>{t(`meta.features.items.${f.key}.title`)}</h3>
                <p>{t(`meta.features.items.${f.key}.text`)}</p>
              </div>
            </article>
          ))}
        </div>
      </section>

      <section className="xr-section">
        <SectionHead title={t('meta.prepare.title')} lead={t('meta.prepare.lead')} />
        <ol className="xr-steps">
          {PREPARE.map((p, i) => (
            <li key={p} className="xr-step">
              <span className="xr-step__n">{i + 1}</span>
              <h3>{t(`meta.prepare.items.${p}.title`)}</h3>
              <p>{t(`meta.prepare.items.${p}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="xr-cta">
        <div>
          <h2>{t('meta.cta.title')}</h2>
          <p>{t('meta.cta.text')}</p>
        </div>
        <div className="xr-cta__actions">
          <Button size="large" className="xr-btn-white" onClick={() => navigate('/solutions')}>
            {t('meta.cta.plans')}
          </Button>
          <Button size="large" ghost onClick={() => navigate('/contact')}>
            {t('meta.cta.contact')}
          </Button>
        </div>
      </section>
    </div>
  );
}

import { CheckCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../../components/brand-logo';
import './auth.css';

interface Props {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Wider card for the registration form. */
  wide?: boolean;
}

/** Frame of the sign-in and registration screens: a brand panel beside the form card (stacked on phones). */
export function AuthShell({ title, subtitle, children, wide = false }: Props) {
  const { t } = useTranslation('auth');
  const points = [t('shell.point1'), t('shell.point2'), t('shell.point3')];
  return (
    <div className={`xr-auth${wide ? ' xr-auth--wide' : ''}`}>
      <aside className="xr-auth__brand">
        <BrandMark size={48} />
        <h2 className="xr-auth__brand-title">{t('shell.title')}</h2>
        <p className="xr-auth__brand-text">{t('shell.text')}</p>
        <ul className="xr-auth__points">
          {points.map((p) => (
            <li key={p}>
              <CheckCircleFilled /> <span>{p}</span>
            </li>
          ))}
        </ul>
      </aside>
      <section className="xr-auth__card">
        <header className="xr-auth__head">
          <h1 className="xr-auth__title">{title}</h1>
          {subtitle && <p className="xr-auth__subtitle">{subtitle}</p>}
        </header>
        {children}
      </section>
    </div>
  );
}

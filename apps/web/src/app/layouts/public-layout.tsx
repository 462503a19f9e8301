import { DashboardOutlined, MenuOutlined } from '@ant-design/icons';
import { PRODUCT_NAME } from '@xr/contract/constants';
import { Button } from 'antd';
// The avatar itself, not antd's index entry, which also attaches Avatar.Group (Popover, Tooltip and their
// positioning: ~10 KiB gzipped of every public page's first load for a group the header never shows).
import Avatar from 'antd/es/avatar/Avatar';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { LangSwitch } from '../../components/lang-switch';
import { useSession } from '../../lib/auth/session';
import './layouts.css';
import { PaymentReturnNotice } from '../../components/payment-return';

// Parts of the header most visitors never use are chunks of their own (public pages' first load stays small):
// the signed-in user's menu and the narrow-screen drawer.
const PublicAccountMenu = lazy(() => import('./public-account-menu'));
const PublicDrawer = lazy(() => import('./public-drawer'));

/** Header navigation of the public site (titles from the `route` namespace). */
export const PUBLIC_NAV = [
  { to: '/', title: 'home' },
  { to: '/marke_place', title: 'market' },
  { to: '/meta', title: 'meta' },
  { to: '/solutions', title: 'solutions' },
  { to: '/forum', title: 'forum' },
  { to: '/about', title: 'about' },
  { to: '/contact', title: 'contact' },
] as const;

const FOOTER_LINKS = [
  { to: '/policy', title: 'policy' },
  { to: '/user_terms_agreement', title: 'userTerms' },
  { to: '/about', title: 'about' },
  { to: '/join', title: 'join' },
  { to: '/contact', title: 'contact' },
] as const;

function AccountActions({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation(['layout', 'route']);
  const { token, user, avatar } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const go = (to: string) => {
    onNavigate?.();
    navigate(to);
  };

  if (token && user) {
    const name = user.username;
    const avatarButton = (
      <button type="button" className="xr-pub-avatar" aria-label={t('layout:user.menu')} data-testid="public-user-menu">
        <Avatar src={avatar || undefined} size={34} className="xr-avatar-fallback">
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        {vertical && <span className="xr-pub-avatar__name">{name}</span>}
      </button>
    );
    return (
      <div className={`xr-pub-account${vertical ? ' is-vertical' : ''}`}>
        <Button type="primary" icon={<DashboardOutlined />} onClick={() => go('/profile')} className="xr-pub-console">
          {t('layout:console')}
        </Button>
        <Suspense fallback={avatarButton}>
          <PublicAccountMenu name={name} go={go}>
            {avatarButton}
          </PublicAccountMenu>
        </Suspense>
      </div>
    );
  }
  return (
    <div className={`xr-pub-account${vertical ? ' is-vertical' : ''}`}>
      <Button type={vertical || pathname === '/login' ? 'default' : 'text'} onClick={() => go('/login')}>
        {t('layout:signIn')}
      </Button>
      <Button type="primary" onClick={() => go('/register')} className="xr-gradient-btn">
        {t('layout:register')}
      </Button>
    </div>
  );
}

/** Public layout (spec section 2): header with navigation, language switch and account actions; footer. */
export function PublicLayout() {
  const { t } = useTranslation(['layout', 'route']);
  const [drawer, setDrawer] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change
  useEffect(() => {
    setDrawer(false);
    window.scrollTo?.({ top: 0 });
  }, [pathname]);

  const links = PUBLIC_NAV.map((n) => (
    <NavLink key={n.to} to={n.to} end className={({ isActive }) => `xr-pub-nav__link${isActive ? ' is-active' : ''}`}>
      {t(`route:${n.title}`)}
    </NavLink>
  ));

  return (
    <div className="xr-public">
      <header className="xr-pub-header">
        <div className="xr-pub-header__inner">
          <BrandLogo />
          <nav className="xr-pub-nav" aria-label={t('layout:mainNav')}>
            {links}
          </nav>
          <div className="xr-pub-header__right">
            <LangSwitch full className="xr-pub-lang" />
            <div className="xr-pub-header__account">
              <AccountActions />
            </div>
            <Button
              type="text"
              className="xr-pub-burger"
              icon={<MenuOutlined />}
              aria-label={t('layout:openMenu')}
              onClick={() => {
                setDrawerUsed(true);
                setDrawer(true);
              }}
            />
          </div>
        </div>
      </header>

      {drawerUsed && (
        <Suspense fallback={null}>
          <PublicDrawer open={drawer} onClose={() => setDrawer(false)}>
            <nav className="xr-pub-drawer__nav" aria-label={t('layout:mainNav')}>
              {links}
            </nav>
            <AccountActions vertical onNavigate={() => setDrawer(false)} />
          </PublicDrawer>
        </Suspense>
      )}

      <main className="xr-pub-main">
        <Outlet />
        <PaymentReturnNotice />
      </main>

      <footer className="xr-pub-footer">
        <div className="xr-pub-footer__inner">
          <div className="xr-pub-footer__brand">
            <BrandLogo light />
            <p>{t('layout:footer.tagline')}</p>
          </div>
          <nav className="xr-pub-footer__links" aria-label={t('layout:footer.label')}>
            {FOOTER_LINKS.map((l) => (
              <Link key={l.to} to={l.to}>
                {t(`route:${l.title}`)}
              </Link>
            ))}
          </nav>
        </div>
        <div className="xr-pub-footer__copy">
          © {new Date().getFullYear()} {PRODUCT_NAME}. {t('layout:footer.rights')}
        </div>
      </footer>
    </div>
  );
}

export default PublicLayout;

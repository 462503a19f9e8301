import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { SIDEBAR_WIDTH } from '@xr/contract/constants';
import { Button, Layout } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { AppBreadcrumb } from '../../components/app-breadcrumb';
import { BrandLogo } from '../../components/brand-logo';
import { CartButton } from '../../components/cart-button';
import { ErrorLogButton } from '../../components/error-log-button';
import { GuidedTour } from '../../components/guided-tour';
import { HelpMenu } from '../../components/help-menu';
import { LangSwitch } from '../../components/lang-switch';
import { MessageBell } from '../../components/message-bell';
import { MobileWarning } from '../../components/mobile-warning';
import { SideMenu } from '../../components/side-menu';
import { SizeSelect } from '../../components/size-select';
import { TagsView } from '../../components/tags-view';
import { ThemePicker } from '../../components/theme-picker';
import { RenewalBanner } from '../../features/plans/components/renewal-banner';
import { useSession } from '../../lib/auth/session';
import { findRouteTrail } from '../../lib/permissions';
import { closeSidebar, toggleSidebar, useSidebar, useViewportWatcher } from '../../lib/sidebar';
import { addTag } from '../../lib/tags';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { AdminUserMenu } from './admin-user-menu';
import './layouts.css';
import { PaymentReturnNotice } from '../../components/payment-return';

const COLLAPSED_WIDTH = 64;

// antd's Drawer (the sidebar below 992 px) loads the first time the menu is opened on a narrow screen.
const AdminDrawer = lazy(() => import('./admin-drawer'));

/** Opens a tab for every admin page visited; /profile is pinned (the breadcrumb root). */
function useTagTracking() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const route = findRouteTrail(pathname).at(-1);
    // a parent is a menu group, not a page (every leaf has one)
    if (!route || route.hidden || route.children) return;
    addTag({ path: pathname, fullPath: pathname + search, title: route.title, affix: pathname === '/profile' });
  }, [pathname, search]);
}

/**
 * Admin layout (spec section 2 "Layout"): collapsible 210 px sidebar (a drawer below 992 px), top bar,
 * breadcrumb, tags-view, the mobile warning at 768 px or less, and the first-time guided tour.
 */
export function AdminLayout() {
  const { t } = useTranslation('layout');
  const { token } = useSession();
  const { opened, device, withoutAnimation } = useSidebar();
  const mobile = device === 'mobile';
  const drawerUsed = useOpenedOnce(mobile && opened);
  useViewportWatcher();
  useTagTracking();

  useEffect(() => {
    // the profile page is always open as the first tab
    addTag({ path: '/profile', title: 'profile', affix: true });
  }, []);

  const brand = (
    <div className={`xr-side__brand${!mobile && !opened ? ' is-collapsed' : ''}`}>
      <BrandLogo withName={mobile || opened} light to="/profile" />
    </div>
  );

  return (
    <Layout className={`xr-admin${withoutAnimation ? ' no-anim' : ''}`} hasSider={!mobile}>
      {mobile ? (
        drawerUsed ? (
          <Suspense fallback={null}>
            <AdminDrawer open={opened} onClose={() => closeSidebar()}>
              <div className="xr-side" data-tour="sidebar">
                {brand}
                <SideMenu collapsed={false} onNavigate={() => closeSidebar()} />
              </div>
            </AdminDrawer>
          </Suspense>
        ) : null
      ) : (
        <Layout.Sider
          width={SIDEBAR_WIDTH}
          collapsedWidth={COLLAPSED_WIDTH}
          collapsed={!opened}
          trigger={null}
          className="xr-side"
          data-tour="sidebar"
        >
          {brand}
          <SideMenu collapsed={!opened} />
        </Layout.Sider>
      )}
      <Layout className="xr-admin__main">
        <header className="xr-topbar">
          <div className="xr-topbar__left">
            <Button
              type="text"
              className="xr-topbar__burger"
              icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
              onClick={toggleSidebar}
              aria-label={opened ? t('collapse') : t('expand')}
              aria-expanded={opened}
              data-tour="hamburger"
              data-testid="hamburger"
            />
            <AppBreadcrumb />
          </div>
          <div className="xr-topbar__right">
            <ErrorLogButton />
            <MessageBell />
            <CartButton />
            <HelpMenu />
            <span data-tour="lang">
              <LangSwitch />
            </span>
            <span className="xr-hide-sm">
              <ThemePicker />
            </span>
            <span className="xr-hide-sm">
              <SizeSelect />
            </span>
            <AdminUserMenu />
          </div>
        </header>
        <TagsView />
        <MobileWarning />
        <RenewalBanner />
        <Layout.Content className="xr-admin__content" data-tour="content">
          {/* every admin page needs a session: when it ends (logout, expired token) the page goes at once, so its
              queries stop instead of refetching without a token while the router moves to /login */}
          {token ? <Outlet /> : null}
          <PaymentReturnNotice />
        </Layout.Content>
      </Layout>
      <GuidedTour />
    </Layout>
  );
}

export default AdminLayout;

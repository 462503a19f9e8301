import { HomeOutlined } from '@ant-design/icons';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { findRouteTrail } from '../lib/permissions';

/** Breadcrumb rooted at /profile (spec section 2): Profile / parent / page. */
export function AppBreadcrumb() {
  const { t } = useTranslation('route');
  const { pathname } = useLocation();
  const trail = findRouteTrail(pathname).filter((r) => r.path !== '/profile');
  const items = [
    {
      key: '/profile',
      title:
        trail.length === 0 ? (
          <span>
            <HomeOutlined /> {t('profile')}
          </span>
        ) : (
          <Link to="/profile">
            <HomeOutlined /> {t('profile')}
          </Link>
        ),
    },
    ...trail.map((r, i) => {
      const last = i === trail.length - 1;
      const target = r.children ? r.redirect : r.path;
      return {
        key: r.path,
        title: last || !target ? <span>{t(r.title)}</span> : <Link to={target}>{t(r.title)}</Link>,
      };
    }),
  ];
  return <Breadcrumb className="xr-breadcrumb" items={items} data-tour="breadcrumb" />;
}

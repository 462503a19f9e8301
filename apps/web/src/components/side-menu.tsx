import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { findRouteTrail, type MenuEntry, useAccess } from '../lib/permissions';
import { MenuIcon } from './menu-icon';

type Item = Required<MenuProps>['items'][number];

function toItems(entries: MenuEntry[], t: (k: string) => string, top = true): Item[] {
  return entries.map((e) => {
    const label = (
      <span key="label" className="xr-menu__label" data-tour={`menu-${e.path}`}>
        {t(`route:${e.title}`)}
      </span>
    );
    const icon = top ? <MenuIcon key="icon" name={e.icon} /> : undefined;
    return e.children ? { key: e.path, icon, label, children: toItems(e.children, t, false) } : { key: e.path, icon, label };
  });
}

interface Props {
  collapsed: boolean;
  /** Called after choosing a page (the phone drawer closes). */
  onNavigate?: () => void;
}

/** The sidebar menu: the admin routes this user's permissions allow (lib/permissions), icons by name. */
export function SideMenu({ collapsed, onNavigate }: Props) {
  const { t } = useTranslation('route');
  const { menu } = useAccess();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const items = useMemo(() => toItems(menu, t), [menu, t]);
  const parents = useMemo(
    () =>
      findRouteTrail(pathname)
        .slice(0, -1)
        .map((r) => r.path),
    [pathname],
  );
  const [openKeys, setOpenKeys] = useState<string[]>(parents);

  useEffect(() => {
    setOpenKeys((keys) => [...new Set([...keys, ...parents])]);
  }, [parents]);

  return (
    <Menu
      mode="inline"
      theme="dark"
      className="xr-menu"
      items={items}
      selectedKeys={[pathname]}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
      aria-label={t('layout:sidebar')}
      data-testid="side-menu"
    />
  );
}

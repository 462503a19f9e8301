import { GiftOutlined, HomeOutlined, LockOutlined, LogoutOutlined, SmileOutlined, UserOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
// the Avatar module itself: antd's index entry adds Avatar.Group, and with it Popover, to every admin page
import Avatar from 'antd/es/avatar/Avatar';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout, useSession } from '../../lib/auth/session';
import { useOpenedOnce } from '../../lib/use-opened-once';

// The dialogs (antd Form, Modal, Input and the contract's zod rules) load when first opened, not with every admin
// page (/profile's first load).
const ChangePasswordDialog = lazy(() =>
  import('../../features/users/components/change-password-dialog').then((m) => ({ default: m.ChangePasswordDialog })),
);
const CouponDialog = lazy(() => import('../../components/coupon-dialog').then((m) => ({ default: m.CouponDialog })));

/** Top-bar user menu (spec section 2): Home, Profile, My Avatar, Change Password, Coupon code, Log Out. */
export function AdminUserMenu() {
  const { t } = useTranslation(['layout', 'route']);
  const navigate = useNavigate();
  const { user, avatar, name, roleName } = useSession();
  const [dialog, setDialog] = useState<'password' | 'coupon' | null>(null);
  const passwordOpened = useOpenedOnce(dialog === 'password');
  const couponOpened = useOpenedOnce(dialog === 'coupon');
  const display = user?.username || name || '';

  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            {
              key: 'who',
              disabled: true,
              label: (
                <div className="xr-user-menu__who">
                  <strong>{display}</strong>
                  {user?.email && <span>{user.email}</span>}
                </div>
              ),
            },
            { type: 'divider' },
            { key: 'home', icon: <HomeOutlined />, label: t('layout:user.home') },
            { key: 'profile', icon: <UserOutlined />, label: t('route:profile') },
            { key: 'avatar', icon: <SmileOutlined />, label: t('route:avatarList') },
            { key: 'password', icon: <LockOutlined />, label: t('layout:user.changePassword') },
            { key: 'coupon', icon: <GiftOutlined />, label: t('layout:user.coupon') },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('layout:user.logout'), danger: true },
          ],
          onClick: ({ key }) => {
            if (key === 'home') navigate('/');
            else if (key === 'profile') navigate('/profile');
            else if (key === 'avatar') navigate('/avatar-list');
            else if (key === 'password' || key === 'coupon') setDialog(key);
            else if (key === 'logout') void logout();
          },
        }}
      >
        <button
          type="button"
          className="xr-user-menu"
          aria-label={t('layout:user.menu')}
          data-tour="user-menu"
          data-testid="user-menu"
        >
          <Avatar src={avatar || undefined} size={32} className="xr-avatar-fallback">
            {display.slice(0, 1).toUpperCase()}
          </Avatar>
          <span className="xr-user-menu__text xr-hide-sm">
            <span className="xr-user-menu__name">{display}</span>
            {roleName && <span className="xr-user-menu__role">{t(`layout:role.${roleName}`, { defaultValue: roleName })}</span>}
          </span>
        </button>
      </Dropdown>
      {passwordOpened ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={dialog === 'password'} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
      {couponOpened ? (
        <Suspense fallback={null}>
          <CouponDialog open={dialog === 'coupon'} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

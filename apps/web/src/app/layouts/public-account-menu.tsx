import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../../lib/auth/session';

/**
 * The signed-in user's menu of the public header (name, profile, sign out) around the avatar button: antd's
 * Dropdown and Menu are their own chunk, loaded for signed-in users only (visitors never need them).
 */
export default function PublicAccountMenu({
  name,
  go,
  children,
}: {
  name: string;
  go: (to: string) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(['layout', 'route']);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'name', label: <strong>{name}</strong>, disabled: true },
          { type: 'divider' },
          { key: '/profile', icon: <UserOutlined />, label: t('route:profile') },
          { key: 'logout', icon: <LogoutOutlined />, label: t('layout:user.logout'), danger: true },
        ],
        onClick: ({ key }) => (key === 'logout' ? void logout() : go(key)),
      }}
    >
      {children}
    </Dropdown>
  );
}

import {
  AppstoreOutlined,
  AuditOutlined,
  BarcodeOutlined,
  CommentOutlined,
  FileTextOutlined,
  GiftOutlined,
  GlobalOutlined,
  HeartOutlined,
  NotificationOutlined,
  ProfileOutlined,
  SettingOutlined,
  ShoppingOutlined,
  SmileOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** Icons of the route table's `icon` names. */
const ICONS: Record<string, ComponentType> = {
  user: UserOutlined,
  smile: SmileOutlined,
  appstore: AppstoreOutlined,
  audit: AuditOutlined,
  global: GlobalOutlined,
  team: TeamOutlined,
  warning: WarningOutlined,
  tags: TagsOutlined,
  notification: NotificationOutlined,
  profile: ProfileOutlined,
  shopping: ShoppingOutlined,
  heart: HeartOutlined,
  gift: GiftOutlined,
  barcode: BarcodeOutlined,
  comment: CommentOutlined,
  wallet: WalletOutlined,
  setting: SettingOutlined,
};

/** The icon for a route's icon name; a neutral page icon for unknown names. */
export function MenuIcon({ name }: { name?: string }) {
  const Icon = (name && ICONS[name]) || FileTextOutlined;
  return <Icon />;
}

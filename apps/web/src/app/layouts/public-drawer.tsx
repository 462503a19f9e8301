import { Drawer } from 'antd';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../components/brand-logo';

/** The public header's menu drawer (narrow screens): its own chunk, loaded the first time the menu is opened. */
export default function PublicDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer open={open} onClose={onClose} placement="right" size={300} title={<BrandLogo />} className="xr-pub-drawer">
      {children}
    </Drawer>
  );
}

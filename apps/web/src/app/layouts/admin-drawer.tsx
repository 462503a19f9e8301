import { SIDEBAR_WIDTH } from '@xr/contract/constants';
import { Drawer } from 'antd';
import type { ReactNode } from 'react';

/**
 * The admin sidebar as a drawer (below 992 px): its own chunk, loaded the first time the menu is opened on a narrow
 * screen, so desktop pages do not carry antd's Drawer (/profile's first load).
 */
export default function AdminDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer
      open={open}
      placement="left"
      size={SIDEBAR_WIDTH}
      onClose={onClose}
      closable={false}
      className="xr-side-drawer"
      styles={{ body: { padding: 0 } }}
    >
      {children}
    </Drawer>
  );
}

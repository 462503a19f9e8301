import { ColumnHeightOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIZES, type SizeName, setSize, useSidebar } from '../lib/sidebar';

/** Component size (large / medium / small), kept in the `size` cookie. */
export function SizeSelect() {
  const { t } = useTranslation('layout');
  const { size } = useSidebar();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <Dropdown
      trigger={['click']}
      open={menuOpen}
      onOpenChange={setMenuOpen}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((s) => ({ key: s, label: t(`size.${s}`) })),
        onClick: ({ key }) => {
          setSize(key as SizeName);
          setMenuOpen(false);
        },
      }}
    >
      <span>
        {/* the hint names the button; once its menu is open it would cover the first choice */}
        <Tooltip title={t('size.title')} open={menuOpen ? false : undefined}>
          <Button type="text" icon={<ColumnHeightOutlined />} aria-label={t('size.title')} data-testid="size-select" />
        </Tooltip>
      </span>
    </Dropdown>
  );
}

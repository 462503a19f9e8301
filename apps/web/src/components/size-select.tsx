import { ColumnHeightOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { SIZES, type SizeName, setSize, useSidebar } from '../lib/sidebar';

/** Component size (large / medium / small), kept in the `size` cookie. */
export function SizeSelect() {
  const { t } = useTranslation('layout');
  const { size } = useSidebar();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((s) => ({ key: s, label: t(`size.${s}`) })),
        onClick: ({ key }) => setSize(key as SizeName),
      }}
    >
      <span>
        <Tooltip title={t('size.title')}>
          <Button type="text" icon={<ColumnHeightOutlined />} aria-label={t('size.title')} />
        </Tooltip>
      </span>
    </Dropdown>
  );
}

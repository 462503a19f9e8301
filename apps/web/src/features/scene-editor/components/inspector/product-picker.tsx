import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { productSearchQuery } from '../../api/products';
import { useEditor } from '../../store/editor-store';
import { useEditorContext } from '../editor-context';

/** A market project picker (GET /home_page/item_list) for product hotspots. */
export function ProductPicker({
  value,
  onPick,
}: {
  value: number | undefined;
  onPick(item: { id: number; name: string; price: number; cover: string }): void;
}) {
  const { t } = useTranslation('scene3d');
  const { store } = useEditorContext();
  const products = useEditor(store, (s) => s.details.products);
  const [keyword, setKeyword] = useState('');
  const list = useQuery(productSearchQuery(keyword));
  const options = (list.data?.list ?? []).map((p) => ({ value: p.id, label: `${p.name} · HK$${p.price.toFixed(2)}` }));
  if (value && !options.some((o) => o.value === value))
    options.unshift({ value, label: products[String(value)]?.name ?? `#${value}` });
  return (
    <Select
      size="small"
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={value}
      placeholder={t('hotspot.pickProduct')}
      aria-label={t('hotspot.product')}
      loading={list.isFetching}
      options={options}
      style={{ width: '100%' }}
      onChange={(id: number) => {
        const item = list.data?.list.find((p) => p.id === id);
        if (item) onPick({ id: item.id, name: item.name, price: item.price, cover: item.cover });
      }}
    />
  );
}

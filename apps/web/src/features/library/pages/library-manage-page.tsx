import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { LIBRARY_CATEGORY_IDS, type LibraryCategory, type ManagedModel } from '@xr/contract/library';
import { Button, Card, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn, PagedTable, useListQuery } from '../../../components/admin/list-page';
import { Confirm, EditAction, FilterBar, SearchInput } from '../../../components/admin/table-parts';
import { errorText } from '../../../components/form/zod-rules';
import { CreditText } from '../../../components/library/library-credit';
import { currentLang } from '../../../lib/i18n';
import { type ManagePageFilter, useManagePage, useUpdateModel } from '../api/manage';
import { categoryLabel } from '../components/category-label';
import '../components/library.css';
import { useFeedback } from '../../../lib/feedback';
import { ModelDialog } from '../components/model-dialog';

interface Filters {
  keyword: string;
  category: LibraryCategory | undefined;
  hidden: '' | 'true' | 'false';
}

/**
 * /system/library: the platform model library for admins: every model with its preview, search in any language,
 * category and visibility filters, hide / show, rename in three languages and recategorise.
 */
export default function LibraryManagePage() {
  const { t } = useTranslation('library');
  const { message } = useFeedback();
  const lang = currentLang();
  const list = useListQuery<Filters>({ keyword: '', category: undefined, hidden: '' }, { page: 1, limit: 20 });
  const result = useManagePage(list.query as ManagePageFilter);
  const update = useUpdateModel();
  const [editing, setEditing] = useState<ManagedModel | null>(null);

  const setHidden = async (m: ManagedModel, hidden: boolean) => {
    try {
      await update.mutateAsync({ id: m.id, hidden });
      void message.success(hidden ? t('hiddenDone') : t('shownDone'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const columns: TableColumnsType<ManagedModel> = [
    {
      title: t('thumbnail'),
      dataIndex: 'thumbnail',
      width: 96,
      render: (src: string, m) => <img src={src} alt={m.name} width={72} height={72} loading="lazy" className="xr-lib-thumb" />,
    },
    {
      title: t('name'),
      dataIndex: 'name',
      render: (name: string, m) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{name}</Typography.Text>
          <Typography.Text type="secondary" className="xr-lib-small">
            {[m.names.zh, m.names.tc, m.names.en].filter((n) => n !== name).join(' · ')}
          </Typography.Text>
          {m.credit && (
            <Typography.Text type="secondary" className="xr-lib-small">
              <CreditText credit={m.credit} />
            </Typography.Text>
          )}
          {m.variants > 1 && (
            <Typography.Text type="secondary" className="xr-lib-small">
              {t('variantOf', { count: m.variants })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('category'),
      dataIndex: 'category',
      width: 150,
      render: (c: LibraryCategory, m) => (
        <Space size={4} wrap>
          <Tag color="blue">{categoryLabel(c, lang)}</Tag>
          {m.kind === 'character' && <Tag color="purple">{t('character')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('tags'),
      dataIndex: 'tags',
      width: 220,
      render: (tags: ManagedModel['tags']) => (
        <Space size={[4, 4]} wrap>
          {tags.slice(0, 5).map((x) => (
            <Tag key={x.id}>{x.name}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('details'),
      key: 'details',
      width: 190,
      render: (_: unknown, m) => (
        <Space orientation="vertical" size={0} className="xr-lib-small">
          <span>{t(`source.${m.source}`)}</span>
          {m.triangles > 0 ? (
            <>
              <span>{t('triangles', { count: m.triangles })}</span>
              <span>{t('size', { w: m.size[0], h: m.size[1], d: m.size[2] })}</span>
            </>
          ) : (
            <span className="xr-muted">{t('notBuilt')}</span>
          )}
        </Space>
      ),
    },
    {
      title: t('status'),
      dataIndex: 'hidden',
      width: 100,
      render: (hidden: boolean) => (hidden ? <Tag color="default">{t('hidden')}</Tag> : <Tag color="green">{t('visible')}</Tag>),
    },
    actionsColumn(
      (m) => (
        <>
          <EditAction label={t('edit')} onClick={() => setEditing(m)} />
          {m.hidden ? (
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setHidden(m, false)}>
              {t('unhide')}
            </Button>
          ) : (
            <Confirm hint={t('hideHint')} onConfirm={() => setHidden(m, true)}>
              <Button type="link" size="small" danger icon={<EyeInvisibleOutlined />}>
                {t('hide')}
              </Button>
            </Confirm>
          )}
        </>
      ),
      { width: 220, wrap: true },
    ),
  ];

  return (
    <Card title={t('title')} extra={<span className="xr-muted">{t('hint')}</span>}>
      <FilterBar onSearch={list.search} onReset={list.reset}>
        <SearchInput
          value={list.draft.keyword}
          onChange={(keyword) => list.edit({ keyword })}
          onSearch={list.search}
          placeholder={t('keyword')}
        />
        <Select
          allowClear
          value={list.draft.category}
          placeholder={t('category')}
          aria-label={t('category')}
          style={{ width: 200 }}
          onChange={(category) => list.edit({ category })}
          options={LIBRARY_CATEGORY_IDS.map((id) => ({ value: id, label: categoryLabel(id, lang) }))}
        />
        <Select
          value={list.draft.hidden}
          aria-label={t('status')}
          style={{ width: 130 }}
          onChange={(hidden) => list.edit({ hidden })}
          options={[
            { value: '', label: t('all') },
            { value: 'false', label: t('visible') },
            { value: 'true', label: t('hidden') },
          ]}
        />
      </FilterBar>
      <PagedTable<ManagedModel, typeof list.query>
        columns={columns}
        result={result}
        query={list.query}
        setQuery={list.setQuery}
        showTotal={(total) => t('total', { total })}
        scrollX={1100}
      />
      {editing && <ModelDialog model={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

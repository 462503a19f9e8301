import { BuildOutlined, CompassOutlined } from '@ant-design/icons';
import { formatPrice } from '@xr/contract/format';
import { Button, Card, Grid, Image, Select, Skeleton, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { actionsColumn, PagedTable, useDeleteRow, useListQuery } from '../../../components/admin/list-page';
import { AddButton, DeleteAction, EditAction, FilterBar, SearchInput } from '../../../components/admin/table-parts';
import { useDelProject } from '../api/del-project';
import { useMyProjectPage } from '../api/my-project-page';
import { type MyProject, REVIEW_STATUSES, type ReviewStatus } from '../api/types';
import { ProjectFormDrawer } from '../components/project-form-drawer';
import { ReviewStateTag } from '../components/review-state-tag';
import '../components/projects.css';

type Filters = { keyword: string; review_status?: ReviewStatus };

/** Room for "Edit", "Edit tour" / "Edit scene" and "Delete" side by side in every language. */
const ACTIONS_WIDTH = 250;
const NAME_MIN_WIDTH = 180;
/** Below this the table scrolls sideways (the actions column stays in view) instead of squeezing the name. */
const SCROLL_X = 80 + NAME_MIN_WIDTH + 104 + 96 + 72 + 80 + 96 + 150 + ACTIONS_WIDTH;
/** On a phone: the actions one under another beside the name. */
const NARROW_ACTIONS_WIDTH = 128;

/**
 * /vrdata/list: the creator's projects with review state, search, state filter (also from `?review_status=`, as the
 * profile's links open it) and paging; add / edit / delete. Delete is greyed out for projects people own: the server
 * keeps them for their buyers, and the creator withdraws them instead (for-sale and public off).
 */
export default function ProjectListPage() {
  const { t } = useTranslation('projects');
  const [params] = useSearchParams();
  const initial = REVIEW_STATUSES.find((s) => s === params.get('review_status'));
  const { draft, query, setQuery, edit, search, reset } = useListQuery<Filters>(
    { keyword: '', review_status: initial },
    { page: 1, limit: 10, review_status: initial },
  );
  const [editing, setEditing] = useState<{ project?: MyProject } | null>(null);
  const list = useMyProjectPage(query);
  const remove = useDeleteRow(useDelProject(), t('deleted'), { rowsOnPage: list.data?.list.length, setQuery });
  // below antd's md (768 px) two columns fit without sideways scrolling: the name with its catalog, price and review
  // state under it, and the actions
  const narrow = Grid.useBreakpoint().md === false;

  const actions = (r: MyProject) => (
    <>
      <EditAction onClick={() => setEditing({ project: r })} />
      {r.catalog === '360_image' || r.catalog === '360_video' ? (
        <Link to={`/vrdata/tour-editor?id=${r.id}`} data-testid="edit-tour">
          <Button type="link" size="small" icon={<CompassOutlined />} style={{ padding: '0 4px' }}>
            {t('editTour')}
          </Button>
        </Link>
      ) : null}
      {r.catalog === '3d_model' || r.catalog === 'multimedia' ? (
        <Link to={`/vrdata/scene-editor?id=${r.id}`} data-testid="edit-scene">
          <Button type="link" size="small" icon={<BuildOutlined />} style={{ padding: '0 4px' }}>
            {t('editScene')}
          </Button>
        </Link>
      ) : null}
      <DeleteAction
        hint={t('deleteHint')}
        onConfirm={() => remove(r.id)}
        disabledReason={r.sales_count > 0 ? t('cannotDeleteOwned') : null}
      />
    </>
  );
  const onOff = (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? t('on') : t('off')}</Tag>;
  const columns: TableColumnsType<MyProject> = [
    {
      title: t('field.cover'),
      dataIndex: 'cover',
      width: 80,
      render: (v: string) =>
        v ? <Image src={v} width={64} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} alt="" /> : null,
    },
    {
      title: t('field.name'),
      dataIndex: 'name',
      // the name is what a creator looks for: two lines before it is cut, the whole of it on hover
      minWidth: NAME_MIN_WIDTH,
      render: (v: string) => (
        <span className="xr-project-name" title={v}>
          {v}
        </span>
      ),
    },
    { title: t('field.catalog'), dataIndex: 'catalog', width: 104, render: (v: string) => t(`catalog.${v}`) },
    { title: t('field.price'), dataIndex: 'price', width: 96, align: 'right', render: (v: number) => formatPrice(v) },
    { title: t('field.forSale'), dataIndex: 'for_sale', width: 72, render: onOff },
    { title: t('field.isPublic'), dataIndex: 'is_public', width: 80, render: onOff },
    { title: t('field.anonymousPreview'), dataIndex: 'anonymous_preview', width: 96, render: onOff },
    {
      title: t('review.title'),
      dataIndex: 'review_status',
      width: 150,
      render: (v: ReviewStatus, r) => <ReviewStateTag status={v} reason={r.review_reason} />,
    },
    actionsColumn(actions, { width: ACTIONS_WIDTH, fixed: true }),
  ];

  const narrowColumns: TableColumnsType<MyProject> = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      render: (v: string, r) => (
        <div className="xr-project-row">
          <span className="xr-project-name" title={v}>
            {v}
          </span>
          <span className="xr-muted">
            {t(`catalog.${r.catalog}`)} · {formatPrice(r.price)}
          </span>
          <ReviewStateTag status={r.review_status} reason={r.review_reason} />
        </div>
      ),
    },
    actionsColumn(actions, { width: NARROW_ACTIONS_WIDTH, wrap: true }),
  ];

  return (
    <Card title={t('listTitle')}>
      <FilterBar onSearch={search} onReset={reset} extra={<AddButton label={t('add')} onClick={() => setEditing({})} />}>
        <SearchInput
          value={draft.keyword}
          onChange={(keyword) => edit({ keyword })}
          onSearch={search}
          placeholder={t('searchPlaceholder')}
        />
        <Select
          allowClear
          value={draft.review_status}
          onChange={(review_status) => edit({ review_status })}
          placeholder={t('review.title')}
          aria-label={t('review.title')}
          style={{ width: 160 }}
          options={REVIEW_STATUSES.map((s) => ({ value: s, label: t(`review.${s}`) }))}
        />
      </FilterBar>
      <PagedTable<MyProject, typeof query>
        columns={narrow ? narrowColumns : columns}
        result={list}
        query={query}
        setQuery={setQuery}
        showTotal={(total) => t('total', { total })}
        scrollX={narrow ? 0 : SCROLL_X}
        // while the first page loads there is nothing to say "no data" about yet
        locale={{ emptyText: list.isPending ? <Skeleton active title={false} paragraph={{ rows: 4 }} /> : undefined }}
      />
      {editing && (
        <ProjectFormDrawer key={editing.project?.id ?? 'new'} open project={editing.project} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}

import { FILE_KINDS, type FileKind, type FileTypeRow } from '@xr/contract/creator';
import { formatBytes } from '@xr/contract/format';
import { Card, Flex, Select, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn, PagedTable, useDeleteRow, useEnabledColumn } from '../../../components/admin/list-page';
import { AddButton, DeleteAction, EditAction } from '../../../components/admin/table-parts';
import { type FileTypeFilter, useDelFileType, useFileTypePage, useUpFileType } from '../api/file-types';
import { FileTypeDialog } from '../components/file-type-dialog';

/** /system/filetype: the upload allow-list by kind (the server also checks magic bytes), add / edit / delete / on-off. */
export default function FileTypePage() {
  const { t } = useTranslation('system');
  const [query, setQuery] = useState<FileTypeFilter>({ page: 1, limit: 20 });
  const [editing, setEditing] = useState<{ row?: FileTypeRow } | null>(null);
  const list = useFileTypePage(query);
  const up = useUpFileType();
  const del = useDelFileType();

  const enabled = useEnabledColumn<FileTypeRow>(up, {
    title: t('enabled'),
    on: t('switchedOn'),
    off: t('switchedOff'),
    label: (r) => t('switchFor', { name: r.extension }),
    failed: t('common:failed'),
  });
  const remove = useDeleteRow(del, t('deleted'), { rowsOnPage: list.data?.list.length, setQuery });

  const columns: TableColumnsType<FileTypeRow> = [
    { title: t('fileType.kind'), dataIndex: 'kind', width: 140, render: (v: FileKind) => <Tag>{t(`kinds.${v}`)}</Tag> },
    { title: t('fileType.extension'), dataIndex: 'extension', render: (v: string) => <code>.{v}</code> },
    { title: t('fileType.maxSize'), dataIndex: 'max_bytes', width: 130, align: 'right', render: (v: number) => formatBytes(v) },
    enabled,
    actionsColumn(
      (r) => (
        <>
          <EditAction onClick={() => setEditing({ row: r })} />
          <DeleteAction hint={t('fileType.deleteHint')} onConfirm={() => remove(r.id)} />
        </>
      ),
      { width: 160, fixed: true },
    ),
  ];

  return (
    <Card title={t('fileType.title')} extra={<span className="xr-muted">{t('fileType.hint')}</span>}>
      <Flex gap={8} wrap justify="space-between" className="xr-mb">
        <Select
          allowClear
          value={query.kind}
          placeholder={t('fileType.kind')}
          aria-label={t('fileType.kind')}
          style={{ width: 180 }}
          onChange={(kind) => setQuery((q) => ({ ...q, kind, page: 1 }))}
          options={FILE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        />
        <AddButton label={t('fileType.add')} onClick={() => setEditing({})} />
      </Flex>
      <PagedTable<FileTypeRow, FileTypeFilter>
        columns={columns}
        result={list}
        query={query}
        setQuery={setQuery}
        showTotal={(total) => t('total', { total })}
        scrollX={700}
      />
      {editing && <FileTypeDialog row={editing.row} onClose={() => setEditing(null)} />}
    </Card>
  );
}

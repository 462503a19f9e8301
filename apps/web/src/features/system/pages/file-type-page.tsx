import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { FILE_KINDS, type FileKind, type FileTypeRow } from '@xr/contract/creator';
import { App, Button, Card, Flex, Popconfirm, Select, Space, Switch, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FileTypeFilter, useDelFileType, useFileTypePage, useUpFileType } from '../api/file-types';
import { formatBytes } from '../components/bytes';
import { FileTypeDialog } from '../components/file-type-dialog';

/** /system/filetype: the upload allow-list by kind (the server also checks magic bytes), add / edit / delete / on-off. */
export default function FileTypePage() {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const [query, setQuery] = useState<FileTypeFilter>({ page: 1, limit: 20 });
  const [editing, setEditing] = useState<{ row?: FileTypeRow } | null>(null);
  const list = useFileTypePage(query);
  const up = useUpFileType();
  const del = useDelFileType();

  const toggle = async (r: FileTypeRow, enabled: boolean) => {
    try {
      await up.mutateAsync({ id: r.id, enabled });
      void message.success(enabled ? t('switchedOn') : t('switchedOff'));
    } catch {
      void message.error(t('common:failed'));
    }
  };
  const remove = async (r: FileTypeRow) => {
    try {
      await del.mutateAsync(r.id);
      void message.success(t('deleted'));
    } catch {
      // shown by the HTTP client
    }
  };

  const columns: TableColumnsType<FileTypeRow> = [
    { title: t('fileType.kind'), dataIndex: 'kind', width: 140, render: (v: FileKind) => <Tag>{t(`kinds.${v}`)}</Tag> },
    { title: t('fileType.extension'), dataIndex: 'extension', render: (v: string) => <code>.{v}</code> },
    { title: t('fileType.maxSize'), dataIndex: 'max_bytes', width: 130, align: 'right', render: (v: number) => formatBytes(v) },
    {
      title: t('enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (v: boolean, r) => (
        <Switch
          size="small"
          checked={v}
          aria-label={t('switchFor', { name: r.extension })}
          loading={up.isPending && up.variables?.id === r.id}
          onChange={(on) => toggle(r, on)}
        />
      ),
    },
    {
      title: t('common:actions'),
      key: 'actions',
      width: 160,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={4}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ row: r })}>
            {t('common:edit')}
          </Button>
          <Popconfirm
            title={t('common:confirmAction')}
            description={t('fileType.deleteHint')}
            okText={t('common:ok')}
            cancelText={t('common:cancel')}
            onConfirm={() => remove(r)}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />}>
              {t('common:delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
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
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
          {t('fileType.add')}
        </Button>
      </Flex>
      <Table<FileTypeRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 700 }}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: list.data?.total ?? 0,
          showTotal: (total) => t('total', { total }),
          onChange: (page, limit) => setQuery((q) => ({ ...q, page, limit })),
        }}
      />
      {editing && <FileTypeDialog row={editing.row} onClose={() => setEditing(null)} />}
    </Card>
  );
}

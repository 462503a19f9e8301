import { ReloadOutlined } from '@ant-design/icons';
import { AUDIT_ACTIONS, AUDIT_COUNT_CAP, AUDIT_TARGET_TYPES, type AuditEntry } from '@xr/contract/audit';
import { Alert, Button, DatePicker, Empty, Flex, Input, Select, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/admin/list-page';
import { FilterBar, SearchInput } from '../../../components/admin/table-parts';
import { formatTime } from '../../../lib/dates';
import { useLogsList } from '../api/logs-list';
import { type AuditFilters, BLANK_FILTERS, toAuditListParams } from './audit-filters';
import './audit.css';

const KNOWN_ACTIONS = new Set<string>(AUDIT_ACTIONS);
const KNOWN_TARGETS = new Set<string>(AUDIT_TARGET_TYPES);

/** An action's translated label; an action other modules added without a label shows as recorded. */
function useLabels() {
  const { t } = useTranslation('audit');
  return {
    action: (a: string) => (KNOWN_ACTIONS.has(a) ? t(`actions.${a.replace('.', '_')}`) : a),
    target: (type: string) => (KNOWN_TARGETS.has(type) ? t(`targets.${type}`) : type),
  };
}

/** The before/after summary of an entry, side by side (stacked on a phone). */
function Summary({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit');
  const block = (title: string, value: Record<string, unknown> | null) => (
    <div className="xr-audit-summary__side">
      <Typography.Text type="secondary">{title}</Typography.Text>
      {value && Object.keys(value).length ? (
        <pre className="xr-audit-summary__json">{JSON.stringify(value, null, 2)}</pre>
      ) : (
        <div className="xr-muted">{t('nothing')}</div>
      )}
    </div>
  );
  return (
    <Flex vertical gap={8}>
      <div className="xr-audit-summary">
        {block(t('before'), entry.before)}
        {block(t('after'), entry.after)}
      </div>
      {entry.request_id ? <span className="xr-muted">{t('requestId', { id: entry.request_id })}</span> : null}
    </Flex>
  );
}

/**
 * The "Audit log" tab of /system/logs: who did what to which target, from which address and when, newest first,
 * each row opening on its before/after summary; filters by actor (id or name), action, target and day range. The
 * server counts up to 10,000 matches and pages through those ("10,000+" beyond): narrower filters reach the rest.
 */
export function AuditLogTab() {
  const { t } = useTranslation('audit');
  const labels = useLabels();
  const [draft, setDraft] = useState<AuditFilters>(BLANK_FILTERS);
  const [applied, setApplied] = useState<AuditFilters>(BLANK_FILTERS);
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const list = useLogsList(toAuditListParams(applied, paging.page, paging.limit));
  const edit = (patch: Partial<AuditFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const search = () => {
    setApplied(draft);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const reset = () => {
    setDraft(BLANK_FILTERS);
    setApplied(BLANK_FILTERS);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const filtered = JSON.stringify(applied) !== JSON.stringify(BLANK_FILTERS);

  const columns: TableColumnsType<AuditEntry> = [
    { title: t('time'), dataIndex: 'created_at', width: 170, render: (v: string) => formatTime(v, { seconds: true }) },
    {
      title: t('actor'),
      key: 'actor',
      width: 180,
      ellipsis: true,
      render: (_: unknown, e) =>
        e.actor.id === null && e.actor.name === 'system' ? (
          <Tag>{t('system')}</Tag>
        ) : (
          <span>
            {e.actor.name || '—'}
            {e.actor.id !== null ? <span className="xr-muted"> #{e.actor.id}</span> : null}
          </span>
        ),
    },
    {
      title: t('action'),
      dataIndex: 'action',
      width: 190,
      render: (a: string) => <Tag color={a === 'auth.login_failed' ? 'red' : undefined}>{labels.action(a)}</Tag>,
    },
    {
      title: t('target'),
      key: 'target',
      ellipsis: true,
      render: (_: unknown, e) =>
        e.target.type ? (
          <span>
            <span className="xr-muted">{labels.target(e.target.type)}</span> {e.target.label}
            {e.target.id ? <span className="xr-muted"> #{e.target.id}</span> : null}
          </span>
        ) : (
          '—'
        ),
    },
    { title: t('ip'), dataIndex: 'ip', width: 140, render: (ip: string) => ip || '—' },
  ];

  const total = list.data?.total ?? 0;
  const showTotal = () =>
    list.data && !list.data.total_exact
      ? t('totalMore', { total: AUDIT_COUNT_CAP.toLocaleString() })
      : t('total', { total: total.toLocaleString() });

  return (
    <>
      <p className="xr-muted">{t('hint')}</p>
      <FilterBar
        onSearch={search}
        onReset={reset}
        extra={
          <Button icon={<ReloadOutlined />} loading={list.isFetching} onClick={() => void list.refetch()}>
            {t('refresh')}
          </Button>
        }
      >
        <SearchInput
          value={draft.actor}
          onChange={(actor) => edit({ actor })}
          onSearch={search}
          placeholder={t('actorPlaceholder')}
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={draft.action}
          onChange={(action) => edit({ action })}
          placeholder={t('action')}
          aria-label={t('action')}
          className="xr-audit-filter"
          options={AUDIT_ACTIONS.map((a) => ({ value: a, label: labels.action(a) }))}
        />
        <Select
          allowClear
          value={draft.targetType}
          onChange={(targetType) => edit({ targetType })}
          placeholder={t('targetType')}
          aria-label={t('targetType')}
          className="xr-audit-filter xr-audit-filter--narrow"
          options={AUDIT_TARGET_TYPES.map((v) => ({ value: v, label: labels.target(v) }))}
        />
        <Input
          allowClear
          value={draft.targetId}
          onChange={(e) => edit({ targetId: e.target.value })}
          onPressEnter={search}
          disabled={!draft.targetType}
          placeholder={t('targetId')}
          aria-label={t('targetId')}
          maxLength={64}
          className="xr-audit-filter xr-audit-filter--narrow"
        />
        <DatePicker.RangePicker
          aria-label={t('days')}
          value={draft.days ? [dayjs(draft.days[0]), dayjs(draft.days[1])] : null}
          onChange={(_, strings) => edit({ days: strings[0] && strings[1] ? [strings[0], strings[1]] : null })}
          className="xr-audit-range"
        />
      </FilterBar>
      {list.error ? <Alert type="error" showIcon className="xr-mb" title={t('failed', { error: list.error.message })} /> : null}
      <PagedTable<AuditEntry, typeof paging>
        columns={columns}
        result={list}
        query={paging}
        setQuery={setPaging}
        showTotal={showTotal}
        scrollX={900}
        expandable={{ expandedRowRender: (entry) => <Summary entry={entry} /> }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t('noneMatching') : t('none')} />,
        }}
      />
    </>
  );
}

import type { CoinRuleRow } from '@xr/contract/wallet';
import { Button, Card, InputNumber, Switch, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { useCoinRules, useUpdateCoinRule } from '../api/coins';

/** Saves one rule's edited values (audited on the server). */
function SaveRule({ rule }: { rule: CoinRuleRow }) {
  const { t } = useTranslation('wallet');
  const { message } = useFeedback();
  const update = useUpdateCoinRule();
  const save = async () => {
    try {
      await update.mutateAsync(rule);
      void message.success(t('coins.saved'));
    } catch {
      // shown by the HTTP client
    }
  };
  return (
    <Button size="small" type="primary" loading={update.isPending} onClick={save}>
      {t('coins.save')}
    </Button>
  );
}

/** The earning rules for administrators (permission /wallet/coin-rules). */
export function CoinRulesAdmin() {
  const { t } = useTranslation('wallet');
  const rules = useCoinRules(true);
  const [edits, setEdits] = useState<Record<string, CoinRuleRow>>({});
  const row = (r: CoinRuleRow) => edits[r.rule] ?? r;
  const set = (r: CoinRuleRow, patch: Partial<CoinRuleRow>) => setEdits((e) => ({ ...e, [r.rule]: { ...row(r), ...patch } }));
  const num = (r: CoinRuleRow, key: 'amount' | 'daily_cap' | 'total_cap', max: number) => (
    <InputNumber<number>
      size="small"
      min={0}
      max={max}
      precision={0}
      value={row(r)[key]}
      onChange={(v) => set(r, { [key]: v ?? 0 })}
    />
  );
  const columns: TableColumnsType<CoinRuleRow> = [
    { title: t('coins.reason'), dataIndex: 'rule', render: (v: string) => t(`coins.rules.${v}`) },
    { title: t('coins.amount'), key: 'amount', width: 110, render: (_: unknown, r) => num(r, 'amount', 100_000) },
    { title: t('coins.daily'), key: 'daily', width: 110, render: (_: unknown, r) => num(r, 'daily_cap', 1000) },
    { title: t('coins.total'), key: 'total', width: 110, render: (_: unknown, r) => num(r, 'total_cap', 1_000_000) },
    {
      title: t('coins.enabled'),
      key: 'enabled',
      width: 80,
      render: (_: unknown, r) => <Switch size="small" checked={row(r).enabled} onChange={(enabled) => set(r, { enabled })} />,
    },
    { title: '', key: 'save', width: 90, render: (_: unknown, r) => <SaveRule rule={row(r)} /> },
  ];
  return (
    <Card title={t('coins.adminRules')} extra={<span className="xr-muted">{t('coins.capHint')}</span>}>
      <Table<CoinRuleRow>
        rowKey="rule"
        size="small"
        columns={columns}
        dataSource={rules.data ?? []}
        loading={rules.isFetching}
        pagination={false}
        scroll={{ x: 640 }}
      />
    </Card>
  );
}

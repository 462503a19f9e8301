import type { InviteCode, SetCodeEnabledBody } from '@xr/contract/codes';
import { Select, type TableColumnType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEnabledColumn } from '../../../components/admin/list-page';
import { CodeStateTag, UsesText, useDateTime } from './code-fields';

/** What coupons and campaign invite codes have in common. */
type CodeRow = Pick<InviteCode, 'id' | 'used_count' | 'max_uses' | 'expires_at' | 'enabled' | 'state' | 'created_at'>;

/** The start/stop mutation of one kind of code. */
interface Toggle {
  mutateAsync(body: SetCodeEnabledBody): Promise<unknown>;
  isPending: boolean;
  variables?: SetCodeEnabledBody;
}

/**
 * The table columns the coupon and the invite-code admin screens share: the code itself (copyable, in the
 * `codeKey` field), uses, expiry, state, the on/off switch (through `toggle`) and the creation time.
 */
export function useCodeColumns<T extends CodeRow>(toggle: Toggle, codeKey: keyof T & string, codeTitle: string) {
  const { t } = useTranslation('codes');
  const dateTime = useDateTime();

  const enabled = useEnabledColumn<T>(toggle, {
    title: t('enabled'),
    on: t('switchedOn'),
    off: t('switchedOff'),
    label: (r) => t('switchFor', { code: String(r[codeKey]) }),
  });

  const column = (c: TableColumnType<T>) => c;
  return {
    code: column({
      title: codeTitle,
      dataIndex: codeKey,
      render: (v: string) => (
        <Typography.Text code copyable={{ tooltips: [t('copy'), t('copied')] }}>
          {v}
        </Typography.Text>
      ),
    }),
    uses: column({
      title: t('uses.title'),
      key: 'uses',
      width: 110,
      render: (_: unknown, r) => <UsesText used={r.used_count} max={r.max_uses} />,
    }),
    expiresAt: column({
      title: t('expiresAt'),
      dataIndex: 'expires_at',
      width: 180,
      render: (v: string | null) => (v ? dateTime(v) : <span className="xr-muted">{t('never')}</span>),
    }),
    state: column({
      title: t('state.title'),
      dataIndex: 'state',
      width: 110,
      render: (_: unknown, r) => <CodeStateTag state={r.state} />,
    }),
    enabled,
    createdAt: column({ title: t('createdAt'), dataIndex: 'created_at', width: 180, render: (v: string) => dateTime(v) }),
  };
}

/** The filter bar's on / off choice. */
export function EnabledSelect({
  value,
  onChange,
}: {
  value: 'true' | 'false' | undefined;
  onChange(value: 'true' | 'false' | undefined): void;
}) {
  const { t } = useTranslation('codes');
  return (
    <Select
      allowClear
      value={value}
      onChange={onChange}
      placeholder={t('filterEnabled')}
      aria-label={t('filterEnabled')}
      style={{ width: 140 }}
      options={[
        { value: 'true', label: t('on') },
        { value: 'false', label: t('off') },
      ]}
    />
  );
}

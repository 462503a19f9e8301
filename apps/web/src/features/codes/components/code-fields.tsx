import type { CodeState, CodeUse } from '@xr/contract/codes';
import { Empty, Form, Input, List, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../../../lib/dates';
import { translateKey } from '../../../lib/i18n';

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO timestamp as the value of a `datetime-local` input (local time, minutes). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The value of a `datetime-local` input as an ISO timestamp; blank is null. */
export function fromLocalInput(value: string | null | undefined): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** An edit's `expires_at`: sent only when the field changed, so an untouched expiry stays exactly as stored. */
export function changedExpiry(value: string | undefined, initial: string): { expires_at?: string | null } {
  return (value ?? '') !== initial ? { expires_at: fromLocalInput(value) } : {};
}

/** Re-exported for this feature's screens (one implementation in lib/dates). */
export { useDateTime };

const STATE_COLOR: Record<CodeState, string> = { active: 'success', disabled: 'default', expired: 'warning', exhausted: 'error' };

/** Whether a code can be used right now, or why not. */
export function CodeStateTag({ state }: { state: CodeState }) {
  const { t } = useTranslation('codes');
  return <Tag color={STATE_COLOR[state]}>{t(`state.${state}`)}</Tag>;
}

/** "used / limit", with ∞ for unlimited. */
export function UsesText({ used, max }: { used: number; max: number }) {
  const { t } = useTranslation('codes');
  return (
    <span title={max === 0 ? t('uses.unlimitedLabel', { used }) : t('uses.label', { used, max })}>
      {used} / {max === 0 ? '∞' : max}
    </span>
  );
}

/** The latest accounts that used a code (edit dialogs). */
export function RecentUses({ uses }: { uses: CodeUse[] | undefined }) {
  const { t } = useTranslation('codes');
  const dateTime = useDateTime();
  return (
    <div className="xr-mt">
      <Typography.Title level={5}>{t('recentUses')}</Typography.Title>
      {uses && uses.length > 0 ? (
        <List
          size="small"
          bordered
          dataSource={uses}
          renderItem={(u) => (
            <List.Item key={`${u.user_id}-${u.created_at}`}>
              <span>{u.name || t('deletedAccount', { id: u.user_id })}</span>
              <Typography.Text type="secondary">{dateTime(u.created_at)}</Typography.Text>
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noUses')} />
      )}
    </div>
  );
}

/** The edit dialogs' expiry (`expires_at`, a new code's must lie ahead) and on/off (`enabled`) fields. */
export function ExpiryItems({ adding }: { adding: boolean }) {
  const { t } = useTranslation('codes');
  return (
    <>
      <Form.Item
        name="expires_at"
        label={t('expiresAt')}
        extra={t('expiresAtHelp')}
        rules={[
          {
            validator: async (_r, v: string | undefined) => {
              if (adding && v && new Date(v).getTime() <= Date.now()) throw new Error(translateKey('v.expiryPast'));
            },
          },
        ]}
      >
        <Input type="datetime-local" />
      </Form.Item>
      <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}

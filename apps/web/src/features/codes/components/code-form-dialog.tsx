import type { CodeUse } from '@xr/contract/codes';
import { PROMO_CODE_MAX } from '@xr/contract/codes';
import { Form, type FormInstance, type FormRule, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/admin/form-dialog';
import { changedExpiry, fromLocalInput, RecentUses, toLocalInput } from './code-fields';

/** The values both kinds of code have in their dialog. */
export interface CodeValues {
  expires_at?: string;
  enabled: boolean;
}

interface CodeFormDialogProps<V extends CodeValues> {
  /** The group of the `codes` words: addTitle, editTitle, added. */
  kind: 'coupon' | 'invite';
  form: FormInstance<V>;
  open: boolean;
  /** The code edited; absent to add one. */
  row?: { id: number; expires_at: string | null };
  onClose(): void;
  /** The code's own field (`cdk` for coupons, `code` for invite codes): blank on add means the server makes one. */
  code: { name: 'cdk' | 'code'; label: string; rules: FormRule[] };
  /** The fields a server error may point at. */
  fields: readonly string[];
  /** The form's starting values, less the expiry (taken from `row`). */
  initialValues: Omit<V, 'expires_at'>;
  /** The latest uses of the edited code. */
  recentUses: CodeUse[] | undefined;
  /** Adds a code: the code typed (or none), the values and the expiry; resolves to the code it got. */
  add(code: string | undefined, values: V, expiresAt: string | null): Promise<string>;
  /** Saves the edit: the code only when one was typed, the expiry only when it changed. */
  update(id: number, changes: { code?: string; expires_at?: string | null }, values: V): Promise<unknown>;
  /** The kind's other fields, after the code. */
  children: ReactNode;
}

/** Add or edit a coupon or a campaign invite code: the code (blank = generated), the kind's fields, its latest uses. */
export function CodeFormDialog<V extends CodeValues>({
  kind,
  form,
  open,
  row,
  onClose,
  code,
  fields,
  initialValues,
  recentUses,
  add,
  update,
  children,
}: CodeFormDialogProps<V>) {
  const { t } = useTranslation('codes');
  const initialExpiry = toLocalInput(row?.expires_at);

  const onSubmit = async (values: V) => {
    const typed = (values as Record<string, unknown>)[code.name];
    const text = (typeof typed === 'string' ? typed.trim() : '') || undefined;
    if (!row) {
      const created = await add(text, values, fromLocalInput(values.expires_at));
      return t(`${kind}.added`, { [code.name]: created });
    }
    await update(row.id, { ...(text ? { code: text } : {}), ...changedExpiry(values.expires_at, initialExpiry) }, values);
    return t('saved');
  };

  return (
    <FormDialog<V>
      form={form}
      open={open}
      title={row ? t(`${kind}.editTitle`) : t(`${kind}.addTitle`)}
      onClose={onClose}
      onSubmit={onSubmit}
      fields={fields}
      below={row && <RecentUses uses={recentUses} />}
      initialValues={{ ...initialValues, expires_at: initialExpiry }}
    >
      <Form.Item name={code.name} label={code.label} rules={code.rules} extra={row ? undefined : t('codeHelp')}>
        <Input placeholder={t('generatedPlaceholder')} maxLength={PROMO_CODE_MAX} autoComplete="off" />
      </Form.Item>
      {children}
    </FormDialog>
  );
}

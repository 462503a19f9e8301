import { ErrorCode } from '@xr/contract/errors';
import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';
import { HttpError } from '../../lib/http';
import { translateKey } from '../../lib/i18n';

type ObjectSchema = z.ZodType<unknown, Record<string, unknown>>;

/**
 * An antd Form rule that validates one field with a contract zod schema, so client and server apply the
 * same rules. The whole form is parsed (cross-field refinements such as "passwords match" need the other
 * values) and only the issues reported for this field are shown, translated through `translateKey`.
 */
export function zodRule(schema: ObjectSchema, field: string): FormRule {
  return (form: Pick<FormInstance, 'getFieldsValue'>) => ({
    validator: async (_rule, value: unknown) => {
      const values = blankToUndefined({ ...(form.getFieldsValue(true) as Record<string, unknown>), [field]: value });
      const result = schema.safeParse(values);
      if (result.success) return;
      const issue =
        result.error.issues.find((i) => i.path[0] === field) ??
        objectRefinementIssues(schema, values).find((i) => i.path[0] === field);
      if (issue) throw new Error(translateKey(issue.message));
    },
  });
}

type RawIssue = { path?: PropertyKey[]; message?: string; inst?: { _zod?: { def?: { error?: (issue: unknown) => unknown } } } };
interface ObjectInternals {
  _zod?: { def?: { checks?: { _zod: { check(payload: { value: unknown; issues: RawIssue[] }): unknown } }[] } };
}

/**
 * The object-level refinements ("passwords match", "organisations need a certificate") run on their own.
 * Zod skips them while another field still has a type error (say, gender not chosen yet), but the form
 * should show them at once; zod 4's documented internals (`_zod.def.checks`) let us run just those checks.
 */
function objectRefinementIssues(
  schema: ObjectSchema,
  values: Record<string, unknown>,
): { path: PropertyKey[]; message: string }[] {
  try {
    const issues: RawIssue[] = [];
    for (const check of (schema as ObjectInternals)._zod?.def?.checks ?? []) check._zod.check({ value: values, issues });
    return issues.map((i) => ({ path: i.path ?? [], message: i.message ?? String(i.inst?._zod?.def?.error?.(i) ?? '') }));
  } catch {
    return [];
  }
}

/**
 * Empty or blank text inputs count as "not given", so optional fields pass and required ones report their
 * "cannot be empty" message (the contract schemas use the same text for both). Use it on submit too.
 */
export function blankToUndefined<T extends object>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === 'string' && v.trim() === '' ? undefined : v]),
  ) as T;
}

/** Rules for several fields at once: `rules.username`, `rules.password`, … */
export function zodRules<F extends string>(schema: ObjectSchema, fields: readonly F[]): Record<F, FormRule[]> {
  return Object.fromEntries(fields.map((f) => [f, [zodRule(schema, f)]])) as Record<F, FormRule[]>;
}

/** Codes whose meaning points at one field even when the reply does not name it. */
const FIELD_OF_CODE: Partial<Record<number, string>> = {
  [ErrorCode.INVITE_CODE_INVALID]: 'invite_code',
  [ErrorCode.EMAIL_CODE_INVALID]: 'email_code',
  [ErrorCode.EMAIL_TAKEN]: 'email',
  [ErrorCode.USERNAME_TAKEN]: 'username',
  [ErrorCode.FORUM_NAME_TAKEN]: 'forum_name',
  [ErrorCode.OLD_PASSWORD_WRONG]: 'old_password',
};

/**
 * Puts a server error on its form field: a validation error (code 40001) names it in `data.field`, a few
 * other codes imply it (email taken, wrong email code…). Returns false when the error does not belong to
 * a field of this form, so the caller can show it another way.
 */
export function applyServerFieldError(form: FormInstance, err: unknown, fields: readonly string[]): boolean {
  if (!(err instanceof HttpError)) return false;
  const named = (err.data as { field?: unknown } | null)?.field;
  const field = typeof named === 'string' ? named : FIELD_OF_CODE[err.code];
  if (!field || !fields.includes(field)) return false;
  form.setFields([{ name: field, errors: [translateKey(err.message)] }]);
  return true;
}

/** Text of any error for a toast or alert. */
export function errorText(err: unknown): string {
  if (err instanceof Error) return translateKey(err.message);
  return String(err);
}

import { registerBody, upPasswordBody } from '@xr/contract/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http';
import i18n from '../../lib/i18n';
import { applyServerFieldError, blankToUndefined, zodRule } from './zod-rules';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const formWith = (values: Record<string, unknown>) => ({ getFieldsValue: () => values });
function validate(rule: ReturnType<typeof zodRule>, values: Record<string, unknown>, field: string) {
  const { validator } = (rule as (f: unknown) => { validator: Validator })(formWith(values));
  return validator({}, values[field]);
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

describe('zodRule', () => {
  it('reports the field issue of the contract schema, translated', async () => {
    await expect(validate(zodRule(registerBody, 'password'), { password: 'short' }, 'password')).rejects.toThrow(
      'The password can not be less than 8 digits',
    );
    await expect(validate(zodRule(registerBody, 'password'), { password: 'long enough' }, 'password')).resolves.toBeUndefined();
  });

  it('runs cross-field refinements even while other fields are still empty', async () => {
    await expect(validate(zodRule(upPasswordBody, 'password'), { new_password: 'a', password: 'b' }, 'password')).rejects.toThrow(
      'Inconsistent password entered twice!',
    );
    await expect(validate(zodRule(registerBody, 'certificate'), { account_type: 'organisation' }, 'certificate')).rejects.toThrow(
      'Organisation accounts must upload a certificate',
    );
    await expect(
      validate(zodRule(registerBody, 'certificate'), { account_type: 'individual' }, 'certificate'),
    ).resolves.toBeUndefined();
  });

  it('follows the language', async () => {
    await i18n.changeLanguage('zh');
    await expect(validate(zodRule(registerBody, 'password'), { password: 'short' }, 'password')).rejects.toThrow(
      '密码不能少于 8 位',
    );
    await i18n.changeLanguage('en');
  });
});

describe('helpers', () => {
  it('blankToUndefined treats blank text as not given', () => {
    expect(blankToUndefined({ a: '', b: '  ', c: 'x', d: false })).toEqual({ a: undefined, b: undefined, c: 'x', d: false });
  });

  it('applyServerFieldError targets the named field or the field a code implies', () => {
    const set: unknown[] = [];
    const form = { setFields: (f: unknown) => set.push(f) } as never;
    expect(applyServerFieldError(form, new HttpError(40001, 'bad', { field: 'phone' }), ['phone'])).toBe(true);
    expect(applyServerFieldError(form, new HttpError(40901, 'taken'), ['email'])).toBe(true);
    expect(applyServerFieldError(form, new HttpError(40901, 'taken'), ['name'])).toBe(false);
    expect(applyServerFieldError(form, new Error('x'), ['email'])).toBe(false);
    expect(set).toEqual([[{ name: 'phone', errors: ['bad'] }], [{ name: 'email', errors: ['taken'] }]]);
  });
});

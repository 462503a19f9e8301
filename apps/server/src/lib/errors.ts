import { ErrorCode, type ErrorCodeValue, httpStatusOf, messageKeyOf } from '@xr/contract/errors';

/** One faulty input: its field path, message key and placeholder values. */
export interface FieldError {
  field: string;
  messageKey: string;
  params?: Record<string, string | number>;
}

/**
 * An error a service throws to answer with one of the contract's codes. `messageKey` picks another
 * text than the code's default (a `v.*` validation key or an error key); `field` names the input at fault.
 */
export class AppError extends Error {
  readonly code: ErrorCodeValue;
  readonly messageKey: string;
  readonly field?: string;
  readonly headers?: Record<string, string>;
  /** Values for `{{name}}` placeholders of the message. */
  readonly params?: Record<string, string | number>;
  /** Values that differ per language (a plan's name): the reply uses the caller's language's text. */
  readonly localParams?: Record<string, { zh: string; tc: string; en: string }>;
  /** Every fault when there are several (e.g. the places of a refused scene document), the first being this one. */
  readonly errors?: FieldError[];

  constructor(
    code: ErrorCodeValue,
    opts: {
      messageKey?: string;
      field?: string;
      headers?: Record<string, string>;
      params?: Record<string, string | number>;
      localParams?: Record<string, { zh: string; tc: string; en: string }>;
      errors?: FieldError[];
    } = {},
  ) {
    const key = opts.messageKey ?? messageKeyOf[code];
    super(key);
    this.code = code;
    this.messageKey = key;
    this.field = opts.field;
    this.headers = opts.headers;
    this.params = opts.params;
    this.localParams = opts.localParams;
    this.errors = opts.errors;
  }

  get status(): number {
    return httpStatusOf[this.code];
  }
}

export const notFound = () => new AppError(ErrorCode.NOT_FOUND);
export const forbidden = () => new AppError(ErrorCode.FORBIDDEN);
export const invalid = (field: string, messageKey: string) => new AppError(ErrorCode.VALIDATION, { field, messageKey });

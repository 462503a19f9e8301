import { ErrorCode, type ErrorCodeValue, httpStatusOf, messageKeyOf } from '@xr/contract/errors';

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

  constructor(
    code: ErrorCodeValue,
    opts: {
      messageKey?: string;
      field?: string;
      headers?: Record<string, string>;
      params?: Record<string, string | number>;
    } = {},
  ) {
    const key = opts.messageKey ?? messageKeyOf[code];
    super(key);
    this.code = code;
    this.messageKey = key;
    this.field = opts.field;
    this.headers = opts.headers;
    this.params = opts.params;
  }

  get status(): number {
    return httpStatusOf[this.code];
  }
}

export const notFound = () => new AppError(ErrorCode.NOT_FOUND);
export const forbidden = () => new AppError(ErrorCode.FORBIDDEN);
export const invalid = (field: string, messageKey: string) => new AppError(ErrorCode.VALIDATION, { field, messageKey });

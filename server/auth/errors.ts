import { type AuthErrorCode, type AuthErrorParams } from '../../src/domain/contract/auth';
import { HttpError } from '../http/errors';

/**
 * A refused account call with its reason code (see AUTH_ERROR_CODES): the message is English, fit to show;
 * `params` are the numbers in it (minutes to wait); `data` the details a form reads (field errors, code error).
 */
export class AuthError extends HttpError {
  readonly params?: AuthErrorParams;
  readonly data?: unknown;

  constructor(
    statusCode: number,
    readonly code: AuthErrorCode,
    message: string,
    details: { params?: AuthErrorParams; data?: unknown } = {},
  ) {
    super(statusCode, message);
    this.name = 'AuthError';
    this.params = details.params;
    this.data = details.data;
  }
}

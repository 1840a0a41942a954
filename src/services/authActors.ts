import { fromPromise } from 'xstate';
import type * as z from 'zod/mini';
import {
  authErrorBody,
  codeErrorData,
  formErrorData,
  type AccountUser,
  type AuthSession,
  type CodeLoginRequest,
  type GuestLoginRequest,
  type IdentityLoginRequest,
  type IdentityStartRequest,
  type LoginCodeRequest,
  type LoginRequest,
  type PasswordCodeCheckRequest,
  type PasswordCodeRequest,
  type PasswordResetRequest,
  type RegistrationCodeCheckRequest,
  type RegistrationCodeRequest,
} from '../domain/contract/auth';
import * as auth from '../api/auth';
import { type ApiClient, type ApiResult } from '../api/client';
import { type RegistrationResult, type RegistrationSubmission } from '../../machines/register';
import { type ResetCode } from '../../machines/forgotPassword';

/**
 * A refused account call: the server's message (empty when no answer came), the HTTP status (0 for none), its
 * reason code and the code's params, and, when the server sent them, its details: per-field messages
 * (`{ errors }`) or a code error (`{ code_error: true }`). The account machines read these fields.
 */
export class AccountCallError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly params?: Record<string, string | number>;
  readonly data?: z.output<typeof formErrorData> | z.output<typeof codeErrorData>;

  constructor(result: Extract<ApiResult<unknown>, { ok: false }>) {
    super(result.message);
    this.name = 'AccountCallError';
    this.status = result.status;
    const details = authErrorBody.safeParse(result.body);
    const data = details.success ? details.data.data : undefined;
    if (details.success) {
      this.code = details.data.code;
      this.params = details.data.params;
    }
    const fieldErrors = formErrorData.safeParse(data);
    const codeError = codeErrorData.safeParse(data);
    if (fieldErrors.success) this.data = fieldErrors.data;
    else if (codeError.success) this.data = codeError.data;
  }
}

export async function answer<T>(call: Promise<ApiResult<T>>): Promise<T> {
  const result = await call;
  if (!result.ok) throw new AccountCallError(result);
  return result.data;
}

/** The real actors of the login, forgot-password, register and guest-login machines: `machine.provide({ actors: authActors(api) })`. */
export function authActors(api: ApiClient) {
  return {
    loginWithPassword: fromPromise<AuthSession, LoginRequest>(async ({ input }) => (await answer(auth.login(api, input))).data),
    requestLoginCode: fromPromise<string, LoginCodeRequest>(async ({ input }) => (await answer(auth.requestLoginCode(api, input))).message),
    loginWithCode: fromPromise<AuthSession, CodeLoginRequest>(async ({ input }) => (await answer(auth.loginWithCode(api, input))).data),
    startUaePass: fromPromise<string, IdentityStartRequest>(async ({ input }) => (await answer(auth.startUaePass(api, input))).data.url),
    loginWithUaePass: fromPromise<AuthSession, IdentityLoginRequest>(async ({ input }) => (await answer(auth.loginWithUaePass(api, input))).data),

    requestResetCode: fromPromise<ResetCode, PasswordCodeRequest>(async ({ input }) => {
      const { data, message } = await answer(auth.requestResetCode(api, input));
      return { c_token: data.c_token, message };
    }),
    verifyResetCode: fromPromise<AccountUser, PasswordCodeCheckRequest>(
      async ({ input }) => (await answer(auth.verifyResetCode(api, input))).data.customer_data,
    ),
    resetPassword: fromPromise<string, PasswordResetRequest>(async ({ input }) => (await answer(auth.resetPassword(api, input))).message),

    requestRegistrationCode: fromPromise<string, RegistrationCodeRequest>(
      async ({ input }) => (await answer(auth.requestRegistrationCode(api, input))).message,
    ),
    validateRegistrationCode: fromPromise<string, RegistrationCodeCheckRequest>(
      async ({ input }) => (await answer(auth.validateRegistrationCode(api, input))).message,
    ),
    register: fromPromise<RegistrationResult, RegistrationSubmission>(async ({ input }) => {
      const { data, message } = await answer(auth.register(api, input));
      return { ...data, message };
    }),

    guestLogin: fromPromise<AuthSession, GuestLoginRequest>(async ({ input }) => (await answer(auth.guestLogin(api, input))).data),
  };
}

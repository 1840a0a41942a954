import { assign, fromPromise, setup } from 'xstate';
import { type ContactChannel, type VerifyCodeRequest, type VerifyConfirmRequest } from '../src/domain/contract/profile';
import { type MessageDescriptor } from '../src/domain/validation/messages';
import { validateOtp } from '../src/domain/validation/otp';
import { callFailure, type CallFailure } from './accountForm';
import { type ProfileChange } from './profileEdit';

/**
 * Verifying the logged-in customer: 'choosing' (e-mail or mobile) → 'sendingCode' ('pending') → 'awaitingCode'
 * (`sentTo`) → 'confirming' ('pending') → 'verified' (final), or back with `failure`. 'verify.resend' sends a fresh
 * code. The app provides `announceChange` (the session's user and the profile follow).
 */
export type VerifyAccountContext = {
  channel: ContactChannel;
  otp: string;
  otpError: MessageDescriptor | null;
  failure: CallFailure | null;
  sentTo: string | null;
  notice: string | null;
};

export type VerifyAccountEvent =
  | { type: 'channel.choose'; channel: ContactChannel }
  | { type: 'verify.send' }
  | { type: 'verify.resend' }
  | { type: 'otp.change'; value: string }
  | { type: 'verify.confirm' };

export const verifyAccountMachine = setup({
  types: { context: {} as VerifyAccountContext, events: {} as VerifyAccountEvent },
  actors: {
    /** Answers the server's message ('We sent a 6-digit code to …'). */
    requestVerificationCode: fromPromise<string, VerifyCodeRequest>(() => Promise.reject(new Error('requestVerificationCode is provided by the app'))),
    confirmVerification: fromPromise<ProfileChange, VerifyConfirmRequest>(() => Promise.reject(new Error('confirmVerification is provided by the app'))),
  },
  guards: { isCodeValid: ({ context }) => validateOtp(context.otp, 'account') === undefined },
  actions: {
    chooseChannel: assign((_, channel: ContactChannel) => ({ channel })),
    setOtp: assign(({ context }, otp: string) => ({ otp, otpError: context.otpError ? (validateOtp(otp, 'account') ?? null) : null })),
    checkOtp: assign(({ context }) => ({ otpError: validateOtp(context.otp, 'account') ?? null })),
    storeFailure: assign((_, failed: { error: unknown }) => ({ failure: callFailure(failed.error) })),
    clearFailure: assign(() => ({ failure: null })),
    storeSentTo: assign((_, sentTo: string) => ({ sentTo, otp: '', otpError: null })),
    storeVerified: assign((_, change: ProfileChange) => ({ notice: change.message })),
    announceChange: (_, _change: ProfileChange) => {},
  },
}).createMachine({
  id: 'verifyAccount',
  context: { channel: 'email', otp: '', otpError: null, failure: null, sentTo: null, notice: null },
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'channel.choose': { actions: { type: 'chooseChannel', params: ({ event }) => event.channel } },
        'verify.send': 'sendingCode',
      },
    },
    sendingCode: {
      tags: 'pending',
      entry: 'clearFailure',
      invoke: {
        id: 'requestVerificationCode',
        src: 'requestVerificationCode',
        input: ({ context }) => ({ channel: context.channel }),
        onDone: { target: 'awaitingCode', actions: { type: 'storeSentTo', params: ({ event }) => event.output } },
        onError: { target: 'choosing', actions: { type: 'storeFailure', params: ({ event }) => event } },
      },
    },
    awaitingCode: {
      on: {
        'otp.change': { actions: { type: 'setOtp', params: ({ event }) => event.value } },
        'verify.confirm': [{ guard: 'isCodeValid', target: 'confirming' }, { actions: 'checkOtp' }],
        'verify.resend': 'sendingCode',
      },
    },
    confirming: {
      tags: 'pending',
      entry: 'clearFailure',
      invoke: {
        id: 'confirmVerification',
        src: 'confirmVerification',
        input: ({ context }) => ({ otp: context.otp }),
        onDone: {
          target: 'verified',
          actions: [
            { type: 'storeVerified', params: ({ event }) => event.output },
            { type: 'announceChange', params: ({ event }) => event.output },
          ],
        },
        onError: { target: 'awaitingCode', actions: { type: 'storeFailure', params: ({ event }) => event } },
      },
    },
    verified: { type: 'final' },
  },
});

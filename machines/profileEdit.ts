import { assign, fromPromise, setup } from 'xstate';
import { type ProfileDetails, type ContactChannel, type ContactCodeRequest, type ContactConfirmRequest, type ProfileUpdateRequest } from '../src/domain/contract/profile';
import { type User } from '../src/domain/contract/session';
import { DEFAULT_COUNTRY_CODE } from '../src/domain/constants';
import { personRules, validateIdExpiry, type GenderChoice, type IdProofChoice, type PersonValues } from '../src/domain/profile/profileRules';
import { validateEmail } from '../src/domain/validation/email';
import { hasErrors, required, validateFields, type FieldErrors, type FieldRules } from '../src/domain/validation/form';
import { type MessageDescriptor } from '../src/domain/validation/messages';
import { validateMobile } from '../src/domain/validation/mobile';
import { validateOtp } from '../src/domain/validation/otp';
import { splitMobile } from '../src/domain/visitors/visitorForm';
import { callFailure, checkResult, type CallFailure } from './accountForm';

/**
 * Editing the profile. Two parallel regions:
 *
 * - `details`: 'editing' (the Emirates ID is checked on blur, everything on save) → 'saving' ('pending') → 'editing' with `notice` (the server's message) or `failure` (its
 *   per-field messages land on the fields). Nothing typed is lost either way; locked fields cannot change.
 * - `contact`: changing the e-mail or the mobile. 'closed' → 'entering' (the new address) → 'sendingCode' ('pending')
 *   → 'awaitingCode' (`sentTo`) → 'confirming' ('pending') → 'closed' with the new profile, or back to
 *   'entering'/'awaitingCode' with `contactFailure`. 'contact.resend' sends a fresh code from 'awaitingCode'.
 *
 * The app provides `announceChange` (the session's user follows, the screen reloads its data).
 */
export type ProfileValues = PersonValues & {
  religion_id: string;
  id_proof_expiry: string;
  customer_tag_id: string;
};
export type ProfileField = keyof ProfileValues;

export type ContactValues = { email: string; countryCode: string; mobile: string; otp: string };
export type ContactField = keyof ContactValues;

/** What a profile change answers: the new profile and the session's user. */
export type ProfileChange = { profile: ProfileDetails; user: User; message: string };

export type ProfileEditInput = { profile: ProfileDetails; today: string };

export type ProfileEditContext = {
  today: string;
  profile: ProfileDetails;
  values: ProfileValues;
  checked: boolean;
  errors: FieldErrors<ProfileValues>;
  formError: MessageDescriptor | null;
  failure: CallFailure | null;
  notice: string | null;
  channel: ContactChannel;
  contact: ContactValues;
  contactChecked: boolean;
  contactErrors: FieldErrors<ContactValues>;
  contactFailure: CallFailure | null;
  sentTo: string | null;
};

export type ProfileEditEvent =
  | { type: 'field.change'; field: ProfileField; value: string }
  /** A field that is checked when it loses focus (the Emirates ID), before any save. */
  | { type: 'field.blur'; field: ProfileField }
  | { type: 'profile.save' }
  | { type: 'contact.start'; channel: ContactChannel }
  | { type: 'contact.change'; field: ContactField; value: string }
  | { type: 'contact.send' }
  | { type: 'contact.resend' }
  | { type: 'contact.confirm' }
  | { type: 'contact.cancel' };

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The form as the saved profile fills it. */
export function profileValues(profile: ProfileDetails): ProfileValues {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    dob: text(profile.dob),
    gender: (profile.gender ?? '') as GenderChoice,
    nationality_id: text(profile.nationality_id),
    religion_id: text(profile.religion_id),
    id_proof_type_id: text(profile.id_proof_type_id) as IdProofChoice,
    id_proof_number: text(profile.id_proof_number),
    id_proof_expiry: text(profile.id_proof_expiry),
    customer_tag_id: text(profile.customer_tag_id),
  };
}

const profileRules = (today: string): FieldRules<ProfileValues> => ({
  ...personRules<ProfileValues>(today),
  id_proof_expiry: (value) => validateIdExpiry(value, today),
});

const contactRules = (channel: ContactChannel): FieldRules<ContactValues> => ({
  ...(channel === 'email'
    ? { email: [(email: string) => required(email, { labelKey: 'email' }), (email: string) => validateEmail(email, 'standard')] }
    : { mobile: (mobile: string, values: ContactValues) => validateMobile(values.countryCode, mobile) }),
  otp: () => undefined,
});

const profileErrors = (context: ProfileEditContext) => validateFields(context.values, profileRules(context.today));
const addressErrors = (context: ProfileEditContext) => validateFields(context.contact, contactRules(context.channel));
const codeErrors = (context: ProfileEditContext): FieldErrors<ContactValues> => {
  const otp = validateOtp(context.contact.otp, 'account');
  return otp ? { otp } : {};
};

const updateRequest = ({ values }: ProfileEditContext): ProfileUpdateRequest => ({ ...values });

const contactRequest = ({ channel, contact }: ProfileEditContext): ContactCodeRequest =>
  channel === 'email' ? { channel, email: contact.email } : { channel, country_code: contact.countryCode, mobile: contact.mobile };

const emptyContact = (profile: ProfileDetails, channel: ContactChannel): ContactValues => ({
  email: '',
  countryCode: channel === 'mobile' ? splitMobile(profile.mobile, profile.country_code).country_code || DEFAULT_COUNTRY_CODE : DEFAULT_COUNTRY_CODE,
  mobile: '',
  otp: '',
});

export const profileEditMachine = setup({
  types: {
    input: {} as ProfileEditInput,
    context: {} as ProfileEditContext,
    events: {} as ProfileEditEvent,
  },
  actors: {
    saveProfile: fromPromise<ProfileChange, ProfileUpdateRequest>(() => Promise.reject(new Error('saveProfile is provided by the app'))),
    /** Answers the server's message ('We sent a 6-digit code to …'). */
    requestContactCode: fromPromise<string, ContactCodeRequest>(() => Promise.reject(new Error('requestContactCode is provided by the app'))),
    confirmContactCode: fromPromise<ProfileChange, ContactConfirmRequest>(() => Promise.reject(new Error('confirmContactCode is provided by the app'))),
  },
  guards: {
    isProfileValid: ({ context }) => !hasErrors(profileErrors(context)),
    isAddressValid: ({ context }) => !hasErrors(addressErrors(context)),
    isCodeValid: ({ context }) => !hasErrors(codeErrors(context)),
  },
  actions: {
    setField: assign(({ context }, change: { field: ProfileField; value: string }) => {
      const values = { ...context.values, [change.field]: change.value };
      // A cleared document type takes its number and expiry with it, so nothing hidden is sent.
      const cleared = change.field === 'id_proof_type_id' && change.value === '' ? { ...values, id_proof_number: '', id_proof_expiry: '' } : values;
      return { values: cleared, notice: null };
    }),
    check: assign(({ context }) => ({ checked: true, ...checkResult(profileErrors(context)) })),
    recheck: assign(({ context }) => (context.checked ? checkResult(profileErrors(context)) : {})),
    checkField: assign(({ context }, field: ProfileField) => {
      const error = context.values[field] === '' ? undefined : profileErrors(context)[field];
      return { errors: { ...context.errors, [field]: error } };
    }),
    storeFailure: assign((_, failed: { error: unknown }) => ({ failure: callFailure(failed.error) })),
    clearFailure: assign(() => ({ failure: null, notice: null })),
    storeChange: assign((_, change: ProfileChange) => ({ profile: change.profile, values: profileValues(change.profile), notice: change.message, checked: false, errors: {}, formError: null })),
    /** An e-mail or mobile change touches neither field of the form, so what is being typed there stays. */
    storeContactChange: assign((_, change: ProfileChange) => ({ profile: change.profile, notice: change.message })),
    announceChange: (_, _change: ProfileChange) => {},

    openContact: assign(({ context }, channel: ContactChannel) => ({
      channel,
      contact: emptyContact(context.profile, channel),
      contactChecked: false,
      contactErrors: {},
      contactFailure: null,
      sentTo: null,
    })),
    setContactField: assign(({ context }, change: { field: ContactField; value: string }) => ({ contact: { ...context.contact, [change.field]: change.value } })),
    checkAddress: assign(({ context }) => ({ contactChecked: true, contactErrors: addressErrors(context) })),
    checkCode: assign(({ context }) => ({ contactChecked: true, contactErrors: codeErrors(context) })),
    recheckContact: assign(({ context }) => (context.contactChecked ? { contactErrors: context.sentTo ? codeErrors(context) : addressErrors(context) } : {})),
    storeContactFailure: assign((_, failed: { error: unknown }) => ({ contactFailure: callFailure(failed.error) })),
    clearContactFailure: assign(() => ({ contactFailure: null })),
    storeSentTo: assign(({ context }, message: string) => ({ sentTo: message, contact: { ...context.contact, otp: '' }, contactChecked: false, contactErrors: {} })),
  },
}).createMachine({
  id: 'profileEdit',
  type: 'parallel',
  context: ({ input }) => ({
    today: input.today,
    profile: input.profile,
    values: profileValues(input.profile),
    checked: false,
    errors: {},
    formError: null,
    failure: null,
    notice: null,
    channel: 'email',
    contact: emptyContact(input.profile, 'email'),
    contactChecked: false,
    contactErrors: {},
    contactFailure: null,
    sentTo: null,
  }),
  states: {
    details: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.change': { actions: [{ type: 'setField', params: ({ event }) => event }, 'recheck'] },
            'field.blur': { actions: { type: 'checkField', params: ({ event }) => event.field } },
            'profile.save': [{ guard: 'isProfileValid', target: 'saving', actions: 'check' }, { actions: 'check' }],
          },
        },
        saving: {
          tags: 'pending',
          entry: 'clearFailure',
          invoke: {
            id: 'saveProfile',
            src: 'saveProfile',
            input: ({ context }) => updateRequest(context),
            onDone: {
              target: 'editing',
              actions: [
                { type: 'storeChange', params: ({ event }) => event.output },
                { type: 'announceChange', params: ({ event }) => event.output },
              ],
            },
            onError: { target: 'editing', actions: { type: 'storeFailure', params: ({ event }) => event } },
          },
        },
      },
    },

    contact: {
      initial: 'closed',
      on: {
        'contact.change': { actions: [{ type: 'setContactField', params: ({ event }) => event }, 'recheckContact'] },
      },
      states: {
        closed: {
          on: { 'contact.start': { target: 'entering', actions: { type: 'openContact', params: ({ event }) => event.channel } } },
        },
        entering: {
          on: {
            'contact.send': [{ guard: 'isAddressValid', target: 'sendingCode', actions: 'checkAddress' }, { actions: 'checkAddress' }],
            'contact.cancel': 'closed',
          },
        },
        sendingCode: {
          tags: 'pending',
          entry: 'clearContactFailure',
          invoke: {
            id: 'requestContactCode',
            src: 'requestContactCode',
            input: ({ context }) => contactRequest(context),
            onDone: { target: 'awaitingCode', actions: { type: 'storeSentTo', params: ({ event }) => event.output } },
            onError: { target: 'entering', actions: { type: 'storeContactFailure', params: ({ event }) => event } },
          },
        },
        awaitingCode: {
          on: {
            'contact.confirm': [{ guard: 'isCodeValid', target: 'confirming', actions: 'checkCode' }, { actions: 'checkCode' }],
            'contact.resend': 'sendingCode',
            'contact.cancel': 'closed',
          },
        },
        confirming: {
          tags: 'pending',
          entry: 'clearContactFailure',
          invoke: {
            id: 'confirmContactCode',
            src: 'confirmContactCode',
            input: ({ context }) => ({ channel: context.channel, otp: context.contact.otp }),
            onDone: {
              target: 'closed',
              actions: [
                { type: 'storeContactChange', params: ({ event }) => event.output },
                { type: 'announceChange', params: ({ event }) => event.output },
              ],
            },
            onError: { target: 'awaitingCode', actions: { type: 'storeContactFailure', params: ({ event }) => event } },
          },
        },
      },
    },
  },
});

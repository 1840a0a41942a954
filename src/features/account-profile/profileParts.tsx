import { useTranslation } from 'react-i18next';
import { type CallFailure } from '../../../machines/accountForm';
import { type ProfileChange } from '../../../machines/profileEdit';
import { type NamedChoice } from '../../domain/contract/profile';
import { isLang } from '../../domain/lang';
import { localized } from '../../domain/localize';
import { profileMessageOf } from '../../domain/profile/profileMessages';
import { limitIdProofInput, type IdProofChoice, type PersonValues } from '../../domain/profile/profileRules';
import { venueNow } from '../../domain/venueTime';
import { type FieldErrors } from '../../domain/validation/form';
import { ChoiceField, useFailureMessage, useFieldMessage } from '../../app/account/formParts';
import { useSiteConfig } from '../../app/account/useAccountSession';
import { DateField, SelectField } from '../../ui/formFields';
import { TextField } from '../../ui/TextField';

/** Today at the venue: dates of birth may not pass it, ID expiry dates may not be before it. */
export function useVenueToday(): string {
  return venueNow(useSiteConfig().time_zone, new Date()).today;
}

/** A server message of the profile calls in the visitor's language; any other through the account screens' wording. */
export function useProfileMessage(): (text: string | null | undefined) => string | null {
  const { t } = useTranslation('profile');
  return (text) => {
    if (!text) return null;
    const known = profileMessageOf(text);
    return known ? t(`serverMessages.${known.key}`, known.params) : text;
  };
}

export function useFailureText(): (failure: CallFailure | null) => string | null {
  const failureMessage = useFailureMessage();
  const profileMessage = useProfileMessage();
  return (failure) => (failure && !failure.code ? profileMessage(failure.message) || failureMessage(failure) : failureMessage(failure));
}

/** A list the venue keeps, as choices in the visitor's language. */
export function useChoiceOptions(): (choices: readonly NamedChoice[]) => { value: string; label: string }[] {
  const { i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : 'en';
  return (choices) => choices.map((choice) => ({ value: String(choice.id), label: localized(choice, 'name', lang) }));
}

export type PersonField = keyof PersonValues;

/**
 * The fields a person has, on the profile and on a family member: names, date of birth, gender, nationality and the
 * ID proof (its number checked on blur). Locked fields show but cannot change; a server's per-field message wins.
 */
export function PersonFields({
  values,
  errors,
  serverErrors,
  countries,
  locked = new Set(),
  onChange,
  onBlur,
  today,
}: {
  values: PersonValues;
  errors: FieldErrors<PersonValues>;
  serverErrors: Record<string, string>;
  countries: readonly NamedChoice[];
  locked?: ReadonlySet<string>;
  onChange: (field: PersonField, value: string) => void;
  onBlur?: (field: PersonField) => void;
  today: string;
}) {
  const { t } = useTranslation('profile');
  const fieldMessage = useFieldMessage();
  const profileMessage = useProfileMessage();
  const options = useChoiceOptions();
  const problem = (field: PersonField) => fieldMessage(errors[field]) ?? profileMessage(serverErrors[field] ?? serverErrors[field === 'nationality_id' ? 'nationality' : field]) ?? undefined;
  const lockedHint = (field: string) => (locked.has(field) ? t('form.lockedHint') : undefined);
  const idType = values.id_proof_type_id;
  return (
    <>
      <div className="profile-form-row">
        <TextField label={t('form.firstName')} name="first_name" value={values.first_name} onChange={(value) => onChange('first_name', value)} autoComplete="given-name" maxLength={60} required readOnly={locked.has('first_name')} hint={lockedHint('first_name')} error={problem('first_name')} />
        <TextField label={t('form.lastName')} name="last_name" value={values.last_name} onChange={(value) => onChange('last_name', value)} autoComplete="family-name" maxLength={60} required readOnly={locked.has('last_name')} hint={lockedHint('last_name')} error={problem('last_name')} />
      </div>
      <div className="profile-form-row">
        <DateField label={t('form.dob')} name="dob" value={values.dob} max={today} onChange={(value) => onChange('dob', value)} readOnly={locked.has('dob')} hint={lockedHint('dob')} error={problem('dob')} />
        <SelectField label={t('form.nationality')} name="nationality_id" value={values.nationality_id} placeholder={t('form.choose')} options={options(countries)} onChange={(value) => onChange('nationality_id', value)} disabled={locked.has('nationality_id')} hint={lockedHint('nationality_id')} error={problem('nationality_id')} />
      </div>
      {locked.has('gender') ? (
        <TextField label={t('form.gender')} name="gender" value={values.gender ? t(`form.genders.${values.gender}`) : ''} onChange={() => undefined} readOnly hint={lockedHint('gender')} />
      ) : (
        <ChoiceField<'Male' | 'Female'>
          legend={t('form.gender')}
          name="gender"
          value={values.gender}
          options={[
            { value: 'Male', label: t('form.genders.Male') },
            { value: 'Female', label: t('form.genders.Female') },
          ]}
          onChange={(value) => onChange('gender', value)}
          error={problem('gender')}
        />
      )}
      <div className="profile-form-row">
        <SelectField
          label={t('form.idProofType')}
          name="id_proof_type_id"
          value={idType}
          placeholder={t('form.noIdProof')}
          options={[
            { value: '32', label: t('form.idProofTypes.32') },
            { value: '33', label: t('form.idProofTypes.33') },
          ]}
          onChange={(value) => onChange('id_proof_type_id', value as IdProofChoice)}
          disabled={locked.has('id_proof')}
          hint={lockedHint('id_proof')}
        />
        {idType !== '' && (
          <TextField
            label={t(idType === '32' ? 'form.emiratesId' : 'form.passportNumber')}
            name="id_proof_number"
            value={values.id_proof_number}
            onChange={(value) => onChange('id_proof_number', limitIdProofInput(idType, value))}
            onBlur={() => onBlur?.('id_proof_number')}
            placeholder={idType === '32' ? '784-YYYY-NNNNNNN-C' : undefined}
            inputMode={idType === '32' ? 'numeric' : 'text'}
            dir="ltr"
            maxLength={18}
            required
            readOnly={locked.has('id_proof')}
            error={problem('id_proof_number')}
          />
        )}
      </div>
    </>
  );
}

/** A profile call's answer as the machines take it. */
export function changeOf(body: { data: Omit<ProfileChange, 'message'>; message: string }): ProfileChange {
  return { ...body.data, message: body.message };
}

import { useTranslation } from 'react-i18next';
import { BOOKING_REASON_MAX, PLACE_OF_BIRTH_MAX, type CustomerTag, type FamilyMember, type FieldConfig, type SavedFile } from '../../../domain/contract/visitors';
import { localized } from '../../../domain/localize';
import { ID_PROOF_TYPES } from '../../../domain/constants';
import { limitEmiratesIdInput } from '../../../domain/validation/emiratesId';
import { limitIdNumberInput } from '../../../domain/validation/idNumber';
import { type MessageDescriptor } from '../../../domain/validation/messages';
import {
  additionalKey,
  fieldRule,
  type AdditionalValue,
  type EditableField,
  type VisitorDraft,
  type VisitorErrors,
} from '../../../domain/visitors/visitorForm';
import { TextField } from '../../../ui/TextField';
import { CheckboxField, useFieldMessage } from '../../../app/account/formParts';
import { AdditionalField } from './AdditionalField';
import { ChoiceGroup, DateField, SelectField, TextAreaField } from '../../../ui/formFields';
import { useLanguage } from '../../../i18n/useLanguage';

export interface VisitorSectionProps {
  index: number;
  draft: VisitorDraft;
  errors: VisitorErrors;
  locked: ReadonlySet<EditableField>;
  config: FieldConfig;
  tags: readonly CustomerTag[];
  religions: readonly { id: number; name: string; ar_name?: string | null }[];
  members: readonly FamilyMember[];
  memberPending: boolean;
  memberFailed: boolean;
  bookingDate: string;
  today: string;
  onChange: (field: EditableField, value: string) => void;
  onBlur: (field: EditableField) => void;
  onAdditionalChange: (fieldId: number, value: AdditionalValue) => void;
  onAdditionalBlur: (fieldId: number) => void;
  onDocument: (fieldId: number, file: SavedFile | null) => void;
  onChooseMember: (customerId: number | null) => void;
  onSaveForFuture: (value: boolean) => void;
  upload: (file: File) => Promise<SavedFile>;
}

/** One visitor's section, headed 'visitor N details' (S1-2.43), with the fields the service asks for. */
export function VisitorSection(props: VisitorSectionProps) {
  const { index, draft, errors, locked, config, tags, religions, members, bookingDate, today, onChange, onBlur } = props;
  const { t } = useTranslation('visitors');
  const lang = useLanguage();
  const fieldMessage = useFieldMessage();
  const message = (descriptor: MessageDescriptor | undefined) => fieldMessage(descriptor);
  const headingId = `visitor-${index + 1}-heading`;
  const lockedHint = (field: EditableField) => (locked.has(field) ? t('locked') : undefined);
  const rule = (field: Parameters<typeof fieldRule>[1]) => fieldRule(config, field);
  const isEmiratesId = Number(draft.id_proof_type_id) === ID_PROOF_TYPES.EMIRATES_ID;
  const chosen = members.find((member) => member.customer_id === draft.customer_id);
  const chosenMember = chosen ? String(chosen.customer_id) : '';

  return (
    <section className="visitors-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="visitors-section-title">
        {t('section', { n: index + 1 })}
      </h3>

      {index > 0 && members.length > 0 ? (
        <SelectField
          label={t('member.label')}
          name={`member-${index}`}
          value={chosenMember}
          options={members.map((member) => ({ value: String(member.customer_id), label: `${member.first_name} ${member.last_name}` }))}
          placeholder={t('member.none')}
          onChange={(value) => props.onChooseMember(value === '' ? null : Number(value))}
          hint={props.memberPending ? t('member.loading') : props.memberFailed ? t('member.failed') : undefined}
        />
      ) : null}
      {index > 0 && chosen?.profile_image_url ? (
        <img className="visitors-member-photo" src={chosen.profile_image_url} alt={t('member.photo', { name: `${chosen.first_name} ${chosen.last_name}` })} width={56} height={56} />
      ) : null}

      <TextField
        label={t('fields.name')}
        name="name"
        value={draft.name}
        onChange={(value) => onChange('name', value)}
        readOnly={locked.has('name')}
        hint={lockedHint('name')}
        autoComplete={index === 0 ? 'name' : 'off'}
        error={message(errors.name)}
        maxLength={100}
        required
      />
      <TextField
        label={t('fields.email')}
        name="email"
        type="email"
        value={draft.email}
        onChange={(value) => onChange('email', value)}
        readOnly={locked.has('email')}
        hint={lockedHint('email')}
        autoComplete={index === 0 ? 'email' : 'off'}
        error={message(errors.email)}
        required
      />
      <div className="visitors-mobile">
        <TextField
          className="visitors-country-code"
          label={t('account:fields.countryCode')}
          name="country_code"
          type="tel"
          value={draft.country_code}
          onChange={(value) => onChange('country_code', value)}
          readOnly={locked.has('country_code')}
          maxLength={5}
          required
        />
        <TextField
          className="visitors-mobile-number"
          label={t('account:fields.mobile')}
          name="mobile_number"
          type="tel"
          value={draft.mobile_number}
          onChange={(value) => onChange('mobile_number', value)}
          readOnly={locked.has('mobile_number')}
          hint={lockedHint('mobile_number')}
          error={message(errors.mobile_number)}
          maxLength={20}
          required
        />
      </div>

      {rule('dob').visible ? (
        <DateField
          label={t('fields.dob')}
          name="dob"
          value={draft.dob}
          max={today}
          onChange={(value) => onChange('dob', value)}
          readOnly={locked.has('dob')}
          hint={lockedHint('dob')}
          error={message(errors.dob)}
          required={rule('dob').required}
        />
      ) : null}

      {rule('gender').visible ? (
        <ChoiceGroup
          legend={t('fields.gender')}
          name={`gender-${index}`}
          kind="radio"
          selected={draft.gender ? [draft.gender] : []}
          options={(['Male', 'Female'] as const).map((gender) => ({ value: gender, label: t(`gender.${gender}`) }))}
          onToggle={(value) => onChange('gender', value)}
          disabled={locked.has('gender')}
          hint={lockedHint('gender')}
          error={message(errors.gender)}
          required={rule('gender').required}
        />
      ) : null}

      {rule('nationality').visible ? (
        <SelectField
          label={t('fields.nationality')}
          name="nationality"
          value={draft.nationality}
          options={config.countries.map((country) => ({ value: String(country.id), label: localized(country, 'name', lang) }))}
          placeholder={t('choose')}
          onChange={(value) => onChange('nationality', value)}
          disabled={locked.has('nationality')}
          hint={lockedHint('nationality')}
          error={message(errors.nationality)}
          required={rule('nationality').required}
        />
      ) : null}

      {rule('religion').visible ? (
        <SelectField
          label={t('fields.religion')}
          name="religion_id"
          value={draft.religion_id}
          options={religions.map((religion) => ({ value: String(religion.id), label: localized(religion, 'name', lang) }))}
          placeholder={t('choose')}
          onChange={(value) => onChange('religion_id', value)}
          error={message(errors.religion_id)}
          required={rule('religion').required}
        />
      ) : null}

      {rule('tag').visible ? (
        <SelectField
          label={t('fields.purposeOfVisit')}
          name="customer_tag"
          value={draft.customer_tag_id}
          options={tags.map((tag) => ({ value: String(tag.id), label: localized(tag, 'name', lang) }))}
          placeholder={t('choose')}
          onChange={(value) => onChange('customer_tag_id', value)}
          error={message(errors.customer_tag_id)}
          required={rule('tag').required}
        />
      ) : null}

      {rule('id').visible ? (
        <>
          <ChoiceGroup
            legend={t('fields.idProofType')}
            name={`id-proof-type-${index}`}
            kind="radio"
            selected={[draft.id_proof_type_id]}
            options={[ID_PROOF_TYPES.EMIRATES_ID, ID_PROOF_TYPES.PASSPORT].map((type) => ({ value: String(type), label: t(`idProofTypes.${type}`) }))}
            onToggle={(value) => onChange('id_proof_type_id', value)}
            disabled={locked.has('id_proof_type_id')}
            required={rule('id').required}
          />
          <TextField
            label={isEmiratesId ? t('fields.emiratesId') : t('fields.idNumber')}
            name="id_proof_number"
            value={draft.id_proof_number}
            onChange={(value) => onChange('id_proof_number', isEmiratesId ? limitEmiratesIdInput(value) : limitIdNumberInput(value))}
            onBlur={() => onBlur('id_proof_number')}
            readOnly={locked.has('id_proof_number')}
            hint={lockedHint('id_proof_number') ?? (isEmiratesId ? t('emiratesIdHint') : undefined)}
            inputMode={isEmiratesId ? 'numeric' : undefined}
            dir="ltr"
            autoComplete="off"
            error={message(errors.id_proof_number)}
            required={rule('id').required}
          />
          {isEmiratesId ? null : (
            <>
              <DateField
                label={t('fields.passportIssueDate')}
                name="passport_issue_date"
                value={draft.passport_issue_date}
                max={bookingDate}
                onChange={(value) => onChange('passport_issue_date', value)}
                error={message(errors.passport_issue_date)}
              />
              <TextField
                label={t('fields.placeOfBirth')}
                name="place_of_birth"
                value={draft.place_of_birth}
                onChange={(value) => onChange('place_of_birth', value)}
                autoComplete="off"
                error={message(errors.place_of_birth)}
                maxLength={PLACE_OF_BIRTH_MAX}
              />
            </>
          )}
          <DateField
            label={t('fields.expiryDate')}
            name="expiry_date"
            value={draft.expiry_date}
            min={bookingDate}
            onChange={(value) => onChange('expiry_date', value)}
            error={message(errors.expiry_date)}
          />
        </>
      ) : null}

      {rule('booking_reason').visible ? (
        <TextAreaField
          label={t('fields.bookingReason')}
          name="booking_reason"
          value={draft.booking_reason}
          onChange={(value) => onChange('booking_reason', value)}
          error={message(errors.booking_reason)}
          required={rule('booking_reason').required}
          maxLength={BOOKING_REASON_MAX}
        />
      ) : null}

      {config.additional_fields.map((field) => (
        <AdditionalField
          key={field.id}
          field={field}
          draft={draft}
          countries={config.countries}
          bookingDate={bookingDate}
          error={message(errors[additionalKey(field.id)])}
          onChange={(value) => props.onAdditionalChange(field.id, value)}
          onBlur={() => props.onAdditionalBlur(field.id)}
          onDocument={(file) => props.onDocument(field.id, file)}
          upload={props.upload}
        />
      ))}

      {index > 0 ? (
        <CheckboxField
          name={`save-for-future-${index}`}
          checked={draft.save_detail_for_future}
          onChange={props.onSaveForFuture}
          label={t('saveForFuture')}
        />
      ) : null}
    </section>
  );
}

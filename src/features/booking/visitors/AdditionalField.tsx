import { useTranslation } from 'react-i18next';
import { type AdditionalFieldDefinition, type FieldConfig, type SavedFile } from '../../../domain/contract/visitors';
import { localized } from '../../../domain/localize';
import { limitEmiratesIdInput } from '../../../domain/validation/emiratesId';
import { disclaimerText, type AdditionalValue, type VisitorDraft } from '../../../domain/visitors/visitorForm';
import { TextField } from '../../../ui/TextField';
import { FileUploadField } from './FileUploadField';
import { ChoiceGroup, DateField, SelectField, TextAreaField } from '../../../ui/formFields';
import { SignaturePad } from './SignaturePad';
import { useLanguage } from '../../../i18n/useLanguage';

export interface AdditionalFieldProps {
  field: AdditionalFieldDefinition;
  draft: VisitorDraft;
  countries: FieldConfig['countries'];
  bookingDate: string;
  error?: string;
  onChange: (value: AdditionalValue) => void;
  onBlur: () => void;
  onDocument: (file: SavedFile | null) => void;
  upload: (file: File) => Promise<SavedFile>;
}

/** One of the venue's extra questions, drawn by its type (S1-3.30). */
export function AdditionalField({ field, draft, countries, bookingDate, error, onChange, onBlur, onDocument, upload }: AdditionalFieldProps) {
  const { t } = useTranslation('visitors');
  const lang = useLanguage();
  const label = localized(field, 'name', lang);
  const required = field.is_required === 1;
  const value = draft.additional[field.id];
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? value : [];
  const name = `${field.slug}-${field.id}`;
  const options = field.options.map((option) => ({ value: option.value, label: localized(option, 'label', lang) }));

  switch (field.type) {
    case 'text_box':
      return <TextField label={label} name={name} value={text} onChange={onChange} onBlur={onBlur} error={error} required={required} maxLength={255} />;
    case 'email':
      return <TextField label={label} name={name} type="email" value={text} onChange={onChange} onBlur={onBlur} error={error} required={required} autoComplete="off" />;
    case 'phone_number':
      return <TextField label={label} name={name} type="tel" value={text} onChange={onChange} onBlur={onBlur} error={error} required={required} maxLength={20} />;
    case 'emirates_id':
      return (
        <TextField
          label={label}
          name={name}
          value={text}
          onChange={(next) => onChange(limitEmiratesIdInput(next))}
          onBlur={onBlur}
          inputMode="numeric"
          dir="ltr"
          hint={t('emiratesIdHint')}
          error={error}
          required={required}
        />
      );
    case 'date':
      return <DateField label={label} name={name} value={text} onChange={onChange} error={error} required={required} />;
    case 'text_area':
      return <TextAreaField label={label} name={name} value={text} onChange={onChange} error={error} required={required} />;
    case 'drop_down':
      return <SelectField label={label} name={name} value={text} options={options} placeholder={t('choose')} onChange={onChange} error={error} required={required} />;
    case 'country':
      return (
        <SelectField
          label={label}
          name={name}
          value={text}
          options={countries.map((country) => ({ value: String(country.id), label: localized(country, 'name', lang) }))}
          placeholder={t('choose')}
          onChange={onChange}
          error={error}
          required={required}
        />
      );
    case 'radio_buttons':
      return <ChoiceGroup legend={label} name={name} kind="radio" selected={text ? [text] : []} options={options} onToggle={onChange} error={error} required={required} />;
    case 'check_boxes':
      return (
        <ChoiceGroup
          legend={label}
          name={name}
          kind="checkbox"
          selected={list}
          options={options}
          onToggle={(option) => onChange(list.includes(option) ? list.filter((each) => each !== option) : [...list, option])}
          error={error}
          required={required}
        />
      );
    case 'file':
      return <FileUploadField label={label} file={draft.documents[field.id] ?? null} upload={upload} onChange={onDocument} error={error} required={required} />;
    case 'disclaimer_form':
      return (
        // A group, not a region: every visitor has the same disclaimer, and landmarks must be told apart by name.
        <div role="group" className="visitors-disclaimer" aria-label={label}>
          <h4 className="visitors-disclaimer-title">{label}</h4>
          <p className="visitors-disclaimer-text">{disclaimerText(field, draft, bookingDate, lang)}</p>
          <SignaturePad label={t('signature.label')} value={text} onChange={onChange} error={error} required={required} />
        </div>
      );
  }
}

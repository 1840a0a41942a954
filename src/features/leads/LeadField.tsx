import { useTranslation } from 'react-i18next';
import { type LeadFormField } from '../../domain/contract/leads';
import { localized } from '../../domain/localize';
import { TextField } from '../../ui/TextField';
import { ChoiceGroup, SelectField, TextAreaField } from '../../ui/formFields';
import { useLanguage } from '../../i18n/useLanguage';

export interface LeadFieldProps {
  field: LeadFormField;
  value: string | readonly string[] | undefined;
  onChange: (value: string | readonly string[]) => void;
  /** The field's message, already translated. */
  error?: string;
}

/** The field's name in the visitor's language: its Arabic name where it has one. */
export function useLeadFieldLabel(): (field: LeadFormField) => string {
  const lang = useLanguage();
  return (field) => localized(field, 'field_name', lang);
}

/** One question of the lead form, drawn by its type (S1-3.38); every text goes through the kit's TextField. */
export function LeadField({ field, value, onChange, error }: LeadFieldProps) {
  const { t } = useTranslation('leads');
  const lang = useLanguage();
  const label = localized(field, 'field_name', lang);
  const required = field.is_required === 1;
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? (value as readonly string[]) : [];
  const name = `lead-${field.field_name}`;
  const options = field.options.map((option) => ({ value: option.value, label: localized(option, 'value', lang) }));

  switch (field.type) {
    case 'text':
      return <TextField label={label} name={name} value={text} onChange={onChange} error={error} required={required} maxLength={255} autoComplete="off" />;
    case 'email':
      return <TextField label={label} name={name} type="email" value={text} onChange={onChange} error={error} required={required} maxLength={254} autoComplete="email" />;
    case 'phone_number':
      return <TextField label={label} name={name} type="tel" value={text} onChange={onChange} error={error} required={required} maxLength={20} autoComplete="tel" />;
    case 'text_area':
      return <TextAreaField label={label} name={name} value={text} onChange={onChange} error={error} required={required} />;
    case 'drop_down':
      return <SelectField label={label} name={name} value={text} options={options} placeholder={t('dialog.choose')} onChange={onChange} error={error} required={required} />;
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
  }
}

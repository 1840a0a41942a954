import { type LeadForm, type LeadFormField } from '../../src/domain/contract/leads';
import { type Database } from '../db/client';
import { leadForms } from '../db/schema/kiosk';

const options = (...pairs: [string, string][]) => pairs.map(([value, ar_value]) => ({ value, ar_value }));

/** The demo venue's lead form: one field of every type (S1-3.38), in English and Arabic. */
export const DEMO_LEAD_FORM = {
  form_name: 'Stay in touch',
  ar_form_name: 'ابقَ على تواصل',
  form_description: 'Tell us what you enjoy and our team will send you news, offers and events that suit you.',
  ar_form_description: 'أخبرنا بما تحب وسيرسل لك فريقنا الأخبار والعروض والفعاليات التي تناسبك.',
  lead_action_list_id: 41,
  form_fields: [
    { field_name: 'Full name', ar_field_name: 'الاسم الكامل', type: 'text', is_required: 1, options: [] },
    { field_name: 'Email', ar_field_name: 'البريد الإلكتروني', type: 'email', is_required: 1, options: [] },
    { field_name: 'Mobile number', ar_field_name: 'رقم الجوال', type: 'phone_number', is_required: 1, options: [] },
    {
      field_name: 'Interests',
      ar_field_name: 'الاهتمامات',
      type: 'check_boxes',
      is_required: 1,
      options: options(['Swimming', 'السباحة'], ['Tennis', 'التنس'], ['Football', 'كرة القدم'], ['Bowling', 'البولينج']),
    },
    {
      field_name: 'Best time to call',
      ar_field_name: 'أفضل وقت للاتصال',
      type: 'radio_buttons',
      is_required: 0,
      options: options(['Morning', 'الصباح'], ['Afternoon', 'بعد الظهر'], ['Evening', 'المساء']),
    },
    {
      field_name: 'How did you hear about us?',
      ar_field_name: 'كيف عرفت عنا؟',
      type: 'drop_down',
      is_required: 0,
      options: options(['Social media', 'وسائل التواصل الاجتماعي'], ['A friend', 'صديق'], ['Search engine', 'محرك بحث'], ['Passing by', 'مررت بالمكان']),
    },
    { field_name: 'Message', ar_field_name: 'رسالتك', type: 'text_area', is_required: 0, options: [] },
  ] satisfies LeadFormField[],
} as const satisfies LeadForm;

export async function seedLeadForms(db: Database, venueId: number): Promise<void> {
  const { form_name, ar_form_name, form_description, ar_form_description, lead_action_list_id, form_fields } = DEMO_LEAD_FORM;
  await db.insert(leadForms).values({
    venueId,
    formName: form_name,
    arFormName: ar_form_name,
    formDescription: form_description,
    arFormDescription: ar_form_description,
    leadActionListId: lead_action_list_id,
    fields: [...form_fields],
  });
}

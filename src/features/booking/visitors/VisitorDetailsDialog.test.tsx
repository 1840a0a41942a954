// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '../../../ui/testingLibrary';
import { Component, type CanvasHTMLAttributes } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { ApiClient, ApiResult } from '../../../api/client';
import { type SiteConfig } from '../../../domain/contract/config';
import { type FieldConfig, type VisitorEntry } from '../../../domain/contract/visitors';
import type { Lang } from '../../../domain/lang';
import { type User } from '../../../domain/session';
import { createTestI18n } from '../../../i18n/testing';
import { installDialogPolyfill } from '../../../ui/testing';
import { PortalProvider, type Portal } from '../../../app/portal';
import { SIGNATURE_HEIGHT, SIGNATURE_WIDTH } from './SignaturePad';
import { VisitorDetailsDialog } from './VisitorDetailsDialog';

const SIGNATURE = 'data:image/png;base64,iVBORw0KGgo=';

// jsdom has no canvas drawing; the stand-in keeps the pad's interface and "draws" on a pointer release.
vi.mock('react-signature-canvas', () => ({
  default: class FakeSignatureCanvas extends Component<{ onEnd?: () => void; canvasProps?: CanvasHTMLAttributes<HTMLCanvasElement> }> {
    drawn = false;
    isEmpty = () => !this.drawn;
    clear = () => {
      this.drawn = false;
    };
    toDataURL = () => SIGNATURE;
    fromDataURL = async () => {
      this.drawn = true;
    };
    override render() {
      return (
        <canvas
          {...this.props.canvasProps}
          data-testid="signature-canvas"
          onPointerUp={() => {
            this.drawn = true;
            this.props.onEnd?.();
          }}
        />
      );
    }
  },
}));

beforeAll(() => {
  installDialogPolyfill();
});
afterEach(cleanup);

const FIELD_CONFIG: FieldConfig = {
  dob: { is_visible: 1, is_required: 1 },
  nationality: { is_visible: 1, is_required: 0 },
  id: { is_visible: 1, is_required: 1 },
  religion: { is_visible: 0, is_required: 0 },
  tag: { is_visible: 1, is_required: 0 },
  gender: { is_visible: 1, is_required: 0 },
  additional_fields: [
    { id: 1, slug: 'emergency', name: 'Emergency contact name', ar_name: 'اسم جهة الاتصال للطوارئ', type: 'text_box', is_required: 1, options: [] },
    { id: 2, slug: 'guardian_eid', name: 'Guardian Emirates ID', type: 'emirates_id', is_required: 0, options: [] },
    { id: 3, slug: 'guardian_email', name: 'Guardian email', type: 'email', is_required: 0, options: [] },
    { id: 4, slug: 'last_lesson', name: 'Last swimming lesson', type: 'date', is_required: 0, options: [] },
    {
      id: 5,
      slug: 'ability',
      name: 'Swimming ability',
      type: 'radio_buttons',
      is_required: 0,
      options: [
        { value: 'beginner', label: 'Beginner' },
        { value: 'advanced', label: 'Advanced' },
      ],
    },
    { id: 6, slug: 'size', name: 'T-shirt size', type: 'drop_down', is_required: 0, options: [{ value: 'M', label: 'Medium' }] },
    { id: 7, slug: 'residence', name: 'Country of residence', type: 'country', is_required: 0, options: [] },
    { id: 8, slug: 'certificate', name: 'Medical certificate', type: 'file', is_required: 0, options: [] },
    {
      id: 9,
      slug: 'activities',
      name: 'Activities of interest',
      type: 'check_boxes',
      is_required: 0,
      options: [
        { value: 'slides', label: 'Water slides' },
        { value: 'lazy_river', label: 'Lazy river' },
      ],
    },
    { id: 10, slug: 'medical', name: 'Medical conditions or allergies', type: 'text_area', is_required: 0, options: [] },
    { id: 11, slug: 'emergency_number', name: 'Emergency contact number', type: 'phone_number', is_required: 0, options: [] },
    {
      id: 12,
      slug: 'waiver',
      name: 'Safety waiver',
      ar_name: 'إقرار السلامة',
      type: 'disclaimer_form',
      is_required: 1,
      options: [],
      content: 'I, {customer_name}, visit on {booking_date}.',
      ar_content: 'أنا {customer_name} أزور في {booking_date}.',
    },
  ],
  countries: [
    { id: 1, name: 'United Arab Emirates', ar_name: 'الإمارات العربية المتحدة' },
    { id: 2, name: 'Oman', ar_name: 'عُمان' },
  ],
};

const MEMBERS = [{ customer_id: 7, first_name: 'Omar', last_name: 'Hassan', is_icp_down: 0, email: 'omar@example.com', mobile: '+971551112233', country_code: '971', dob: '2012-07-21', gender: 'Male', id_proof_type_id: 33, id_proof_number: 'P1234567' }];

const USER: User = { token: 't', name: 'Layla Hassan', first_name: 'Layla', last_name: 'Hassan', email: 'layla@example.com', mobile: '+971501234567', dob: '1990-04-12', gender: 'Female' };

type Answer = { ok: true; data: unknown } | { ok: false; status: number; message: string };
type Routes = Partial<Record<string, Answer | ((options: { body?: unknown; query?: Record<string, unknown> }) => Answer)>>;

const ok = (data: unknown): Answer => ({ ok: true, data: { status: true, data } });

function fakeApi(routes: Routes = {}) {
  const all: Routes = {
    'facilities/fieldConfig': ok(FIELD_CONFIG),
    'customers/all-tags': ok([{ id: 4, name: 'Leisure', ar_name: 'ترفيه' }]),
    'customers-associated': ok(MEMBERS),
    'customers-associated/additional-data': ok({ additional_fields: [{ id: 1, slug: 'emergency', value: 'Layla Hassan' }, { id: 9, slug: 'activities', value: ['slides'] }] }),
    'file/save/data': ok({ files: [{ name: 'signature-1-12.png', path: '/api/v1/files/a.png', type: 'image/png', size: 8 }] }),
    ...routes,
  };
  const call = vi.fn(async (path: string, options: { body?: unknown; query?: Record<string, unknown> }): Promise<ApiResult<unknown>> => {
    const route = all[path];
    const answer = typeof route === 'function' ? route(options) : route;
    if (!answer) return { ok: false, status: 404, message: 'not found', body: null };
    return answer.ok ? { ok: true, status: 200, data: answer.data } : { ok: false, status: answer.status, message: answer.message, body: null };
  });
  return { api: { call, clearCache: () => {}, onUnauthorized: () => () => {} } as unknown as ApiClient, call };
}

/** The dialog reads only the terms texts and the religions of the venue's config. */
function config(overrides: Partial<Pick<SiteConfig, 'tnc' | 'ar_tnc' | 'religions'>> = {}): SiteConfig {
  return { tnc: '<p>Terms</p>', ar_tnc: null, religions: [], ...overrides } as SiteConfig;
}

/** Stand-ins for the shell and session actors: the dialog only reads their context. */
function portalWith(api: ApiClient, user: User | null, site = config()): Portal {
  const shell = createActor(createMachine({ context: { config: site } })).start();
  const session = createActor(createMachine({ context: { user, lastUpdated: null } })).start();
  return { api, shell, session } as unknown as Portal;
}

function renderDialog(options: { api?: ApiClient; user?: User | null; lang?: Lang; site?: SiteConfig; visitorCount?: number } = {}) {
  const onSubmit = vi.fn<(entries: VisitorEntry[]) => void>();
  const onClose = vi.fn();
  const api = options.api ?? fakeApi().api;
  render(
    <I18nextProvider i18n={createTestI18n(options.lang ?? 'en')}>
      <PortalProvider portal={portalWith(api, options.user === undefined ? USER : options.user, options.site)}>
        <VisitorDetailsDialog facilityName="Wave Pool" serviceId={3} visitorCount={options.visitorCount ?? 2} bookingDate="2025-03-14" onSubmit={onSubmit} onClose={onClose} />
      </PortalProvider>
    </I18nextProvider>,
  );
  return { onSubmit, onClose };
}

const section = (n: number) => screen.getByRole('region', { name: new RegExp(`^visitor ${n} details$`, 'i') });
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

async function fillRequired() {
  const first = section(1);
  type(within(first).getByLabelText(/Emirates ID/, { selector: 'input[name="id_proof_number"]' }), '784-1990-1234567-6');
  type(within(first).getByLabelText(/Emergency contact name/), 'Karim');
  fireEvent.pointerUp(within(first).getByTestId('signature-canvas'));
  const second = section(2);
  type(within(second).getByLabelText(/^Name/), 'Mariam Hassan');
  type(within(second).getByLabelText(/^Email/), 'mariam@example.com');
  type(within(second).getByLabelText(/^Mobile number/), '0552223344');
  type(within(second).getByLabelText(/Date of birth/), '2016-02-14');
  fireEvent.click(within(second).getByRole('radio', { name: 'Passport' }));
  type(within(second).getByLabelText(/^ID number/), 'P7654321');
  type(within(second).getByLabelText(/Emergency contact name/), 'Layla');
  fireEvent.pointerUp(within(second).getByTestId('signature-canvas'));
}

describe('VisitorDetailsDialog', () => {
  it('[S1-2.42] [S1-2.43] [S1-3.30] is titled for the facility with one section per visitor and every additional field type', async () => {
    renderDialog();
    expect(screen.getByRole('heading', { name: 'Wave Pool: visitor details' })).toBeTruthy();
    await screen.findByRole('region', { name: /visitor 1 details/i });
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['visitor 1 details', 'visitor 2 details']);
    const first = section(1);
    for (const label of ['Emergency contact name', 'Guardian Emirates ID', 'Guardian email', 'Last swimming lesson', 'T-shirt size', 'Country of residence', 'Medical conditions or allergies', 'Emergency contact number']) {
      expect(within(first).getByLabelText(new RegExp(label))).toBeTruthy();
    }
    expect(within(first).getByRole('group', { name: /Swimming ability/ })).toBeTruthy();
    expect(within(first).getByRole('group', { name: /Activities of interest/ })).toBeTruthy();
    expect(within(first).getByText('Medical certificate')).toBeTruthy();
    expect(within(first).getByRole('group', { name: 'Safety waiver' })).toBeTruthy();
  });

  it('[S1-3.29] [S1-3.26] [S1-3.25] shows the fields the config makes visible, the purpose of visit and both ID types', async () => {
    renderDialog();
    const first = await screen.findByRole('region', { name: /visitor 1 details/i });
    expect(within(first).getByLabelText(/Purpose of visit/)).toBeTruthy();
    expect(within(first).getByRole('option', { name: 'Leisure' })).toBeTruthy();
    expect(within(first).getByLabelText(/Nationality/)).toBeTruthy();
    expect(within(first).queryByLabelText(/Religion/)).toBeNull();
    expect(within(first).getByRole('radio', { name: 'Emirates Id' })).toBeTruthy();
    expect(within(first).getByRole('radio', { name: 'Passport' })).toBeTruthy();
  });

  it('[S1-5.11] [S1-5.12] [S1-5.13] prefills the first visitor from the user and locks what the profile holds', async () => {
    renderDialog();
    const first = await screen.findByRole('region', { name: /visitor 1 details/i });
    const name = within(first).getByLabelText(/^Name/) as HTMLInputElement;
    expect(name.value).toBe('Layla Hassan');
    expect(name.readOnly).toBe(true);
    expect((within(first).getByLabelText(/^Email/) as HTMLInputElement).readOnly).toBe(true);
    expect((within(first).getByLabelText(/^Mobile number/) as HTMLInputElement).value).toBe('501234567');
    expect((within(first).getByLabelText(/Date of birth/) as HTMLInputElement).readOnly).toBe(true);
    expect((within(first).getByRole('group', { name: /Gender/ }) as HTMLFieldSetElement).disabled).toBe(true);
    // Nationality is not on the session's profile, so it stays open.
    expect((within(first).getByLabelText(/Nationality/) as HTMLSelectElement).disabled).toBe(false);
    expect((within(section(2)).getByLabelText(/^Name/) as HTMLInputElement).readOnly).toBe(false);
  });

  it('[S1-3.32] [S1-9.24] substitutes the name and booking date in the disclaimer, with a 300 by 200 signature pad', async () => {
    renderDialog();
    const first = await screen.findByRole('region', { name: /visitor 1 details/i });
    expect(within(first).getByText('I, Layla Hassan, visit on Fri, 14 Mar 2025.')).toBeTruthy();
    const canvas = within(first).getByTestId('signature-canvas');
    expect(canvas.getAttribute('width')).toBe(String(SIGNATURE_WIDTH));
    expect(canvas.getAttribute('height')).toBe(String(SIGNATURE_HEIGHT));
    expect([SIGNATURE_WIDTH, SIGNATURE_HEIGHT]).toEqual([300, 200]);
    type(within(section(2)).getByLabelText(/^Name/), 'Mariam');
    expect(within(section(2)).getByText('I, Mariam, visit on Fri, 14 Mar 2025.')).toBeTruthy();
  });

  it('[S1-5.14] [S1-5.15] [S1-2.6] the terms agreement links to the terms in a new tab and gates Add to cart', async () => {
    renderDialog();
    await screen.findByRole('region', { name: /visitor 1 details/i });
    const submit = screen.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    const link = screen.getByRole('link', { name: /terms and conditions/ });
    expect(link.getAttribute('href')).toBe('/terms-and-conditions');
    expect(link.getAttribute('target')).toBe('_blank');
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    expect(submit.disabled).toBe(false);
  });

  it('[S1-5.15] without terms text there is no agreement and Add to cart is enabled', async () => {
    renderDialog({ site: config({ tnc: null, ar_tnc: null }) });
    await screen.findByRole('region', { name: /visitor 1 details/i });
    expect(screen.queryByRole('checkbox', { name: /I agree/ })).toBeNull();
    expect((screen.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('[S1-5.26] [S1-5.1] [S1-5.2] [S1-5.4] [S1-5.16] submitting incomplete shows \'Please fill all the required fields\' and each field\'s message', async () => {
    const { onSubmit } = renderDialog({ site: config({ tnc: null }) });
    await screen.findByRole('region', { name: /visitor 1 details/i });
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByRole('alert').textContent).toContain('Please fill all the required fields');
    const second = section(2);
    expect(within(second).getByText('Name is required')).toBeTruthy();
    expect(within(second).getByText('Email is required')).toBeTruthy();
    expect(within(second).getByText('Please enter valid mobile number')).toBeTruthy();
    expect(within(second).getByText('Date of birth is required')).toBeTruthy();
    expect(within(second).getByText('Emergency contact name is required')).toBeTruthy();
    expect(within(second).getByText('Safety waiver is required')).toBeTruthy();
    expect(within(section(1)).getByText('Please enter your Emirates ID')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('[S1-5.23] [S1-5.20] [S1-5.21] [S1-5.25] checks an Emirates ID on blur and an additional email on submit', async () => {
    renderDialog({ site: config({ tnc: null }) });
    const first = await screen.findByRole('region', { name: /visitor 1 details/i });
    const eid = within(first).getByLabelText(/Emirates ID/, { selector: 'input[name="id_proof_number"]' });
    type(eid, '784-1990-1234567-1');
    expect(within(first).queryByText('Emirates ID number is not valid.')).toBeNull();
    fireEvent.blur(eid);
    expect(within(first).getByText('Emirates ID number is not valid.')).toBeTruthy();
    const guardian = within(first).getByLabelText(/Guardian Emirates ID/);
    type(guardian, '123');
    fireEvent.blur(guardian);
    expect(within(first).getByText('Emirates ID format is incorrect.')).toBeTruthy();
    type(within(first).getByLabelText(/Guardian email/), 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(within(first).getByText('E-mail must be valid')).toBeTruthy();
  });

  it('[S1-5.24] refuses a file of another type before uploading; a valid file is uploaded and named', async () => {
    const { api, call } = fakeApi({ 'file/save/data': ok({ files: [{ name: 'cert.pdf', path: '/api/v1/files/c.pdf', type: 'application/pdf', size: 4 }] }) });
    renderDialog({ api });
    const first = await screen.findByRole('region', { name: /visitor 1 details/i });
    const input = within(first).getByLabelText('Medical certificate', { selector: 'input[type="file"]' });
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'photo.gif', { type: 'image/gif' })] } });
    expect(within(first).getByText('Invalid file type. Please upload a valid file type (jpeg, png, pdf)')).toBeTruthy();
    expect(call.mock.calls.some(([path]) => path === 'file/save/data')).toBe(false);
    fireEvent.change(input, { target: { files: [new File(['%PDF-'], 'cert.pdf', { type: 'application/pdf' })] } });
    expect(await within(first).findByText('Uploaded: cert.pdf')).toBeTruthy();
    const upload = call.mock.calls.find(([path]) => path === 'file/save/data');
    const body = upload?.[1].body as FormData;
    expect((body.get('preUpload[0]') as File).name).toBe('cert.pdf');
    expect(body.getAll('types[]')).toEqual(['application/pdf']);
  });

  it('[S1-3.28] a saved family member fills visitor 2, then their saved answers', async () => {
    const { api, call } = fakeApi();
    renderDialog({ api });
    await screen.findByRole('region', { name: /visitor 1 details/i });
    expect(within(section(1)).queryByLabelText(/Saved family member/)).toBeNull();
    fireEvent.change(within(section(2)).getByLabelText(/Saved family member/), { target: { value: '7' } });
    const second = section(2);
    expect((within(second).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Omar Hassan');
    await waitFor(() => expect((within(second).getByLabelText(/Emergency contact name/) as HTMLInputElement).value).toBe('Layla Hassan'));
    expect((within(second).getByRole('checkbox', { name: 'Water slides' }) as HTMLInputElement).checked).toBe(true);
    expect(call).toHaveBeenCalledWith('customers-associated/additional-data', expect.objectContaining({ query: { customerId: 7, product_type: 'facility' } }));
  });

  it('[S1-4.16] a complete form uploads the signatures as png and hands back one entry per visitor', async () => {
    const { api, call } = fakeApi({
      'file/save/data': ok({
        files: [
          { name: 'signature-1-12.png', path: '/api/v1/files/a.png', type: 'image/png', size: 8 },
          { name: 'signature-2-12.png', path: '/api/v1/files/b.png', type: 'image/png', size: 8 },
        ],
      }),
    });
    const { onSubmit } = renderDialog({ api });
    await screen.findByRole('region', { name: /visitor 1 details/i });
    await fillRequired();
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const entries = onSubmit.mock.calls[0]?.[0] ?? [];
    expect(entries.map((entry) => entry.name)).toEqual(['Layla Hassan', 'Mariam Hassan']);
    expect(entries[1]).toMatchObject({ mobile_number: '+971552223344', id_proof_type_id: 33, id_proof_number: 'P7654321' });
    expect(entries[0]?.additional_fields.find((field) => field.id === 12)).toMatchObject({ value: '/api/v1/files/a.png', content: 'I, Layla Hassan, visit on Fri, 14 Mar 2025.' });
    const upload = call.mock.calls.find(([path]) => path === 'file/save/data');
    const body = upload?.[1].body as FormData;
    expect((body.get('preUpload[0]') as File).type).toBe('image/png');
    expect(body.getAll('types[]')).toEqual(['image/png', 'image/png']);
  });

  it('a failed upload on submit shows the server message and keeps everything typed', async () => {
    const { api } = fakeApi({ 'file/save/data': { ok: false, status: 413, message: 'The file is too large. The maximum size is 5 MB.' } });
    const { onSubmit } = renderDialog({ api, site: config({ tnc: null }) });
    await screen.findByRole('region', { name: /visitor 1 details/i });
    await fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('The file is too large. The maximum size is 5 MB.')).toBeTruthy();
    expect((within(section(2)).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Mariam Hassan');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a form that cannot be loaded says so and tries again', async () => {
    let attempts = 0;
    const { api } = fakeApi({
      'facilities/fieldConfig': () => {
        attempts += 1;
        return attempts === 1 ? { ok: false, status: 0, message: '' } : ok(FIELD_CONFIG);
      },
    });
    renderDialog({ api });
    expect(await screen.findByText('The visitor form could not be loaded.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    expect(await screen.findByRole('region', { name: /visitor 1 details/i })).toBeTruthy();
  });

  it('[S1-5.27] without a logged-in user it says \'Please Login!\'; Close closes', async () => {
    const { onClose } = renderDialog({ user: null });
    expect(screen.getByRole('alert').textContent).toContain('Please Login!');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('[S1-2.43] [S1-3.32] in Arabic: headings, labels, the disclaimer and the messages', async () => {
    renderDialog({ lang: 'ar', site: config({ tnc: null }) });
    expect(screen.getByRole('heading', { name: 'Wave Pool: بيانات الزوار' })).toBeTruthy();
    const first = await screen.findByRole('region', { name: 'بيانات الزائر 1' });
    expect(within(first).getByLabelText(/اسم جهة الاتصال للطوارئ/)).toBeTruthy();
    expect(within(first).getByRole('option', { name: 'ترفيه' })).toBeTruthy();
    expect(within(first).getAllByRole('option', { name: 'الإمارات العربية المتحدة' }).length).toBeGreaterThan(0);
    expect(within(first).getByText(/أنا Layla Hassan أزور في/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'أضف إلى السلة' }));
    expect(screen.getByRole('alert').textContent).toContain('يرجى تعبئة جميع الحقول المطلوبة');
    expect(within(first).getByText('حقل إقرار السلامة مطلوب')).toBeTruthy();
    expect(within(first).getByText('حقل اسم جهة الاتصال للطوارئ مطلوب')).toBeTruthy();
  });
});

describe('VisitorDetailsDialog: passport details and booking reason', () => {
  const withReason = () =>
    fakeApi({
      'facilities/fieldConfig': ok({ ...FIELD_CONFIG, booking_reason: { is_visible: 1, is_required: 0 } }),
      'file/save/data': ok({
        files: [
          { name: 'signature-1-12.png', path: '/api/v1/files/a.png', type: 'image/png', size: 8 },
          { name: 'signature-2-12.png', path: '/api/v1/files/b.png', type: 'image/png', size: 8 },
        ],
      }),
    });

  it('a passport asks for its issue date, place of birth and expiry; an Emirates ID for its expiry only', async () => {
    renderDialog({ api: withReason().api });
    const second = await screen.findByRole('region', { name: /visitor 2 details/i });
    expect(within(second).getByLabelText(/ID expiry date/)).toBeTruthy();
    expect(within(second).queryByLabelText(/Passport issue date/)).toBeNull();
    fireEvent.click(within(second).getByRole('radio', { name: 'Passport' }));
    expect(within(second).getByLabelText(/Passport issue date/).getAttribute('max')).toBe('2025-03-14');
    expect(within(second).getByLabelText(/Place of birth/).getAttribute('maxlength')).toBe('100');
    expect(within(second).getByLabelText(/ID expiry date/).getAttribute('min')).toBe('2025-03-14');
    expect(within(second).getByLabelText(/Booking reason/).getAttribute('maxlength')).toBe('500');
  });

  it('an expiry not after the issue date is refused on submit, keeping what was typed; a valid one reaches the entry', async () => {
    const { onSubmit } = renderDialog({ api: withReason().api, site: config({ tnc: null }) });
    await screen.findByRole('region', { name: /visitor 1 details/i });
    await fillRequired();
    const second = section(2);
    type(within(second).getByLabelText(/Passport issue date/), '2025-03-14');
    type(within(second).getByLabelText(/ID expiry date/), '2025-03-13');
    type(within(second).getByLabelText(/Place of birth/), 'Muscat');
    type(within(second).getByLabelText(/Booking reason/), 'Swimming lessons');
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(within(second).getByText('The ID has expired. Please enter a valid document')).toBeTruthy();
    type(within(second).getByLabelText(/ID expiry date/), '2025-03-14');
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(within(second).getByText('The ID expiry date must be after the passport issue date')).toBeTruthy();
    expect((within(second).getByLabelText(/Place of birth/) as HTMLInputElement).value).toBe('Muscat');
    expect(onSubmit).not.toHaveBeenCalled();
    type(within(second).getByLabelText(/ID expiry date/), '2034-05-31');
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0][1]).toMatchObject({
      id_proof_type_id: 33,
      passport_issue_date: '2025-03-14',
      expiry_date: '2034-05-31',
      place_of_birth: 'Muscat',
      booking_reason: 'Swimming lessons',
    });
  });

  it('shows the new labels in Arabic', async () => {
    renderDialog({ api: withReason().api, lang: 'ar' });
    const second = await screen.findByRole('region', { name: /الزائر 2|2/ });
    fireEvent.click(within(second).getByRole('radio', { name: 'جواز السفر' }));
    for (const label of ['تاريخ إصدار جواز السفر', 'مكان الميلاد', 'تاريخ انتهاء الهوية', 'سبب الحجز']) expect(within(second).getByLabelText(new RegExp(label))).toBeTruthy();
  });
});

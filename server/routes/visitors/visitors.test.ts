import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  additionalDataResponse,
  customerTagsResponse,
  familyMembersResponse,
  fieldConfigResponse,
  fileSaveResponse,
} from '../../../src/domain/contract/visitors';
import { errorBody } from '../../../src/domain/contract/envelope';
import { issueToken, SESSION_TTL_SECONDS } from '../../auth/tokens';
import { customers } from '../../db/schema/accounts';
import { venueServices } from '../../db/schema/facilities';
import { venues } from '../../db/schema/venue';
import { customerAdditionalData, familyMembers, uploadedFiles } from '../../db/schema/visitors';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { AQUA_PARK_FIELD_CONFIG, BASIC_FIELD_CONFIG, DEMO_COUNTRIES, DEMO_CUSTOMER_TAGS, DEMO_FAMILY, FULL_FIELD_SERVICE_NAME } from '../../seed/visitors';
import { DEMO_ARABIC_MEMBER } from '../../seed/profiles';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { FILE_MESSAGES, sniffUploadType, UPLOAD_MAX_BYTES } from './files';

const NOW = new Date('2025-03-10T08:00:00Z');
let t: TestApp;
let uploadsDir: string;
let layla: { id: number; token: string };
let ahmedToken: string;
let fullServiceId: number;
let bareServiceId: number;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');

async function tokenFor(email: string): Promise<{ id: number; token: string }> {
  const [row] = await t.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email)).limit(1);
  if (!row) throw new Error(`no customer ${email}`);
  return { id: row.id, token: await issueToken(t.db, row.id, SESSION_TTL_SECONDS, NOW) };
}

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: token ? { authorization: `Bearer ${token}` } : {} });

type FilePart = { field: string; filename: string; contentType: string; content: Buffer };

function multipartBody(files: FilePart[], fields: [string, string][] = []) {
  const boundary = '----visitors-test-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(files: FilePart[], fields: [string, string][] = [], token: string | null = layla.token) {
  const body = multipartBody(files, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/file/save/data',
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

function refusal(response: { statusCode: number; json: () => unknown; body: string }, statusCode: number) {
  expect(response.statusCode, response.body).toBe(statusCode);
  return errorBody.parse(response.json()).message;
}

beforeAll(async () => {
  uploadsDir = await mkdtemp(join(tmpdir(), 'visitor-uploads-'));
  t = await createTestApp({ now: () => NOW, uploadsDir });
  layla = await tokenFor(DEMO_ACCOUNTS.customer.email);
  ahmedToken = (await tokenFor(DEMO_ACCOUNTS.member.email)).token;
  const [venue] = await t.db.select({ id: venues.id }).from(venues).limit(1);
  if (!venue) throw new Error('no demo venue');
  // Services of their own, so these tests do not depend on which services the facilities seed happens to create.
  const [full, bare] = await t.db
    .insert(venueServices)
    .values([
      { venueId: venue.id, name: 'Visitor test pool', perCapacity: true, fieldConfig: AQUA_PARK_FIELD_CONFIG },
      { venueId: venue.id, name: 'Visitor test pitches', fieldConfig: null },
    ])
    .returning({ id: venueServices.id });
  if (!full || !bare) throw new Error('services not created');
  fullServiceId = full.id;
  bareServiceId = bare.id;
});

afterAll(async () => {
  await t.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

describe('GET facilities/fieldConfig', () => {
  it('[S1-7.13] [S1-3.29] [S1-3.30] answers the service\'s visibility config, its additional fields and the countries', async () => {
    const response = await get(`facilities/fieldConfig?venue_service_id=${fullServiceId}`);
    expect(response.statusCode, response.body).toBe(200);
    const config = fieldConfigResponse.parse(response.json()).data;
    expect(config.dob).toEqual({ is_visible: 1, is_required: 1 });
    expect(config.id).toEqual({ is_visible: 1, is_required: 1 });
    expect(config.religion).toEqual({ is_visible: 0, is_required: 0 });
    expect(new Set(config.additional_fields.map((field) => field.type))).toEqual(
      new Set(['text_box', 'emirates_id', 'email', 'date', 'radio_buttons', 'drop_down', 'country', 'file', 'check_boxes', 'text_area', 'phone_number', 'disclaimer_form']),
    );
    const disclaimer = config.additional_fields.find((field) => field.type === 'disclaimer_form');
    expect(disclaimer?.content).toContain('{customer_name}');
    expect(disclaimer?.content).toContain('{booking_date}');
    expect(config.countries[0]).toMatchObject({ name: 'United Arab Emirates', ar_name: 'الإمارات العربية المتحدة' });
    expect(config.countries).toHaveLength(DEMO_COUNTRIES.length);
  });

  it('[S0-3.14] [S0-3.15] each country has its ISO codes and dialling code; currencies only for the Gulf, Pakistan, the UK and the US', async () => {
    const { countries } = fieldConfigResponse.parse((await get(`facilities/fieldConfig?venue_service_id=${fullServiceId}`)).json()).data;
    expect(countries.find((country) => country.iso_2 === 'AE')).toMatchObject({
      name: 'United Arab Emirates',
      iso_3: 'ARE',
      dialling_code: '971',
      currency_name: 'UAE Dirham',
      currency_code: 'AED',
      currency_symbol: 'د.إ',
    });
    for (const country of countries) {
      expect(country.iso_2, country.name).toMatch(/^[A-Z]{2}$/);
      expect(country.iso_3, country.name).toMatch(/^[A-Z]{3}$/);
      expect(country.dialling_code, country.name).toMatch(/^\d{1,4}$/);
    }
    const withCurrency = countries.filter((country) => country.currency_code).map((country) => country.iso_2);
    expect(withCurrency.sort()).toEqual(['AE', 'BH', 'GB', 'KW', 'OM', 'PK', 'QA', 'SA', 'US']);
    expect(new Set(countries.map((country) => country.iso_2)).size).toBe(countries.length);
  });

  it('[S1-7.13] a service without a config asks for nothing: every field hidden, no additional fields', async () => {
    const config = fieldConfigResponse.parse((await get(`facilities/fieldConfig?venue_service_id=${bareServiceId}`)).json()).data;
    for (const field of ['dob', 'nationality', 'id', 'religion', 'tag', 'gender'] as const) expect(config[field].is_visible).toBe(0);
    expect(config.additional_fields).toEqual([]);
    expect(config.countries.length).toBeGreaterThan(0);
  });

  it('[S1-7.13] the demo seed asks everything in the Aqua Park, a little in other ticket services, nothing for pitches', async () => {
    const services = await t.db.select({ name: venueServices.name, perCapacity: venueServices.perCapacity, fieldConfig: venueServices.fieldConfig }).from(venueServices);
    const seeded = services.filter((service) => !service.name.startsWith('Visitor test'));
    const aquaPark = seeded.find((service) => service.name === FULL_FIELD_SERVICE_NAME);
    expect(aquaPark?.fieldConfig).toEqual(AQUA_PARK_FIELD_CONFIG);
    for (const service of seeded.filter((each) => each.name !== FULL_FIELD_SERVICE_NAME)) {
      expect(service.fieldConfig, service.name).toEqual(service.perCapacity ? BASIC_FIELD_CONFIG : null);
    }
  });

  it('[S1-7.13] refuses a missing id (400) and answers 404 for a service of no venue', async () => {
    expect(refusal(await get('facilities/fieldConfig'), 400)).toContain('venue_service_id');
    expect(refusal(await get('facilities/fieldConfig?venue_service_id=999999'), 404)).toBe('Service not found');
  });
});

describe('GET customers/all-tags', () => {
  it('[S1-7.17] [S1-3.26] lists the venue\'s purpose-of-visit tags in English and Arabic', async () => {
    const tags = customerTagsResponse.parse((await get('customers/all-tags')).json()).data;
    expect(tags.map((tag) => tag.name)).toEqual(DEMO_CUSTOMER_TAGS.map((tag) => tag.name));
    expect(tags[0]).toMatchObject({ name: 'Leisure', ar_name: 'ترفيه' });
  });
});

describe('GET customers-associated', () => {
  it('[S1-7.18] [S1-3.28] lists the logged-in customer\'s family members', async () => {
    const members = familyMembersResponse.parse((await get('customers-associated', layla.token)).json()).data;
    expect(members.map((member) => `${member.first_name} ${member.last_name}`)).toEqual(['Omar Hassan', 'Mariam Hassan', `${DEMO_ARABIC_MEMBER.firstName} ${DEMO_ARABIC_MEMBER.lastName}`]);
    expect(members[0]).toMatchObject({ is_icp_down: 0, gender: 'Male', id_proof_type_id: 32, id_proof_number: '784-2012-1234567-8' });
    expect(members[0]?.customer_id).toBeGreaterThan(0);
  });

  it('[S1-7.18] needs a login (401 \'Please Login!\'); another customer sees only their own (none)', async () => {
    expect(refusal(await get('customers-associated'), 401)).toBe('Please Login!');
    expect(familyMembersResponse.parse((await get('customers-associated', ahmedToken)).json()).data).toEqual([]);
  });
});

describe('GET customers-associated/additional-data', () => {
  async function member(firstName: string) {
    const [row] = await t.db.select({ id: familyMembers.memberId }).from(familyMembers).where(eq(familyMembers.firstName, firstName)).limit(1);
    if (!row) throw new Error(`no member ${firstName}`);
    return row.id;
  }

  it('[S1-7.19] [S1-3.33] [S0-3.27] answers a family member\'s saved answers for the product type; check box values are lists', async () => {
    const omar = await member(DEMO_FAMILY.withSavedData.firstName);
    const response = await get(`customers-associated/additional-data?customerId=${omar}&product_type=facility`, layla.token);
    const fields = additionalDataResponse.parse(response.json()).data.additional_fields;
    expect(fields.find((field) => field.slug === 'swimming_ability')?.value).toBe('intermediate');
    expect(fields.find((field) => field.slug === 'activities')?.value).toEqual(['slides', 'lazy_river']);
    const otherType = await get(`customers-associated/additional-data?customerId=${omar}&product_type=event`, layla.token);
    expect(additionalDataResponse.parse(otherType.json()).data.additional_fields).toEqual([]);
  });

  it('[S1-7.19] answers the customer\'s own saved answers, and nothing for a member without any', async () => {
    const [karim] = await t.db.insert(customers).values({ firstName: 'Karim', lastName: 'Aziz', email: 'karim.aziz@example.com', mobile: '+971509990000' }).returning({ id: customers.id });
    if (!karim) throw new Error('customer not created');
    const karimToken = await issueToken(t.db, karim.id, SESSION_TTL_SECONDS, NOW);
    await t.db.insert(customerAdditionalData).values({ customerId: karim.id, productType: 'facility', fields: [{ id: 1, slug: 'emergency_contact_name', value: 'Huda' }] });
    const own = additionalDataResponse.parse((await get(`customers-associated/additional-data?customerId=${karim.id}`, karimToken)).json());
    expect(own.data.additional_fields).toEqual([{ id: 1, slug: 'emergency_contact_name', value: 'Huda' }]);
    const mariam = await member(DEMO_FAMILY.withoutSavedData.firstName);
    const none = additionalDataResponse.parse((await get(`customers-associated/additional-data?customerId=${mariam}`, layla.token)).json());
    expect(none.data.additional_fields).toEqual([]);
  });

  it('[S1-7.19] refuses without a login, for someone else\'s family (404) and without a customerId (400)', async () => {
    const omar = await member(DEMO_FAMILY.withSavedData.firstName);
    expect(refusal(await get(`customers-associated/additional-data?customerId=${omar}`), 401)).toBe('Please Login!');
    expect(refusal(await get(`customers-associated/additional-data?customerId=${omar}`, ahmedToken), 404)).toBe('Customer not found');
    expect(refusal(await get('customers-associated/additional-data', layla.token), 400)).toContain('customerId');
  });
});

describe('POST file/save/data', () => {
  it('[S1-7.26] [S1-5.24] [S1-9.16] stores jpeg, png and pdf under generated names and serves them back', async () => {
    const response = await upload(
      [
        { field: 'preUpload[0]', filename: 'signature.png', contentType: 'image/png', content: PNG },
        { field: 'preUpload[1]', filename: '../../etc/passport.jpg', contentType: 'image/jpeg', content: JPEG },
        { field: 'preUpload[2]', filename: 'certificate.pdf', contentType: 'application/pdf', content: PDF },
      ],
      [
        ['types[]', 'image/png'],
        ['types[]', 'image/jpeg'],
        ['types[]', 'application/pdf'],
      ],
    );
    expect(response.statusCode, response.body).toBe(200);
    const { files } = fileSaveResponse.parse(response.json()).data;
    expect(files.map((file) => [file.name, file.type, file.size])).toEqual([
      ['signature.png', 'image/png', PNG.length],
      ['passport.jpg', 'image/jpeg', JPEG.length],
      ['certificate.pdf', 'application/pdf', PDF.length],
    ]);
    for (const file of files) expect(file.path).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}\.(png|jpg|pdf)$/);
    const stored = await readdir(uploadsDir);
    expect(stored).toHaveLength(3);
    expect(await t.db.select().from(uploadedFiles)).toHaveLength(3);

    // Read back by its uploader: uploads are no one else's to read (issue 13, finding 7).
    const served = await t.app.inject({ method: 'GET', url: files[0]?.path ?? '', headers: { authorization: `Bearer ${layla.token}` } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('[S1-5.24] [S1-9.16] refuses a file whose bytes are not jpeg, png or pdf, whatever its name and declared type', async () => {
    const before = (await readdir(uploadsDir)).length;
    const response = await upload([{ field: 'preUpload[0]', filename: 'photo.png', contentType: 'image/png', content: Buffer.from('<html><script>alert(1)</script>') }]);
    expect(refusal(response, 422)).toBe('Invalid file type. Please upload a valid file type (jpeg, png, pdf)');
    expect(FILE_MESSAGES.invalidType).toBe('Invalid file type. Please upload a valid file type (jpeg, png, pdf)');
    expect((await readdir(uploadsDir)).length).toBe(before);
  });

  it('[S1-7.26] refuses a file over 5 MB with a clear message, and stores nothing', async () => {
    const before = (await readdir(uploadsDir)).length;
    const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_MAX_BYTES)]);
    const response = await upload([{ field: 'preUpload[0]', filename: 'huge.png', contentType: 'image/png', content: big }]);
    expect(refusal(response, 413)).toBe('The file is too large. The maximum size is 5 MB.');
    expect((await readdir(uploadsDir)).length).toBe(before);
  });

  it('[S1-7.26] needs a login, a file, and the preUpload field names', async () => {
    expect(refusal(await upload([{ field: 'preUpload[0]', filename: 'a.png', contentType: 'image/png', content: PNG }], [], null), 401)).toBe('Please Login!');
    expect(refusal(await upload([], [['types[]', 'image/png']]), 400)).toBe(FILE_MESSAGES.noFile);
    expect(refusal(await upload([{ field: 'avatar', filename: 'a.png', contentType: 'image/png', content: PNG }]), 400)).toBe(FILE_MESSAGES.unexpectedField);
  });

  it('[S1-7.26] serves only stored names: unknown or path-like names are 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/files/00000000-0000-0000-0000-000000000000.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/files/..%2F..%2Fpackage.json' })).statusCode).toBe(404);
  });

  it('[S1-9.16] recognises the three types by their first bytes', () => {
    expect(sniffUploadType(PNG)?.mime).toBe('image/png');
    expect(sniffUploadType(JPEG)?.mime).toBe('image/jpeg');
    expect(sniffUploadType(PDF)?.mime).toBe('application/pdf');
    expect(sniffUploadType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffUploadType(Buffer.alloc(0))).toBeNull();
  });
});

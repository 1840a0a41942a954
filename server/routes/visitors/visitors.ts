import { and, asc, eq } from 'drizzle-orm';
import { type FastifyPluginAsync } from 'fastify';
import {
  additionalDataCall,
  additionalDataQuery,
  additionalDataResponse,
  customerTagsCall,
  customerTagsResponse,
  familyMembersCall,
  familyMembersResponse,
  fieldConfigCall,
  fieldConfigQuery,
  fieldConfigResponse,
  type FamilyMember,
  type FieldVisibility,
} from '../../../src/domain/contract/visitors';
import { venueServices, type ServiceFieldConfig } from '../../db/schema/facilities';
import { customerAdditionalData, customerTags, familyMembers } from '../../db/schema/visitors';
import { type AppContext } from '../../http/context';
import { HttpError, notFound } from '../../http/errors';
import { parseInput, sendParsed } from '../../http/validation';
import { requireVenue } from '../../http/venue';
import { loginFirst, requireCustomer } from '../../http/auth';
import { DEFAULT_UPLOADS_DIR, visitorFileRoutes } from './files';
import { listCountries } from './countries';
import { serve } from '../../http/serve';

const HIDDEN: FieldVisibility = { is_visible: 0, is_required: 0 };

/** A service that asks for nothing extra: every optional field hidden, no additional fields. */
export const NO_FIELD_CONFIG: ServiceFieldConfig = {
  dob: HIDDEN,
  nationality: HIDDEN,
  id: HIDDEN,
  religion: HIDDEN,
  tag: HIDDEN,
  gender: HIDDEN,
  additional_fields: [],
};

const DEFAULT_PRODUCT_TYPE = 'facility';

export const toFamilyMember = (row: typeof familyMembers.$inferSelect): FamilyMember => ({
  customer_id: row.memberId,
  first_name: row.firstName,
  last_name: row.lastName,
  profile_image_url: row.profileImageUrl,
  is_icp_down: row.isIcpDown ? 1 : 0,
  email: row.email,
  mobile: row.mobile,
  country_code: row.countryCode,
  dob: row.dob,
  gender: row.gender,
  nationality: row.nationality,
  id_proof_type_id: row.idProofTypeId === 32 || row.idProofTypeId === 33 ? row.idProofTypeId : null,
  id_proof_number: row.idProofNumber,
});

export type VisitorRoutesOptions = AppContext & { uploadsDir?: string };

/**
 * The visitor-details calls: the service's field configuration with the country list, the purpose-of-visit tags,
 * the customer's saved family members and their saved answers, and file uploads.
 */
export const visitorRoutes: FastifyPluginAsync<VisitorRoutesOptions> = async (app, { uploadsDir = DEFAULT_UPLOADS_DIR, ...context }) => {
  const { db } = context;

  serve(app, fieldConfigCall, async (request, reply) => {
    const { venue_service_id } = parseInput(fieldConfigQuery, request.query, 'query');
    const venue = await requireVenue(db, request);
    const [service] = await db
      .select({ fieldConfig: venueServices.fieldConfig })
      .from(venueServices)
      .where(and(eq(venueServices.id, venue_service_id), eq(venueServices.venueId, venue.id)))
      .limit(1);
    if (!service) throw notFound('Service not found');
    return sendParsed(reply, fieldConfigResponse, {
      status: true,
      data: {
        ...(service.fieldConfig ?? NO_FIELD_CONFIG),
        countries: await listCountries(db),
      },
    });
  });

  serve(app, customerTagsCall, async (request, reply) => {
    const venue = await requireVenue(db, request);
    const tags = await db.select().from(customerTags).where(eq(customerTags.venueId, venue.id)).orderBy(asc(customerTags.id));
    return sendParsed(reply, customerTagsResponse, {
      status: true,
      data: tags.map((tag) => ({ id: tag.id, name: tag.name, ar_name: tag.arName })),
    });
  });

  serve(app, familyMembersCall, async (request, reply) => {
    const customer = requireCustomer(request);
    const members = await db.select().from(familyMembers).where(eq(familyMembers.ownerId, customer.id)).orderBy(asc(familyMembers.id));
    return sendParsed(reply, familyMembersResponse, { status: true, data: members.map(toFamilyMember) });
  }, { onRequest: loginFirst });

  serve(app, additionalDataCall, async (request, reply) => {
    const customer = requireCustomer(request);
    const { customerId, product_type = DEFAULT_PRODUCT_TYPE } = parseInput(additionalDataQuery, request.query, 'query');
    if (customerId !== customer.id) {
      const [member] = await db
        .select({ id: familyMembers.id })
        .from(familyMembers)
        .where(and(eq(familyMembers.memberId, customerId), eq(familyMembers.ownerId, customer.id)))
        .limit(1);
      // Someone else's family is answered like a stranger: the caller learns nothing about who exists.
      if (!member) throw new HttpError(404, 'Customer not found');
    }
    const [saved] = await db
      .select({ fields: customerAdditionalData.fields })
      .from(customerAdditionalData)
      .where(and(eq(customerAdditionalData.customerId, customerId), eq(customerAdditionalData.productType, product_type)))
      .limit(1);
    return sendParsed(reply, additionalDataResponse, { status: true, data: { additional_fields: saved?.fields ?? [] } });
  }, { onRequest: loginFirst });

  await app.register(visitorFileRoutes, { ...context, uploadsDir });
};

import type { ApiClient } from './client';
import {
  additionalDataCall,
  additionalDataResponse,
  customerTagsCall,
  customerTagsResponse,
  familyMembersCall,
  familyMembersResponse,
  fieldConfigCall,
  fieldConfigResponse,
  fileSaveCall,
  fileSaveResponse,
} from '../domain/contract/visitors';

/** GET facilities/fieldConfig: a service's visitor fields and the country list; kept for the visit. */
export function getFieldConfig(api: ApiClient, serviceId: number) {
  return api.call(fieldConfigCall.path(), { method: fieldConfigCall.method, query: { venue_service_id: serviceId }, schema: fieldConfigResponse, cache: true });
}

/** GET customers/all-tags: the 'Purpose of visit' choices; kept for the visit. */
export function getCustomerTags(api: ApiClient) {
  return api.call(customerTagsCall.path(), { method: customerTagsCall.method, schema: customerTagsResponse, cache: true });
}

/** GET customers-associated: the logged-in customer's saved family members (bearer). */
export function getFamilyMembers(api: ApiClient) {
  return api.call(familyMembersCall.path(), { method: familyMembersCall.method, schema: familyMembersResponse });
}

/** GET customers-associated/additional-data: the answers saved for the customer or one of their family members. */
export function getAdditionalData(api: ApiClient, customerId: number, productType = 'facility') {
  return api.call(additionalDataCall.path(), { method: additionalDataCall.method, query: { customerId, product_type: productType }, schema: additionalDataResponse });
}

export type UploadFile = { blob: Blob; name: string };

/** POST file/save/data: multipart, each file as preUpload[i] with its type in types[]. */
export function saveFiles(api: ApiClient, files: readonly UploadFile[]) {
  const form = new FormData();
  files.forEach((file, index) => {
    form.append(`preUpload[${index}]`, file.blob, file.name);
    form.append('types[]', file.blob.type);
  });
  return api.call(fileSaveCall.path(), { method: fileSaveCall.method, body: form, schema: fileSaveResponse });
}

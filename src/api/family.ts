import { messageResponse } from '../domain/contract/auth';
import {
  familyAddCall,
  familyEditCall,
  familyEntryResponse,
  familyImageCall,
  familyImageRemoveCall,
  familyImageResponse,
  familyListCall,
  familyListResponse,
  familyMemberRequest,
  familyRemoveCall,
  type FamilyMemberRequest,
} from '../domain/contract/family';
import { post, refusedLocally } from './auth';
import { type ApiClient } from './client';

/** GET customers/family?page: personal, never kept. */
export function getFamily(api: ApiClient, page: number) {
  return api.call(familyListCall.path(), { method: familyListCall.method, query: { page }, schema: familyListResponse });
}

export function addFamilyMember(api: ApiClient, body: FamilyMemberRequest) {
  return post(api, familyAddCall, familyMemberRequest, body, familyEntryResponse);
}

export function editFamilyMember(api: ApiClient, memberId: number, body: FamilyMemberRequest) {
  const parsed = familyMemberRequest.safeParse(body);
  if (!parsed.success) return Promise.resolve(refusedLocally(parsed.error.issues));
  return api.call(familyEditCall.path({ id: memberId }), { method: familyEditCall.method, body: parsed.data, schema: familyEntryResponse });
}

/** DELETE customers/family/:id; without `confirmUpcoming` a member with upcoming bookings answers 409. */
export function removeFamilyMember(api: ApiClient, memberId: number, confirmUpcoming: boolean) {
  return api.call(familyRemoveCall.path({ id: memberId }), {
    method: familyRemoveCall.method,
    query: confirmUpcoming ? { confirm_upcoming: '1' } : {},
    schema: messageResponse,
  });
}

/** POST customers/family/:id/image: the member's new photo (multipart, one file `image`). */
export function uploadFamilyImage(api: ApiClient, memberId: number, image: File) {
  const form = new FormData();
  form.append('image', image);
  return api.call(familyImageCall.path({ id: memberId }), { method: familyImageCall.method, body: form, schema: familyImageResponse });
}

/** DELETE customers/family/:id/image: the member has no photo any more. */
export function removeFamilyImage(api: ApiClient, memberId: number) {
  return api.call(familyImageRemoveCall.path({ id: memberId }), { method: familyImageRemoveCall.method, schema: familyImageResponse });
}

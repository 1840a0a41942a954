import {
  contactCodeCall,
  contactCodeRequest,
  contactCodeResponse,
  contactConfirmCall,
  contactConfirmRequest,
  passwordChangeCall,
  passwordChangeRequest,
  profileChangeResponse,
  profileChoicesCall,
  profileChoicesResponse,
  profileDetailsCall,
  profileDetailsResponse,
  profileImageCall,
  profileImageRemoveCall,
  profileUpdateCall,
  profileUpdateRequest,
  verifyCodeCall,
  verifyCodeRequest,
  verifyConfirmCall,
  verifyConfirmRequest,
  type ContactCodeRequest,
  type ContactConfirmRequest,
  type PasswordChangeRequest,
  type ProfileUpdateRequest,
  type VerifyCodeRequest,
  type VerifyConfirmRequest,
} from '../domain/contract/profile';
import { messageResponse } from '../domain/contract/auth';
import { post } from './auth';
import { type ApiClient } from './client';

/** GET customers/profile/details: personal, so never kept (no `cache`). */
export function getProfileDetails(api: ApiClient) {
  return api.call(profileDetailsCall.path(), { method: profileDetailsCall.method, schema: profileDetailsResponse });
}

/** GET customers/profile/choices: the venue's countries, religions and customer tags, the same for everyone. */
export function getProfileChoices(api: ApiClient) {
  return api.call(profileChoicesCall.path(), { method: profileChoicesCall.method, schema: profileChoicesResponse, cache: true });
}

export function updateProfile(api: ApiClient, body: ProfileUpdateRequest) {
  return post(api, profileUpdateCall, profileUpdateRequest, body, profileChangeResponse);
}

export function requestContactCode(api: ApiClient, body: ContactCodeRequest) {
  return post(api, contactCodeCall, contactCodeRequest, body, contactCodeResponse);
}

export function confirmContactCode(api: ApiClient, body: ContactConfirmRequest) {
  return post(api, contactConfirmCall, contactConfirmRequest, body, profileChangeResponse);
}

/** POST customers/profile/image as multipart, the file under `image`. */
export function uploadProfileImage(api: ApiClient, image: File) {
  const form = new FormData();
  form.append('image', image);
  return api.call(profileImageCall.path(), { method: profileImageCall.method, body: form, schema: profileChangeResponse });
}

export function changePassword(api: ApiClient, body: PasswordChangeRequest) {
  return post(api, passwordChangeCall, passwordChangeRequest, body, messageResponse);
}

export function requestVerificationCode(api: ApiClient, body: VerifyCodeRequest) {
  return post(api, verifyCodeCall, verifyCodeRequest, body, contactCodeResponse);
}

export function confirmVerification(api: ApiClient, body: VerifyConfirmRequest) {
  return post(api, verifyConfirmCall, verifyConfirmRequest, body, profileChangeResponse);
}

export function removeProfileImage(api: ApiClient) {
  return api.call(profileImageRemoveCall.path(), { method: profileImageRemoveCall.method, schema: profileChangeResponse });
}

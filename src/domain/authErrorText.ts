import english from '../i18n/locales/en/account.json';
import { type AuthErrorCode, type AuthErrorParams } from './contract/auth';

/**
 * The English text the screens show for a reason code (account:serverErrors), placeholders filled. The server
 * answers the same words; its tests compare the two so that they cannot drift.
 */
export function authErrorText(code: AuthErrorCode, params: AuthErrorParams = {}): string {
  return english.serverErrors[code].replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export type AuthNotice = keyof typeof english.serverNotices;

/** The English of a notice the account calls answer with (a code was sent); the screens translate it by key. */
export function authNoticeText(notice: AuthNotice): string {
  return english.serverNotices[notice];
}

/** Which notice a server message is, when it is one of ours; another server's own words stay as they are. */
export function authNoticeOf(message: string): AuthNotice | null {
  const notices = Object.keys(english.serverNotices) as AuthNotice[];
  return notices.find((notice) => english.serverNotices[notice] === message) ?? null;
}

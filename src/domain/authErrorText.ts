import english from '../i18n/locales/en/account.json';
import { type AuthErrorCode, type AuthErrorParams } from './contract/auth';

/**
 * The English text the screens show for a reason code (account:serverErrors), placeholders filled. The server
 * answers the same words; its tests compare the two so that they cannot drift.
 */
export function authErrorText(code: AuthErrorCode, params: AuthErrorParams = {}): string {
  return english.serverErrors[code].replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

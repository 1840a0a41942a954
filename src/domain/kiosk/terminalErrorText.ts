import english from '../../i18n/locales/en/kiosk.json';
import { type TerminalErrorCode, type TerminalErrorParams } from '../contract/terminals';

/**
 * The English text of a terminal refusal (kiosk:serverErrors), placeholders filled. The server answers these words
 * with the code, and the staff screens say the same in the visitor's language from the code.
 */
export function terminalErrorText(code: TerminalErrorCode, params: TerminalErrorParams = {}): string {
  return english.serverErrors[code].replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

import accountEnglish from '../../i18n/locales/en/account.json';
import english from '../../i18n/locales/en/leads.json';

export type LeadServerMessage = keyof typeof english.serverMessages;

/**
 * The English of a message the lead calls answer with. The server takes it from the very file the screens
 * translate (leads:serverMessages), so a screen can recognise it and show it in the visitor's language.
 */
export function leadServerText(message: LeadServerMessage): string {
  return english.serverMessages[message];
}

/** The captcha refusals the lead call shares with the account calls (account:serverErrors). */
const SHARED_ERRORS = ['captcha_failed', 'captcha_unavailable'] as const;

/**
 * The translation key ('namespace:path') of a message the lead call answers with, or null for any other text,
 * which the screens show as the server wrote it.
 */
export function leadServerMessageKey(text: string): string | null {
  const own = (Object.keys(english.serverMessages) as LeadServerMessage[]).find((message) => english.serverMessages[message] === text);
  if (own) return `leads:serverMessages.${own}`;
  const shared = SHARED_ERRORS.find((code) => accountEnglish.serverErrors[code] === text);
  return shared ? `account:serverErrors.${shared}` : null;
}

import english from '../../i18n/locales/en/profile.json';

export type ProfileServerMessage = keyof typeof english.serverMessages;

/** The English the profile calls answer with (profile:serverMessages), placeholders filled; the screens translate it back by key. */
export function profileMessageText(key: ProfileServerMessage, params: Record<string, string | number> = {}): string {
  return english.serverMessages[key].replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Which of our messages a server answer is, with its placeholders, so a screen can say it in the visitor's language. */
export function profileMessageOf(text: string): { key: ProfileServerMessage; params: Record<string, string> } | null {
  for (const key of Object.keys(english.serverMessages) as ProfileServerMessage[]) {
    const names: string[] = [];
    const pattern = english.serverMessages[key].replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\\\{\s*(\w+)\s*\\\}\\\}/g, (_, name: string) => {
      names.push(name);
      return '(.+)';
    });
    const match = new RegExp(`^${pattern}$`).exec(text);
    if (match) return { key, params: Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? ''])) };
  }
  return null;
}

/**
 * The lead form's dismissal flag (spec 001 §4 Lead form; S1-4.37): kept in sessionStorage, so it lasts for the
 * browser session (a kiosk visitor reset clears sessionStorage, so the next visitor sees the form again).
 */
export const LEAD_DISMISSED_KEY = 'portal.leadForm.dismissed';

export function isLeadFormDismissed(storage: Pick<Storage, 'getItem'> | undefined = globalThis.sessionStorage): boolean {
  try {
    return storage?.getItem(LEAD_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function dismissLeadForm(storage: Pick<Storage, 'setItem'> | undefined = globalThis.sessionStorage): void {
  try {
    storage?.setItem(LEAD_DISMISSED_KEY, '1');
  } catch {
    // Without session storage the form stays closed until the page is loaded again.
  }
}

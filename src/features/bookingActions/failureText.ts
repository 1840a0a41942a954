import { type TFunction } from 'i18next';
import { type Failure } from '../../../machines/bookingActionActors';

/** The server's own reason when it gave one; otherwise what happened to the call, in the user's language. */
export function failureText(t: TFunction, failure: Failure | null): string {
  if (failure && failure.status >= 400 && failure.status < 500 && failure.message) return failure.message;
  return t(failure?.status === 0 ? 'failure.offline' : 'failure.generic');
}

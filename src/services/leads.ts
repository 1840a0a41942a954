import { fromPromise } from 'xstate';
import type { ApiClient } from '../api/client';
import { getLeadForm, submitLead } from '../api/leads';
import type { LeadFormActors } from '../../machines/leadForm';
import { leadFormResponse } from '../domain/contract/leads';
import { withDeviceCopy } from './deviceCopy';
import type { OutboxOptions } from './outbox';

/** A refusal the lead machine reads (machines/leadForm.ts `leadFailureOf`): the HTTP status (0: no answer) and the server's message. */
class LeadCallFailed extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The real calls and storage behind the lead form machine. */
export function createLeadActors(api: ApiClient, options: Pick<OutboxOptions, 'database' | 'now'> = {}): LeadFormActors {
  return {
    loadForm: fromPromise(async () => {
      // The venue's form is kept on the device, so a terminal that starts without the network can still take leads.
      const result = await withDeviceCopy('venue:leads', () => getLeadForm(api), leadFormResponse, { db: options.database, now: options.now });
      if (!result.ok) throw new LeadCallFailed(result.status, result.message);
      return result.data.data;
    }),
    submitLead: fromPromise(async ({ input }) => {
      const result = await submitLead(api, input.body, input.key);
      if (!result.ok) throw new LeadCallFailed(result.status, result.message);
      return result.data.message;
    }),
    // The outbox loads after the first screen (main.tsx starts it), so the home page does not wait for it.
    queueLead: fromPromise(async ({ input }) => {
      const { enqueueLead } = await import('./outbox');
      return enqueueLead(input, options);
    }),
  };
}

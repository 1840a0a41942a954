import { fromPromise } from 'xstate';
import type { ApiClient } from '../api/client';
import { getLeadForm, submitLead } from '../api/leads';
import type { LeadFormActors } from '../../machines/leadForm';
import { enqueueLead, type OutboxOptions } from './outbox';

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
      const result = await getLeadForm(api);
      if (!result.ok) throw new LeadCallFailed(result.status, result.message);
      return result.data.data;
    }),
    submitLead: fromPromise(async ({ input }) => {
      const result = await submitLead(api, input.body, input.key);
      if (!result.ok) throw new LeadCallFailed(result.status, result.message);
      return result.data.message;
    }),
    queueLead: fromPromise(({ input }) => enqueueLead(input, options)),
  };
}

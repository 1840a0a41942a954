import { getShortestPaths } from 'xstate/graph';
import { fromPromise, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type StateValue } from 'xstate';
import { type AuthSession } from '../src/domain/contract/auth';
import { type MessageDescriptor } from '../src/domain/validation/messages';
import { messageText } from '../src/domain/validation/messageText';

/** Test support for the account machines: fake calls, refusals shaped like services/authActors', state coverage. */

/** A fake call: records each input and answers with the next queued answer (the last repeats); an Error is thrown. */
export function fakeCall<I, O>(...answers: (O | Error)[]) {
  const inputs: I[] = [];
  const logic = fromPromise<O, I>(async ({ input }) => {
    inputs.push(input);
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (answer === undefined) throw new Error('the fake call has no answer');
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { logic, inputs };
}

/** A refused call as the real actors throw it: the server's message, status, details, reason code and its params. */
export function refusal(message: string, status = 422, data?: unknown, code?: string, params?: Record<string, string | number>): Error {
  return Object.assign(new Error(message), { status, data, code, params });
}

export const session: AuthSession = {
  token: 'token-1',
  user: {
    id: 7,
    first_name: 'Ann',
    last_name: 'Lee',
    name: 'Ann Lee',
    email: 'ann@example.com',
    mobile: '+971501234567',
    country_code: '971',
    is_anonymous: false,
    is_trainer: false,
  },
};

/** The English text of a field's message, as the screens show it in English. */
export const text = (descriptor: MessageDescriptor | null | undefined) => (descriptor ? messageText(descriptor) : undefined);

/** The value of every atomic state a machine can rest in, e.g. { submission: { password: 'idle' } } (not passed-through ones). */
export function atomicStateValues(machine: AnyStateMachine): StateValue[] {
  const values: StateValue[] = [];
  const visit = (node: AnyStateMachine['root']) => {
    const children = Object.values(node.states);
    const transient = node.always?.some((transition) => !transition.guard) ?? false;
    if (children.length === 0 && !transient) {
      const [last = '', ...outer] = [...node.path].reverse();
      values.push(outer.reduce<StateValue>((inner, key) => ({ [key]: inner }), last));
    }
    children.forEach(visit);
  };
  visit(machine.root);
  return values;
}

/** Any event a graph walk may offer, the actors' answers included. */
export type GraphEvent = EventObject & Record<string, unknown>;

/**
 * The atomic states no path of events reaches. Actor answers are events too (`xstate.done.actor.<id>` and
 * `xstate.error.actor.<id>`), so `events` may offer them; states are told apart by their value plus `identity`.
 */
export function unreachedStates<M extends AnyStateMachine>(
  machine: M,
  input: unknown,
  events: (snapshot: AnyMachineSnapshot) => GraphEvent[],
  identity: (snapshot: AnyMachineSnapshot) => unknown,
): StateValue[] {
  const paths = getShortestPaths(machine as AnyStateMachine, {
    input,
    events: (snapshot) => events(snapshot as AnyMachineSnapshot),
    serializeState: (snapshot) => JSON.stringify([(snapshot as AnyMachineSnapshot).value, identity(snapshot as AnyMachineSnapshot)]),
  });
  const reached = paths.map((path) => path.state as AnyMachineSnapshot);
  return atomicStateValues(machine).filter((value) => !reached.some((snapshot) => snapshot.matches(value)));
}

export const actorDone = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
export const actorError = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

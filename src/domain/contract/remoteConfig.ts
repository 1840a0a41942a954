import * as z from 'zod/mini';
import { envelope } from './envelope';
import { endpoint } from './endpoint';
import { onFirstUse } from '../onFirstUse';

/** The venue's remote config flags (spec 001 §7): today only the maintenance flag, kept but without effect. */
export const remoteConfigFlags = onFirstUse(() => z.object({ maintenance: z.boolean() }));
export type RemoteConfigFlags = z.infer<typeof remoteConfigFlags>;

export const remoteConfigCall = endpoint('GET', 'remote-config');
export const remoteConfigResponse = onFirstUse(() => envelope(remoteConfigFlags));

import * as z from 'zod/mini';
import { envelope } from './envelope';
import { endpoint } from './endpoint';
import { onFirstUse } from '../onFirstUse';

/** Both times as `YYYY-MM-DD HH:mm:ss`; userTime echoes the UserTime header. */
export const timeCheck = onFirstUse(() => z.object({ userTime: z.nullable(z.string()), systemTime: z.string() }));
export type TimeCheck = z.infer<typeof timeCheck>;
export const verifyTimeCall = endpoint('GET', 'verify-time');
export const verifyTimeResponse = onFirstUse(() => envelope(timeCheck));

export const versionFile = onFirstUse(() => z.object({ version: z.string() }));
export type VersionFile = z.infer<typeof versionFile>;

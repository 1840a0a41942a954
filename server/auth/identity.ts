import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { type Database } from '../db/client';
import { identityTokens } from '../db/schema/accounts';
import { hashToken } from './tokens';

/** The browser carries the token straight back to the portal, which redeems it at once. */
export const IDENTITY_TOKEN_LIFETIME_SECONDS = 120;

/**
 * National digital identity sign-in (UAE PASS). The browser is sent to `authorizationUrl`, signs in there and
 * comes back to `returnPath` with `?token=`; the portal posts that token to `auth/login-uae-pass`.
 */
export type IdentityProvider = {
  authorizationUrl: (returnPath: string) => string;
  /** The customer a returned token stands for, or null; a token works once. */
  redeem: (token: string, now: Date) => Promise<number | null>;
};

/** Where the development identity provider's sign-in page is served (outside `/api/v1`, like a real provider). */
export const DEV_IDP_AUTHORIZE_PATH = '/dev-idp/authorize';

/** Appends the token to the portal address the browser returns to. */
export function returnAddress(returnPath: string, token: string): string {
  const [beforeHash = '', hash] = returnPath.split('#', 2);
  const joined = `${beforeHash}${beforeHash.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}

export type DevelopmentIdentityProvider = IdentityProvider & {
  /** The page picked a demo customer: a one-time token for them. */
  issue: (customerId: number, now: Date) => Promise<string>;
};

/** Plays the national identity service in development: a page on this server where a demo customer is picked. */
export function developmentIdentityProvider(db: Database): DevelopmentIdentityProvider {
  return {
    authorizationUrl: (returnPath) => `${DEV_IDP_AUTHORIZE_PATH}?${new URLSearchParams({ return: returnPath }).toString()}`,

    async issue(customerId, now) {
      const token = randomBytes(24).toString('base64url');
      await db.insert(identityTokens).values({
        customerId,
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + IDENTITY_TOKEN_LIFETIME_SECONDS * 1000),
      });
      return token;
    },

    async redeem(token, now) {
      const [used] = await db
        .update(identityTokens)
        .set({ usedAt: now })
        .where(and(eq(identityTokens.tokenHash, hashToken(token)), isNull(identityTokens.usedAt), gt(identityTokens.expiresAt, now)))
        .returning({ customerId: identityTokens.customerId });
      return used?.customerId ?? null;
    },
  };
}

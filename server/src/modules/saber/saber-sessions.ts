import type { TokenAnswer } from '@blade/schema';
import type { KeyValueStore } from '../../core/store/store.js';
import type { TokenSigner } from '../auth/tokens.js';

const keyOf = (sessionId: number): string => `saber-session:${sessionId}`;

/**
 * Notes that a session's token was issued through SpringBlade's `/blade-auth/token` (Saber's
 * generation), for as long as that access token lives: a menu call needs a live access token, and
 * each Saber sign-in or refresh notes it again, so the note outlives every token it stands for.
 */
export async function noteSaberSession(
  services: { store: KeyValueStore; signer: TokenSigner },
  answer: TokenAnswer,
): Promise<void> {
  const claims = await services.signer.verify(answer.access_token);
  if (claims) await services.store.set(keyOf(claims.sessionId), '1', answer.expires_in);
}

/** Whether the session signed in, or last refreshed, through Saber's generation of routes. */
export async function isSaberSession(store: KeyValueStore, sessionId: number): Promise<boolean> {
  return (await store.get(keyOf(sessionId))) !== undefined;
}

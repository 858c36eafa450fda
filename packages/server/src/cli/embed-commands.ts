/**
 * @module `doppel embed create|list|delete`: embed configurations (DESIGN §5) for the person who
 * runs the server — which sites may embed a clone, whitelabel, default mode and colours — and
 * the snippet to paste.
 */
import type { Db } from '@doppel/db';
import { EmbedMode } from '@doppel/protocol';
import {
  EMBED_CONFIG_ID,
  type EmbedConfig,
  embedSnippet,
  generateEmbedConfigId,
  HEX_COLOUR,
  type StoredColours,
  type StoredMode,
  toEmbedConfig,
  WHITELABEL_ALL,
} from '../embed/embed-config';
import { normaliseOrigin } from '../embed/origins';
import type { Logger } from '../logger';
import { DEMO_SLUG, ensureDemoClone } from '../process/demo-clone';
import { findCloneBySlug, findInstance } from '../store/clones';
import {
  deleteEmbedConfig,
  findEmbedConfig,
  insertEmbedConfig,
  listEmbedConfigs,
} from '../store/embed-configs';
import type { CliIo } from './run-cli';

export interface EmbedCreateCommand {
  action: 'create';
  slug: string;
  id?: string;
  instance?: string;
  origins: string[];
  whitelabel: boolean;
  mode?: EmbedMode;
  autoHeight?: boolean;
  accent?: string;
  launcher?: string;
  /** spec/calls.md §4: the embed's voice call limit, in seconds (given in minutes). */
  callLimitSeconds?: number;
}

export type EmbedCommand =
  | EmbedCreateCommand
  | { action: 'list'; slug: string }
  | { action: 'delete'; id: string };

export const EMBED_USAGE = `  embed create SLUG [--id ID] [--instance INSTANCE] [--origin ORIGIN]... [--whitelabel]
               [--mode bubble|inline|fullpage] [--auto-height] [--accent #hex] [--launcher #hex]
               [--call-limit MINUTES]
               Create an embed configuration and print the snippet to paste. Each --origin
               (https://example.com) is a site that may embed the clone; none = any site.
               --id: your own id (3-64 of a-z, 0-9, -); default a random one.
               --whitelabel hides the logo, the Google button and the account menu items.
               --call-limit: a voice call in this embed stops after MINUTES (e.g. 3, or 0.5)
               without the paywall, and the page gets the voice-exhausted event.
  embed list SLUG
               The clone's embed configurations.
  embed delete ID
               Delete an embed configuration (pages using it stop showing the chat).`;

/** Options that take a value; `--name value` or `--name=value`. */
const VALUED = new Set([
  '--id',
  '--instance',
  '--origin',
  '--mode',
  '--accent',
  '--launcher',
  '--call-limit',
]);

/** `embed create|list|delete …`; a string is the usage problem. */
export function parseEmbedCommand(args: readonly string[]): EmbedCommand | string {
  const [action, ...rest] = args;
  if (action === 'list' || action === 'delete') {
    const [target, ...extra] = rest;
    if (target === undefined || target.startsWith('-') || extra.length > 0) {
      return action === 'list' ? 'give one clone slug' : 'give one embed configuration id';
    }
    return action === 'list' ? { action, slug: target } : { action, id: target };
  }
  if (action !== 'create') return 'the embed commands are create, list and delete';

  const command: EmbedCreateCommand = { action, slug: '', origins: [], whitelabel: false };
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    let value: string | undefined;
    if (VALUED.has(name)) {
      value = eq > 0 ? arg.slice(eq + 1) : rest[++i];
      if (value === undefined || value === '') return `${name} needs a value`;
    } else if (eq > 0) {
      return `${name} takes no value`;
    }
    switch (name) {
      case '--id':
        if (!EMBED_CONFIG_ID.test(value ?? '')) {
          return `the id "${value}" must be 3 to 64 lower-case letters, digits or hyphens`;
        }
        command.id = value;
        break;
      case '--instance':
        command.instance = value;
        break;
      case '--origin': {
        const origin = normaliseOrigin(value ?? '');
        if (!origin) {
          return `"${value}" is not a site origin: give the scheme, host and port only, like https://example.com`;
        }
        if (!command.origins.includes(origin)) command.origins.push(origin);
        break;
      }
      case '--whitelabel':
        command.whitelabel = true;
        break;
      case '--mode': {
        const mode = EmbedMode.safeParse(value);
        if (!mode.success) return `the mode is bubble, inline or fullpage, not "${value}"`;
        command.mode = mode.data;
        break;
      }
      case '--auto-height':
        command.autoHeight = true;
        break;
      case '--accent':
      case '--launcher':
        if (!HEX_COLOUR.test(value ?? '')) return `${name} takes a colour like #5b3cc4, not "${value}"`;
        command[name === '--accent' ? 'accent' : 'launcher'] = value?.toLowerCase();
        break;
      case '--call-limit': {
        const seconds = callLimitSeconds(value ?? '');
        if (seconds === null) {
          return `--call-limit takes minutes between 1 second and ${MAX_CALL_LIMIT_MINUTES} (like 3 or 0.5), not "${value}"`;
        }
        command.callLimitSeconds = seconds;
        break;
      }
      default:
        return `unknown option "${name}"`;
    }
  }
  if (positional.length !== 1) return 'give one clone slug';
  command.slug = positional[0] ?? '';
  return command;
}

/** spec/calls.md §9: no call is longer than 21,600 s (6 hours). */
const MAX_CALL_LIMIT_MINUTES = 360;

/** `--call-limit` minutes as whole seconds (at least 1, at most 6 hours); null when it is not that. */
export function callLimitSeconds(minutes: string): number | null {
  if (!/^\d+(\.\d+)?$/.test(minutes)) return null;
  const seconds = Math.round(Number(minutes) * 60);
  return seconds >= 1 && seconds <= MAX_CALL_LIMIT_MINUTES * 60 ? seconds : null;
}

export interface EmbedCommandContext {
  /** Where the snippet loads embed.js from (PUBLIC_URL). */
  publicUrl: string;
  /** `embed create demo` before the first server start imports the demo clone first, as the server would. */
  demoCloneDir: string;
}

/** Runs the command; answers the exit code (0 done, 1 failed). */
export async function runEmbedCommand(
  db: Db,
  command: EmbedCommand,
  io: CliIo,
  context: EmbedCommandContext,
): Promise<number> {
  if (command.action === 'delete') {
    if (!(await deleteEmbedConfig(db, command.id))) {
      io.err(`doppel embed delete: there is no embed configuration "${command.id}"`);
      return 1;
    }
    io.out(`Deleted embed configuration "${command.id}".`);
    return 0;
  }

  let clone = await findCloneBySlug(db, command.slug);
  if (!clone && command.action === 'create' && command.slug === DEMO_SLUG) {
    await ensureDemoClone(db, context.demoCloneDir, cliLogger(io));
    clone = await findCloneBySlug(db, command.slug);
  }
  if (!clone) {
    io.err(`doppel embed ${command.action}: there is no clone "${command.slug}"`);
    return 1;
  }

  // The clone's own list binds every configuration (embed/embed-allowlist.ts): say so.
  const cloneSites =
    clone.embed_allowed_origins === null
      ? null
      : `Clone "${clone.slug}" may be embedded only on ${clone.embed_allowed_origins.join(', ')} (clone.json); ` +
        'a configuration cannot allow other sites.';

  if (command.action === 'list') {
    const configs = (await listEmbedConfigs(db, clone.id)).map(toEmbedConfig);
    if (configs.length === 0) io.out(`Clone "${clone.slug}" has no embed configurations.`);
    for (const config of configs) io.out(describeConfig(config));
    if (cloneSites) io.out(cloneSites);
    return 0;
  }

  const instance = command.instance ? await findInstance(db, clone.id, command.instance) : null;
  if (command.instance && !instance) {
    io.err(`doppel embed create: clone "${clone.slug}" has no instance "${command.instance}"`);
    return 1;
  }
  const mode: StoredMode = {
    ...(command.mode && { mode: command.mode }),
    ...(command.autoHeight && { autoHeight: true }),
  };
  const colours: StoredColours = {
    ...(command.accent && { accent: command.accent }),
    ...(command.launcher && { launcher: command.launcher }),
  };
  const fields = {
    cloneId: clone.id,
    instanceId: instance?.id ?? null,
    allowedOrigins: command.origins,
    whitelabel: command.whitelabel ? WHITELABEL_ALL : {},
    mode,
    colours,
    callLimitSeconds: command.callLimitSeconds ?? null,
  };
  let id = command.id ?? '';
  let created = false;
  // A generated id colliding (82 bits) is next to impossible; a chosen one may well be taken.
  for (let attempt = 0; !created && attempt < (command.id ? 1 : 3); attempt++) {
    if (!command.id) id = generateEmbedConfigId();
    created = await insertEmbedConfig(db, { id, ...fields });
  }
  if (!created) {
    io.err(`doppel embed create: the embed configuration "${id}" already exists (doppel embed delete ${id})`);
    return 1;
  }
  const row = await findEmbedConfig(db, id);
  if (!row) throw new Error(`the embed configuration "${id}" was not stored`);
  const config = toEmbedConfig(row);
  io.out(`Created embed configuration "${config.id}" for clone "${config.cloneSlug}".`);
  io.out(describeConfig(config));
  if (cloneSites) io.out(cloneSites);
  io.out('');
  io.out('Paste this where the chat should appear:');
  io.out('');
  io.out(embedSnippet(config, context.publicUrl, instance?.name ?? clone.name));
  return 0;
}

/** One config in a few lines: id, sites, whitelabel, mode, colours. */
export function describeConfig(config: EmbedConfig): string {
  const hidden = Object.entries({
    logo: config.whitelabel.logo,
    'Google button': config.whitelabel.googleButton,
    'account menu items': config.whitelabel.accountMenuItems,
  })
    .filter(([, shown]) => !shown)
    .map(([name]) => name);
  const colours = Object.entries(config.colours)
    .filter(([, value]) => value !== null)
    .map(([name, value]) => `${name} ${value}`);
  return [
    `${config.id}${config.instanceSlug ? ` (instance ${config.instanceSlug})` : ''}`,
    `  sites: ${config.allowedOrigins.length > 0 ? config.allowedOrigins.join(', ') : 'any site'}`,
    `  hidden: ${hidden.length > 0 ? hidden.join(', ') : 'nothing'}`,
    `  mode: ${config.mode.mode}${config.mode.autoHeight ? ', auto height' : ''}`,
    ...(colours.length > 0 ? [`  colours: ${colours.join(', ')}`] : []),
    ...(config.callLimitSeconds !== null ? [`  call limit: ${callLimitText(config.callLimitSeconds)}`] : []),
  ].join('\n');
}

/** '3 minutes', '1 minute', '0.5 minutes' (to the second). */
function callLimitText(seconds: number): string {
  const minutes = Math.round((seconds / 60) * 1000) / 1000;
  return `${minutes} minute${minutes === 1 ? '' : 's'} a call`;
}

/** The demo import's progress, on stderr: stdout is the config and its snippet. */
function cliLogger(io: CliIo): Logger {
  return {
    debug() {},
    info: (m) => io.err(m),
    warn: (m) => io.err(m),
    error: (m) => io.err(m),
  };
}

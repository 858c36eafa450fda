/**
 * @module The `doppel` command line: import a clone folder, migrate, staff and owners,
 * subscriptions, payments (Stripe catalog), embed configurations, API keys, voice failures, help.
 * It opens the same database as the server (DATABASE_URL, or PGlite in DATA_DIR).
 */
import { CloneFolderError, importClone } from '@doppel/brain';
import type { Db } from '@doppel/db';
import { type Config, loadConfig } from '../config';
import { describeError } from '../logger';
import { openDatabase } from '../process/open-database';
import {
  parseRelationshipCommand,
  parseUserCommand,
  type RelationshipCommand,
  runRelationshipCommand,
  runUserCommand,
  type UserCommand,
} from './account-commands';
import { EMBED_USAGE, type EmbedCommand, parseEmbedCommand, runEmbedCommand } from './embed-commands';
import {
  FAILURE_USAGE,
  type FailureCommand,
  parseFailureCommand,
  runFailureCommand,
} from './failure-commands';
import { formatImportSummary } from './format-import-summary';
import { KEY_USAGE, type KeyCommand, parseKeyCommand, runKeyCommand } from './key-commands';
import {
  PAYMENTS_USAGE,
  type PaymentsCommand,
  parsePaymentsCommand,
  runPaymentsCommand,
} from './payments-commands';
import {
  parseSubscriptionCommand,
  runSubscriptionCommand,
  SUBSCRIPTION_USAGE,
  type SubscriptionCommand,
} from './subscription-commands';

export const USAGE = `Usage: doppel <command>

Commands:
  import DIR   Create or update a clone from a clone folder (clone.json + knowledge/).
               Running it again with the same folder changes nothing.
  migrate      Bring the database schema up to date.
  user EMAIL [--staff|--no-staff] [--ban|--unban]
               Show a user, or change them (the user is created when needed).
               Staff see the debugging tools; a banned address cannot sign in.
  relationship EMAIL SLUG CREATOR|CONTRIBUTOR|FOLLOWER
               Make a user an owner of a clone (creators and contributors have no
               usage limits), creating the user when needed.
${SUBSCRIPTION_USAGE}
${PAYMENTS_USAGE}
${EMBED_USAGE}
${KEY_USAGE}
${FAILURE_USAGE}
  help         Show this help.

The database is the server's: DATABASE_URL when set, else PGlite in DATA_DIR (./.data).
The folder format: packages/brain/CLONE_FOLDER.md.`;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

export interface CliDeps {
  /** Opens and migrates the database; the default reads the environment like the server. */
  open?: () => Promise<{ db: Db; applied: string[] }>;
  /** The settings (PUBLIC_URL for snippets, DEMO_CLONE_DIR); the default reads the environment. */
  config?: () => Config;
}

const consoleIo: CliIo = { out: (l) => console.log(l), err: (l) => console.error(l) };

/** Runs one command; answers the exit code (0 done, 1 failed, 2 usage). */
export async function runCli(
  args: readonly string[],
  io: CliIo = consoleIo,
  deps: CliDeps = {},
): Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    io.out(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (
    ![
      'import',
      'migrate',
      'user',
      'relationship',
      'subscription',
      'payments',
      'embed',
      'key',
      'failures',
    ].includes(command)
  ) {
    io.err(`doppel: unknown command "${command}"\n\n${USAGE}`);
    return 2;
  }
  const dir = rest[0];
  if (command === 'import' && (dir === undefined || rest.length > 1)) {
    io.err(`doppel import: give exactly one clone folder\n\n${USAGE}`);
    return 2;
  }
  let account: { user: UserCommand } | { relationship: RelationshipCommand } | null = null;
  if (command === 'user' || command === 'relationship') {
    const parsed = command === 'user' ? parseUserCommand(rest) : parseRelationshipCommand(rest);
    if (typeof parsed === 'string') {
      io.err(`doppel ${command}: ${parsed}\n\n${USAGE}`);
      return 2;
    }
    account = 'type' in parsed ? { relationship: parsed } : { user: parsed };
  }
  let subscription: SubscriptionCommand | null = null;
  if (command === 'subscription') {
    const parsed = parseSubscriptionCommand(rest);
    if (typeof parsed === 'string') {
      io.err(`doppel subscription: ${parsed}\n\n${USAGE}`);
      return 2;
    }
    subscription = parsed;
  }
  let payments: PaymentsCommand | null = null;
  if (command === 'payments') {
    const parsed = parsePaymentsCommand(rest);
    if (typeof parsed === 'string') {
      io.err(`doppel payments: ${parsed}\n\n${USAGE}`);
      return 2;
    }
    payments = parsed;
  }
  let embed: EmbedCommand | null = null;
  if (command === 'embed') {
    const parsed = parseEmbedCommand(rest);
    if (typeof parsed === 'string') {
      io.err(`doppel embed: ${parsed}\n\n${USAGE}`);
      return 2;
    }
    embed = parsed;
  }
  let key: KeyCommand | null = null;
  if (command === 'key') {
    const parsed = parseKeyCommand(rest);
    if (typeof parsed === 'string') {
      io.err(`doppel key: ${parsed}\n\n${USAGE}`);
      return 2;
    }
    key = parsed;
  }
  let failures: FailureCommand | null = null;
  if (command === 'failures') {
    const parsed = parseFailureCommand(rest);
    if (typeof parsed === 'string') {
      io.err(`doppel failures: ${parsed}\n\n${USAGE}`);
      return 2;
    }
    failures = parsed;
  }
  let config: Config | undefined;
  const settings = (): Config => {
    config ??= (deps.config ?? loadConfig)();
    return config;
  };
  let opened: { db: Db; applied: string[] };
  try {
    opened = await (deps.open ?? (() => openDatabase(settings())))();
  } catch (error) {
    io.err(`doppel: cannot open the database: ${describeError(error)}`);
    return 1;
  }
  const { db, applied } = opened;
  try {
    if (embed) {
      const { publicUrl, demoCloneDir } = settings();
      return await runEmbedCommand(db, embed, io, { publicUrl, demoCloneDir });
    }
    if (subscription) return await runSubscriptionCommand(db, subscription, io);
    if (payments) return await runPaymentsCommand(db, payments, io, settings());
    if (failures) return await runFailureCommand(db, failures, io);
    if (key) {
      return await runKeyCommand(db, key, io, { publicUrl: settings().publicUrl, now: () => new Date() });
    }
    if (account) {
      return 'user' in account
        ? await runUserCommand(db, account.user, io)
        : await runRelationshipCommand(db, account.relationship, io);
    }
    if (command === 'migrate') {
      io.out(
        applied.length > 0 ? `Applied migrations: ${applied.join(', ')}` : 'The database is up to date.',
      );
      return 0;
    }
    const summary = await importClone(db, dir ?? '');
    io.out(formatImportSummary(summary));
    return 0;
  } catch (error) {
    // A folder problem names the file and what is wrong with it: no stack trace for that.
    io.err(
      error instanceof CloneFolderError
        ? `doppel import: ${error.message}`
        : `doppel: ${describeError(error, true)}`,
    );
    return 1;
  } finally {
    await db.close();
  }
}

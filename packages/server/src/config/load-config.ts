/**
 * @module The server's settings, read from the environment and checked with zod: the server's
 * own, the accounts', and each provider's (providers/registry.ts). Every setting has a working
 * default (DESIGN §2) and is written once, in its group; docs/configuration.md is generated from
 * the same groups (config-docs.ts).
 */
import { loadProviders, PROVIDERS } from '../providers/registry';
import { findRepoRoot } from '../repo-root';
import { accountSettings } from './account-settings';
import { ConfigError } from './config-error';
import { publicUrlOf, serverSettings } from './server-settings';
import { type AnyGroup, parseGroup, type ReadContext, type SettingsGroup } from './settings-group';

/** Every group of settings, in the order of the docs. */
export const SETTING_GROUPS: readonly AnyGroup[] = [
  serverSettings,
  accountSettings,
  ...Object.values(PROVIDERS),
];

/** The variables `loadConfig` reads. */
export const CONFIG_VARIABLES: readonly string[] = SETTING_GROUPS.flatMap((group) =>
  Object.keys(group.settings),
);

function readGroup<V extends Record<string, unknown>, C>(
  group: SettingsGroup<V, C>,
  env: NodeJS.ProcessEnv,
  context: ReadContext,
): C {
  const parsed = parseGroup(group, env);
  if (parsed.values === null) throw new ConfigError(`Invalid environment: ${parsed.problems.join('; ')}`);
  return group.read(parsed.values, context);
}

/**
 * Reads the settings from `env`. Paths given in the environment are taken from the working
 * directory; the defaults point into the repository, wherever the process was started.
 * Throws a ConfigError naming every bad variable at once.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, root: string = findRepoRoot()) {
  const problems = SETTING_GROUPS.flatMap((group) => parseGroup(group, env).problems);
  if (problems.length > 0) throw new ConfigError(`Invalid environment: ${problems.join('; ')}`);
  const context: ReadContext = {
    root,
    publicUrl: publicUrlOf(env),
    devOutbox: parseGroup(serverSettings, env).values?.DEV_OUTBOX === true,
  };
  const providers = loadProviders(env, context);
  return {
    ...readGroup(serverSettings, env, context),
    ...readGroup(accountSettings, env, context),
    ...providers.configs,
    /** Which providers run their real service (the rest their local default). */
    configured: providers.configured,
    /** What this deployment offers, before each clone's own options (providers/clone-features.ts). */
    offered: providers.offered,
  };
}

export type Config = ReturnType<typeof loadConfig>;

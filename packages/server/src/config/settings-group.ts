/**
 * @module A group of settings (the server's, the accounts', one provider's): its variables,
 * each written once, and how their parsed values become the group's part of the config.
 */
import type { Setting } from './setting';

/** What every group's `read` may use besides its own values. */
export interface ReadContext {
  /** The repository root: default paths point into it. */
  root: string;
  /** PUBLIC_URL without a trailing slash (or http://localhost:$PORT). */
  publicUrl: string;
  /**
   * DEV_OUTBOX is on: a developer's machine, where the local outbox may stand in for a service
   * that reaches people (the text channels are offered there, and only there, without keys).
   */
  devOutbox: boolean;
}

export interface SettingsGroup<V extends Record<string, unknown>, C> {
  /** The heading of the group's table in docs/configuration.md. */
  title: string;
  /** Keyed by the environment variable's name. */
  settings: { [K in keyof V]: Setting<V[K]> };
  /** The group's config from its parsed values. */
  read(values: V, context: ReadContext): C;
}

/** Declares a group; the identity function that lets TypeScript infer its value types. */
export function settingsGroup<V extends Record<string, unknown>, C>(
  group: SettingsGroup<V, C>,
): SettingsGroup<V, C> {
  return group;
}

/** Any group, for code that only lists names and docs. */
export interface AnyGroup {
  title: string;
  settings: Record<string, Setting<unknown>>;
}

/** One problem with a variable, as `NAME: message`. */
export type SettingProblem = string;

/**
 * Parses a group's variables from `env`; answers the values, or every problem found.
 * Each variable is parsed by its own schema, so the values are the group's types.
 */
export function parseGroup<V extends Record<string, unknown>>(
  group: Pick<SettingsGroup<V, unknown>, 'settings'>,
  env: NodeJS.ProcessEnv,
): { values: V; problems: [] } | { values: null; problems: SettingProblem[] } {
  const values: Partial<V> = {};
  const problems: SettingProblem[] = [];
  for (const name of Object.keys(group.settings) as (keyof V & string)[]) {
    const parsed = group.settings[name].schema.safeParse(env[name]);
    if (parsed.success) values[name] = parsed.data;
    else problems.push(...parsed.error.issues.map((issue) => `${name}: ${issue.message}`));
  }
  if (problems.length > 0) return { values: null, problems };
  // Every key of `group.settings` was set above: the object is complete.
  return { values: values as V, problems: [] };
}

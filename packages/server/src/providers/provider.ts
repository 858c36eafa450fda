/**
 * @module A provider (DESIGN §2): one outside service behind an interface, with a working local
 * default. Its folder owns its settings (and so its rows in docs/configuration.md), its
 * "configured?" check, the product features it offers, and its factory. providers/registry.ts
 * lists them; adding one touches nothing else.
 */
import type { Features } from '@doppel/protocol';
import { ConfigError } from '../config/config-error';
import { parseGroup, type ReadContext, type SettingsGroup } from '../config/settings-group';

export interface ProviderDefinition<V extends Record<string, unknown>, C, D, I> extends SettingsGroup<V, C> {
  /** What it is for, in the docs' providers table ("e-mail codes"). */
  concern: string;
  /** What runs with no settings. */
  localDefault: string;
  /** What the settings switch to. */
  real: string;
  /** Whether the real service is configured (false: the local default runs). */
  configured(config: C): boolean;
  /**
   * The features this provider makes possible on this deployment. Only what works end to end
   * counts: a feature whose screens or local tool are missing is not offered (DESIGN §2).
   */
  offers(config: C): Partial<Features>;
  /** Builds the service (the real one when configured, else the local default). */
  create(config: C, deps: D): I;
}

/** A provider's settings read from the environment. */
export interface LoadedProvider<C> {
  config: C;
  configured: boolean;
  offers: Partial<Features>;
}

export interface Provider<V extends Record<string, unknown>, C, D, I> extends ProviderDefinition<V, C, D, I> {
  /** Reads its settings; throws a ConfigError naming every bad variable. */
  load(env: NodeJS.ProcessEnv, context: ReadContext): LoadedProvider<C>;
}

/** Declares a provider. */
export function provider<V extends Record<string, unknown>, C, D, I>(
  definition: ProviderDefinition<V, C, D, I>,
): Provider<V, C, D, I> {
  return {
    ...definition,
    load(env, context) {
      const parsed = parseGroup(definition, env);
      if (parsed.values === null) throw new ConfigError(`Invalid environment: ${parsed.problems.join('; ')}`);
      const config = definition.read(parsed.values, context);
      return { config, configured: definition.configured(config), offers: definition.offers(config) };
    },
  };
}

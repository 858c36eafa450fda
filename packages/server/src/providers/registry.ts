/**
 * @module The providers of this deployment (DESIGN §2), one line each. The config, the docs'
 * provider tables and the clone profile's `features` are all read from this list.
 */
import { type Features, NO_FEATURES } from '@doppel/protocol';
import type { ReadContext } from '../config/settings-group';
import { gladiaProvider } from './gladia';
import { googleProvider } from './google';
import { llmProvider } from './llm';
import { mailerProvider } from './mailer';
import { smsProvider } from './sms';
import { speechProvider } from './speech';
import { storageProvider } from './storage';
import { stripeProvider } from './stripe';
import { tavusProvider } from './tavus';
import { telegramProvider } from './telegram';
import { ttsProvider } from './tts';
import { vapiProvider } from './vapi';
import { videoProvider } from './video';

export const PROVIDERS = {
  llm: llmProvider,
  mail: mailerProvider,
  sms: smsProvider,
  telegram: telegramProvider,
  tts: ttsProvider,
  storage: storageProvider,
  google: googleProvider,
  speech: speechProvider,
  gladia: gladiaProvider,
  vapi: vapiProvider,
  video: videoProvider,
  tavus: tavusProvider,
  stripe: stripeProvider,
};

type Registry = typeof PROVIDERS;
export type ProviderKey = keyof Registry;

/** Each provider's config, under its key (`config.mail`, `config.llm`, ...). */
export type ProviderConfigs = { [K in ProviderKey]: ReturnType<Registry[K]['read']> };

export interface LoadedProviders {
  configs: ProviderConfigs;
  /** Which providers run the real service. */
  configured: Record<ProviderKey, boolean>;
  /** What the deployment offers, before each clone's own options narrow it. */
  offered: Features;
}

/** Reads every provider's settings; throws a ConfigError for a bad value. */
export function loadProviders(env: NodeJS.ProcessEnv, context: ReadContext): LoadedProviders {
  const configs: Record<string, unknown> = {};
  const configured: Record<string, boolean> = {};
  let offered: Features = NO_FEATURES;
  for (const [key, definition] of Object.entries(PROVIDERS)) {
    const loaded = definition.load(env, context);
    configs[key] = loaded.config;
    configured[key] = loaded.configured;
    offered = { ...offered, ...onlyOffered(loaded.offers) };
  }
  // Filled key by key from PROVIDERS above, each with its own provider's config.
  return {
    configs: configs as ProviderConfigs,
    configured: configured as Record<ProviderKey, boolean>,
    offered,
  };
}

/** A provider turns features on; it never turns off what another offers. */
function onlyOffered(offers: Partial<Features>): Partial<Features> {
  return Object.fromEntries(Object.entries(offers).filter(([, on]) => on === true));
}

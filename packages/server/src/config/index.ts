/** @module The server's settings. */
export { type AuthConfig, accountSettings, type UsageConfig } from './account-settings';
export { renderConfigDocs } from './config-docs';
export { ConfigError } from './config-error';
export { CONFIG_VARIABLES, type Config, loadConfig, SETTING_GROUPS } from './load-config';
export { LOG_LEVELS, type LogLevel, serverSettings } from './server-settings';

/** @module Thrown with every problem of the environment in one readable message. */
export class ConfigError extends Error {}

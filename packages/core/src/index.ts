/**
 * @module @doppel/core — pure rules shared by the app and the server (DESIGN §1): no I/O, no
 * DOM, time and randomness always injected.
 */

export * from './actions';
export * from './capture';
export * from './chat';
export * from './citations';
export * from './dates';
export * from './embed';
export * from './languages';
export * from './memberships';
export * from './metering';
export * from './text-channels';
export * from './validation';

export {
  createSessionStore,
  type SessionApi,
  type SessionStatus,
  type SessionStore,
  type SignInListener,
} from './session-store';
export { createUsageStore, type UsageStore, type UsageStoreOptions } from './usage-store';
export { useUsage } from './use-usage';

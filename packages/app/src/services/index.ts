export { type AppServices, type AppServicesOptions, createAppServices } from './app-services';
export type { BotCheck } from './bot-check';
export { ServicesProvider, useServices } from './services-context';

export { type AppServices, type AppServicesOptions, createAppServices } from './app-services';
export { ServicesProvider, useServices } from './services-context';

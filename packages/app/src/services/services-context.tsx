/** @module The app's services (API client, session, sign-in request, usage) through React context. */
import { createContext, type ReactNode, useContext } from 'react';
import type { AppServices } from './app-services';

const ServicesContext = createContext<AppServices | null>(null);

/** Hands `services` to everything below. */
export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

/** The services of the app this component is in; throws outside a `ServicesProvider`. */
export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs a ServicesProvider above it.');
  return services;
}

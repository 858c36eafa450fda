/** Where Doppel runs: NEXT_PUBLIC_DOPPEL_URL at build time, else the default local address. */
export const DOPPEL_URL = process.env.NEXT_PUBLIC_DOPPEL_URL ?? 'http://localhost:3000';

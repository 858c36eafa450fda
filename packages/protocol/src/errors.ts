import { z } from 'zod';

/** Every 4xx/5xx JSON body: a readable reason (DESIGN §4). */
export const ApiError = z.object({ error: z.string() });
export type ApiError = z.infer<typeof ApiError>;

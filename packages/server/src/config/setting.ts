/**
 * @module One environment variable: how it is read (a zod schema over the raw string) and its
 * row in docs/configuration.md. Written once; the config, the docs and their test read it.
 */
import { z } from 'zod';

export interface Setting<T> {
  /** Reads the raw value (a string, or undefined when unset). */
  schema: z.ZodType<T>;
  /** What a reader sees in the docs' default column. */
  default: string;
  /** The docs' "what it does" column. */
  description: string;
}

/** A setting: `setting(schema, default, description)`. */
export function setting<T>(schema: z.ZodType<T>, defaultText: string, description: string): Setting<T> {
  return { schema, default: defaultText, description };
}

const present = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** An unset or blank variable is absent: `DATABASE_URL=` means PGlite, not an empty URL. */
export const optional = z.preprocess((v) => (present(v) ? v.trim() : undefined), z.string().optional());

/** An optional absolute URL. */
export const optionalUrl = optional.pipe(z.url().optional());

/** An integer between `min` and `max`, `fallback` when unset. */
export const integer = (fallback: number, min: number, max: number) =>
  z.preprocess(
    (v) => (present(v) ? Number(v) : undefined),
    z.number().int().min(min).max(max).default(fallback),
  );

/** A comma-separated list: trimmed, lower-cased, blanks dropped. */
export const list = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((item) => item.trim().toLowerCase())
          .filter((item) => item !== '')
      : [],
  z.array(z.string()),
);

/** true/false, 1/0, on/off, yes/no (any case); `fallback` when unset. */
export const flag = (fallback: boolean) =>
  z.preprocess(
    (v) => (present(v) ? v.trim().toLowerCase() : undefined),
    z
      .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'])
      .optional()
      .transform((v) => (v === undefined ? fallback : ['true', '1', 'on', 'yes'].includes(v))),
  );

/** One of `values` (any case); `fallback` when unset. */
export const oneOf = <const V extends readonly [string, ...string[]]>(values: V, fallback: V[number]) =>
  z.preprocess((v) => (present(v) ? v.trim().toLowerCase() : undefined), z.enum(values).default(fallback));

/** @module clones.memberships (written by the brain's importer from clone.json) → protocol `Membership`. */
import { Membership } from '@doppel/protocol';
import { z } from 'zod';

/** The stored tiers that parse; a malformed entry is left out rather than failing the clone. */
export function toMemberships(stored: unknown): Membership[] {
  const list = z.array(z.unknown()).safeParse(stored);
  if (!list.success) return [];
  return list.data.flatMap((item) => {
    const parsed = Membership.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

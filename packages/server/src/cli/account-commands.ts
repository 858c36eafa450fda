/**
 * @module `doppel user` and `doppel relationship`: staff flags, bans and owners of clones, for
 * the person who runs the server (there is no admin screen).
 */
import type { Queryable } from '@doppel/db';
import { EmailAddress, RelationshipType } from '@doppel/protocol';
import { findCloneBySlug } from '../store/clones';
import { listRelationships, setRelationship } from '../store/relationships';
import { findUserByEmail, setBanned, setStaff, upsertUserByEmail } from '../store/users';
import type { CliIo } from './run-cli';

export interface UserCommand {
  email: string;
  staff?: boolean;
  banned?: boolean;
}

export interface RelationshipCommand {
  email: string;
  slug: string;
  type: RelationshipType;
}

const FLAGS: Record<string, Partial<UserCommand>> = {
  '--staff': { staff: true },
  '--no-staff': { staff: false },
  '--ban': { banned: true },
  '--unban': { banned: false },
};

/** `user EMAIL [--staff|--no-staff] [--ban|--unban]`; a string is the usage problem. */
export function parseUserCommand(args: readonly string[]): UserCommand | string {
  const [raw, ...flags] = args;
  const email = EmailAddress.safeParse(raw ?? '');
  if (!email.success) return 'give one e-mail address';
  const command: UserCommand = { email: email.data };
  for (const flag of flags) {
    const change = FLAGS[flag];
    if (!change) return `unknown option "${flag}"`;
    Object.assign(command, change);
  }
  return command;
}

/** `relationship EMAIL SLUG CREATOR|CONTRIBUTOR|FOLLOWER`; a string is the usage problem. */
export function parseRelationshipCommand(args: readonly string[]): RelationshipCommand | string {
  if (args.length !== 3) return 'give an e-mail address, a clone slug and CREATOR, CONTRIBUTOR or FOLLOWER';
  const [raw = '', slug = '', rawType = ''] = args;
  const email = EmailAddress.safeParse(raw);
  if (!email.success) return `"${raw}" is not an e-mail address`;
  const type = RelationshipType.safeParse(rawType.toUpperCase());
  if (!type.success) return `the relationship is CREATOR, CONTRIBUTOR or FOLLOWER, not "${rawType}"`;
  return { email: email.data, slug, type: type.data };
}

/** Applies the flags (creating the user when needed) or, without flags, shows the user. */
export async function runUserCommand(db: Queryable, command: UserCommand, io: CliIo): Promise<number> {
  let user = await findUserByEmail(db, command.email);
  if (command.staff === undefined && command.banned === undefined) {
    if (!user) {
      io.err(`doppel user: there is no user ${command.email}`);
      return 1;
    }
  } else {
    user ??= await upsertUserByEmail(db, command.email);
    if (command.staff !== undefined) user = await setStaff(db, command.email, command.staff);
    if (command.banned !== undefined) user = await setBanned(db, command.email, command.banned);
  }
  const relationships = await listRelationships(db, user.id);
  const traits = [user.staff ? 'staff' : 'not staff', ...(user.banned ? ['banned'] : [])];
  io.out(`User ${user.email}: ${traits.join(', ')}; ${relationships.length} relationship(s).`);
  return 0;
}

export async function runRelationshipCommand(
  db: Queryable,
  command: RelationshipCommand,
  io: CliIo,
): Promise<number> {
  const clone = await findCloneBySlug(db, command.slug);
  if (!clone) {
    io.err(`doppel relationship: there is no clone "${command.slug}"`);
    return 1;
  }
  const user = await upsertUserByEmail(db, command.email);
  await setRelationship(db, { userId: user.id, cloneId: clone.id, type: command.type });
  io.out(`${user.email} is now ${command.type} of "${clone.slug}".`);
  return 0;
}

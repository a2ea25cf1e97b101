import type { Kysely } from 'kysely';
import { inParallel } from './parallel.js';
import type { AdminDb } from './tables.js';

export interface ContactMessagesTable {
  contact_messages: {
    message_id: string;
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    option: string;
    message: string;
    received_at: Date;
  };
}

/** Keeps a contact message once (a redelivered event changes nothing). */
export async function addContactMessage(db: Kysely<ContactMessagesTable>, row: ContactMessagesTable['contact_messages']): Promise<void> {
  await db
    .insertInto('contact_messages')
    .values(row)
    .onConflict((oc) => oc.column('message_id').doNothing())
    .execute();
}

/** One page of the contact messages, newest first, and how many there are. */
export function contactMessagesPage(db: Kysely<AdminDb>, page: number, limit: number) {
  return inParallel(
    () =>
      db
        .selectFrom('contact_messages')
        .selectAll()
        .orderBy('received_at', 'desc')
        .orderBy('message_id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
    () =>
      db
        .selectFrom('contact_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
  );
}

import { ContactMessageReceived, identityEvents } from '@elts/contracts';
import { EventConsumer } from '@elts/platform';
import type { Kysely } from 'kysely';

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

/** Keeps the back office's list of contact messages from identity's events. */
export function contactMessagesProjection(db: Kysely<ContactMessagesTable>) {
  return new EventConsumer('admin-bff.contact-messages', identityEvents, db).on(ContactMessageReceived, async (data, event, trx) => {
    await trx
      .insertInto('contact_messages')
      .values({
        message_id: data.messageId,
        first_name: data.firstName,
        last_name: data.lastName,
        email: data.email,
        phone: data.phone,
        option: data.option,
        message: data.message,
        received_at: event.recordedAt,
      })
      .onConflict((oc) => oc.column('message_id').doNothing())
      .execute();
  });
}

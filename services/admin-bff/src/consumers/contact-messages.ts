import { ContactMessageReceived, identityEvents } from '@elts/contracts';
import { EventConsumer } from '@elts/platform';
import type { Kysely } from 'kysely';
import { addContactMessage, type ContactMessagesTable } from '../store/contact-messages.js';

export type { ContactMessagesTable };

/** Keeps the back office's list of contact messages from identity's events. */
export function contactMessagesProjection(db: Kysely<ContactMessagesTable>) {
  return new EventConsumer('admin-bff.contact-messages', identityEvents, db).on(ContactMessageReceived, async (data, event, trx) => {
    await addContactMessage(trx, {
      message_id: data.messageId,
      first_name: data.firstName,
      last_name: data.lastName,
      email: data.email,
      phone: data.phone,
      option: data.option,
      message: data.message,
      received_at: event.recordedAt,
    });
  });
}

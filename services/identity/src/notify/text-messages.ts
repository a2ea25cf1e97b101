/** A text message to a member's mobile. */
export interface TextMessage {
  /** The mobile as Indian numbers are dialled from abroad: +91 and ten digits. */
  to: string;
  text: string;
  /** The same key twice sends one message (an event delivered again, a retried step). */
  dedupeKey: string;
}

/**
 * The notifications port: how updates reach a member's mobile (shipping updates, docs/decisions/0023). The embedded
 * adapter keeps each message in an outbox that testers read at /dev/sms; an SMS provider's adapter implements the
 * same `send`, so the flows that notify members do not change when one is added.
 */
export interface TextMessageSender {
  send(message: TextMessage): Promise<void>;
}

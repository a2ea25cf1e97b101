import type { ContactRequest } from '@elts/contracts';
import type { IdentityEvent } from './member.js';

/** A message from the public contact form becomes a fact of its own stream, for the back office to read. */
export function receiveContactMessage(messageId: string, request: ContactRequest): { streamId: string; event: IdentityEvent } {
  return { streamId: `contact-${messageId}`, event: { type: 'ContactMessageReceived', data: { messageId, ...request } } };
}

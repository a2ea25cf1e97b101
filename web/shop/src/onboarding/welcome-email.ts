import { API } from '@elts/contracts';
import { callOperation, readMemberSession } from '@elts/ui';

/** `POST /user/send-welcome-email {email, name}` after the shipping step or its skip; a failure is only logged. */
export function sendWelcomeEmail(who: { email?: string | undefined; name?: string | undefined }): void {
  const { token } = readMemberSession();
  callOperation(API.sendWelcomeEmail, { body: { email: who.email ?? '', name: who.name ?? '' } }, { token }).catch((error: unknown) =>
    console.error('The welcome email was not sent', error),
  );
}

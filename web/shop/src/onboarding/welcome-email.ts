import { apiRequest, readMemberSession } from '@elts/ui';

/** `POST /user/send-welcome-email {email, name}` after the shipping step or its skip; a failure is only logged. */
export function sendWelcomeEmail(who: { email?: string | undefined; name?: string | undefined }): void {
  const { token } = readMemberSession();
  apiRequest('/user/send-welcome-email', { method: 'POST', token, body: { email: who.email ?? '', name: who.name ?? '' } }).catch(
    (error: unknown) => console.error('The welcome email was not sent', error),
  );
}

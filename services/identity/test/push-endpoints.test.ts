import { describe, expect, it } from 'vitest';
import { pushEndpointAllowed } from '../src/notify/push-endpoints.js';

/** The allow-list of push services a Web Push message may go to (decision 0164). */
describe('push endpoints identity may send to', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bH',
    'https://fcm.googleapis.com/wp/dQw4w9WgXcQ',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
    'https://push.services.mozilla.com/wpush/v2/gAAAAABk',
    'https://web.push.apple.com/QGm0bHkHqzUqjR4',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
    'https://fcm.googleapis.com:443/fcm/send/abc',
  ])('takes a browser push service: %s', (endpoint) => {
    expect(pushEndpointAllowed(endpoint)).toBe(true);
  });

  it.each([
    'https://127.0.0.1/push/1',
    'https://127.0.0.1:8443/push/1',
    'https://localhost/push/1',
    'https://[::1]/push/1',
    'https://169.254.169.254/latest/meta-data/',
    'https://metadata.internal/computeMetadata/v1/',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://10.0.0.5/push',
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com:8443/fcm/send/abc',
    'https://user:secret@fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com.attacker.in/fcm/send/abc',
    'https://attackerfcm.googleapis.com/fcm/send/abc',
    'https://web.push.apple.com.attacker.in/abc',
    'https://push.apple.com/abc',
    'https://notify.windows.com.attacker.in/w/',
    'https://evilnotify.windows.com/w/',
    'not a url',
  ])('refuses anything else: %s', (endpoint) => {
    expect(pushEndpointAllowed(endpoint)).toBe(false);
  });

  it('takes a test origin only as given, port and all', () => {
    expect(pushEndpointAllowed('https://127.0.0.1:8443/push/1', ['https://127.0.0.1:8443'])).toBe(true);
    expect(pushEndpointAllowed('https://127.0.0.1:8444/push/1', ['https://127.0.0.1:8443'])).toBe(false);
    expect(pushEndpointAllowed('https://127.0.0.1/push/1', ['https://127.0.0.1:8443'])).toBe(false);
  });
});

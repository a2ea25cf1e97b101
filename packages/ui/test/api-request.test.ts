import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from '../src/api/api-request.js';

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('asks for JSON, sends JSON and passes the raw token as Authorization', async () => {
    const fetchMock = answer(201, { is_success: true, message: 'ok' });
    await expect(apiRequest('/user/contact', { body: { a: 1 }, token: 'tok' })).resolves.toEqual({ is_success: true, message: 'ok' });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/user/contact');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({ accept: 'application/json', 'content-type': 'application/json', authorization: 'tok' });
  });

  it('turns a failure envelope into an ApiError with the server message and field issues', async () => {
    answer(400, { is_success: false, message: 'email: Email must be a valid email address', issues: [{ path: 'email', message: 'bad' }] });
    const error = await apiRequest('/user/contact', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'email: Email must be a valid email address',
      issues: [{ path: 'email', message: 'bad' }],
    });
  });

  it('fails clearly when the server answers with something other than the envelope', async () => {
    answer(502, '<html>Bad gateway</html>');
    await expect(apiRequest('/user/contact')).rejects.toMatchObject({ status: 502, message: 'Request failed (502)' });
  });

  it('treats is_success false as a failure even with HTTP 200', async () => {
    answer(200, { is_success: false, error: 'Unauthorized' });
    await expect(apiRequest('/admin/users')).rejects.toMatchObject({ message: 'Unauthorized' });
  });
});

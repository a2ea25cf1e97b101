import { describe, expect, it } from 'vitest';
import { redactDeep, requestContext } from '../src/index.js';
import { captureLogger } from '../src/testing/index.js';

describe('logging', () => {
  it('masks credentials at any depth', () => {
    const { logger, text, lines } = captureLogger();
    logger.info(
      {
        headers: { authorization: 'Bearer abc123', cookie: 'session=zzz', 'x-request-id': 'r1' },
        body: { password: 'pa55', nested: { id_token: 'eyJhbGciOi', client_secret: 's3' }, email: 'a@b.in' },
        list: [{ apiKey: 'k1' }],
      },
      'incoming',
    );
    const out = text();
    for (const secret of ['abc123', 'zzz', 'pa55', 'eyJhbGciOi', 's3', 'k1']) expect(out).not.toContain(secret);
    const [line] = lines();
    expect(line).toMatchObject({ level: 'info', msg: 'incoming', body: { email: 'a@b.in' }, headers: { 'x-request-id': 'r1' } });
  });

  it('puts the request id on every line written while serving a request', async () => {
    const { logger, lines } = captureLogger();
    await requestContext.run({ requestId: 'req-42' }, async () => {
      logger.info('one');
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.child({ part: 'store' }).warn('two');
    });
    logger.info('outside');
    expect(lines().map((l) => l.request_id)).toEqual(['req-42', 'req-42', undefined]);
  });

  it('leaves ordinary values alone', () => {
    expect(redactDeep({ a: 1, b: [1, { c: 'x' }], d: null })).toEqual({ a: 1, b: [1, { c: 'x' }], d: null });
  });
});

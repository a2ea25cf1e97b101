import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, describeConfig, loadConfig, secret, settings } from '../src/index.js';

const schema = z.object({
  PORT: settings.port(3000),
  DATABASE_URL: secret(settings.postgresUrl),
  NATS_URL: settings.natsUrl.optional(),
  SERVICE_TOKEN: settings.serviceToken,
  LOG_LEVEL: settings.logLevel,
});

describe('configuration', () => {
  it('parses and defaults settings', () => {
    const config = loadConfig('svc', schema, {
      DATABASE_URL: 'postgres://u:p@db:5432/x',
      SERVICE_TOKEN: 'a'.repeat(40),
      NATS_URL: 'nats://n:4222',
    });
    expect(config).toMatchObject({ PORT: 3000, LOG_LEVEL: 'info', NATS_URL: 'nats://n:4222' });
  });

  it('lists every bad or missing setting at once, by name, without echoing values', () => {
    const leaked = 'hunter2-super-secret-value';
    let error: unknown;
    try {
      loadConfig('svc', schema, { PORT: 'eighty', DATABASE_URL: leaked, SERVICE_TOKEN: 'short', LOG_LEVEL: leaked });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems.map((p) => p.split(':')[0])).toEqual(['PORT', 'DATABASE_URL', 'SERVICE_TOKEN', 'LOG_LEVEL']);
    expect(message).toContain('svc cannot start');
    expect(message).not.toContain(leaked);
    expect(message).not.toContain('short');
  });

  it('says which settings are missing', () => {
    expect(() => loadConfig('svc', schema, {})).toThrow(/DATABASE_URL: required but not set[\s\S]*SERVICE_TOKEN: required but not set/);
  });

  it('treats an empty variable as unset', () => {
    expect(() => loadConfig('svc', schema, { DATABASE_URL: '', SERVICE_TOKEN: 'a'.repeat(32) })).toThrow(/DATABASE_URL: required/);
  });

  it('describes settings with secrets masked', () => {
    const config = loadConfig('svc', schema, { DATABASE_URL: 'postgres://u:pw@db/x', SERVICE_TOKEN: 't'.repeat(32) });
    const described = describeConfig(schema, config);
    expect(described).toMatchObject({ PORT: 3000, DATABASE_URL: '(set)', SERVICE_TOKEN: '(set)' });
    expect(JSON.stringify(described)).not.toContain('pw@');
  });
});

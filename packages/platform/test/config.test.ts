import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, describeConfig, loadConfig, loadConfigs, secret, settings } from '../src/index.js';

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

  it('masks the credentials inside any URL setting, secret or not', () => {
    const config = loadConfig('svc', schema, {
      DATABASE_URL: 'postgres://u:pw@db/x',
      SERVICE_TOKEN: 't'.repeat(32),
      NATS_URL: 'nats://plain:4222,nats://relay:s3cret-pass@nats.internal:4222',
    });
    const described = describeConfig(schema, config);
    expect(described.NATS_URL).toBe('nats://plain:4222,nats://***@nats.internal:4222');
    expect(JSON.stringify(described)).not.toMatch(/s3cret|relay|pw@/);
  });

  it('checks a process and all its parts in one pass, naming a shared setting once', () => {
    const part = z.object({ PUBLIC_URL: z.url().default('http://localhost:3000'), PASSWORD: secret(z.string().min(12)).optional() });
    const other = z.object({ PUBLIC_URL: z.url().default('http://localhost:3000') });
    let error: unknown;
    try {
      loadConfigs('all', { process: schema, part, other }, { PORT: 'eighty', PUBLIC_URL: 'nope', PASSWORD: 'tiny' }, [
        'X_URLS: required but not set',
      ]);
    } catch (e) {
      error = e;
    }
    expect((error as ConfigError).problems.map((p) => p.split(':')[0])).toEqual([
      'X_URLS',
      'PORT',
      'DATABASE_URL',
      'SERVICE_TOKEN',
      'PUBLIC_URL',
      'PASSWORD',
    ]);
    const parsed = loadConfigs('all', { process: schema, part }, { DATABASE_URL: 'postgres://db/x', SERVICE_TOKEN: 't'.repeat(32) });
    expect(parsed.part.PUBLIC_URL).toBe('http://localhost:3000');
    expect(parsed.process.PORT).toBe(3000);
  });
});

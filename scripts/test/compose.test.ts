import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SERVICE_NAMES, SERVICES } from '@elts/contracts';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// No Docker engine runs on the development machines, so compose.yaml is checked for shape, not run.
const compose = parse(readFileSync(fileURLToPath(new URL('../../compose.yaml', import.meta.url)), 'utf8'), { merge: true }) as {
  services: Record<
    string,
    { command?: string[]; environment?: Record<string, string | number>; healthcheck?: unknown; depends_on?: unknown }
  >;
};

describe('compose.yaml', () => {
  it('names the servers, every service, the gateway and the workflow worker', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['postgres', 'nats', 'temporal', 'temporal-ui', ...SERVICE_NAMES, 'gateway', 'worker'].sort(),
    );
  });

  it('gives every container a health check, the Temporal UI and the workflow worker included', () => {
    const unchecked = Object.entries(compose.services).filter(([, service]) => !service.healthcheck);
    expect(unchecked.map(([name]) => name)).toEqual([]);
  });

  it('gives each service its own database, its own port, NATS and the shared token, with a readiness health check', () => {
    const databases = new Set<string>();
    for (const name of SERVICE_NAMES) {
      const service = compose.services[name]!;
      expect(service.command, name).toEqual(['node', `services/${name}/dist/main.js`]);
      expect(service.environment?.PORT, name).toBe(SERVICES[name].port);
      expect(service.environment?.NATS_URL, name).toBe('nats://nats:4222');
      expect(String(service.environment?.SERVICE_TOKEN), name).toContain('SERVICE_TOKEN');
      expect(service.healthcheck, name).toBeDefined();
      databases.add(String(service.environment?.DATABASE_URL).split('/').pop()!);
    }
    expect(databases.size).toBe(SERVICE_NAMES.length);
  });

  it('tells the gateway where every service listens', () => {
    const env = compose.services.gateway!.environment!;
    for (const name of SERVICE_NAMES) {
      expect(env[`${name.toUpperCase().replace('-', '_')}_URLS`], name).toBe(`http://${name}:${SERVICES[name].port}`);
    }
  });

  it('gives the worker Temporal', () => {
    expect(compose.services.worker!.environment?.TEMPORAL_ADDRESS).toBe('temporal:7233');
    expect(compose.services.worker!.depends_on).toHaveProperty('temporal');
  });
});

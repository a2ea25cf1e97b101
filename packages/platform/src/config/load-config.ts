import { z } from 'zod';

/**
 * Settings whose values must never be printed. A schema marks a field secret by wrapping it with `secret()`;
 * `describeConfig` then shows only whether it is set.
 */
const secretFields = new WeakSet<z.ZodType>();

export function secret<T extends z.ZodType>(schema: T): T {
  secretFields.add(schema);
  return schema;
}

export class ConfigError extends Error {
  constructor(
    readonly processName: string,
    readonly problems: string[],
  ) {
    super(`${processName} cannot start: bad or missing settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** sysexits' EX_CONFIG: the process stopped on its settings, so starting it again cannot help (the supervisor won't). */
export const EXIT_BAD_CONFIG = 78;

/**
 * Parses the environment with one zod object schema per process. Every problem is reported at once, by setting
 * name, and no value is ever echoed back (a bad value might be a secret pasted into the wrong variable).
 */
export function loadConfig<S extends z.ZodObject>(processName: string, schema: S, env: Env = process.env): z.output<S> {
  return loadConfigs(processName, { config: schema }, env).config;
}

/**
 * One process's settings when it runs several parts (the process's own and each service module's): every schema is
 * checked against the environment before anything starts, and the problems of all of them, plus any `problems` the
 * caller found itself, stop start-up in one list. A setting several parts share is named once.
 */
export function loadConfigs<T extends Record<string, z.ZodObject>>(
  processName: string,
  schemas: T,
  env: Env = process.env,
  problems: string[] = [],
): { [K in keyof T]: z.output<T[K]> } {
  const found = new Set(problems);
  const parsed: Record<string, unknown> = {};
  for (const [part, schema] of Object.entries(schemas)) {
    const result = parseSettings(schema, env);
    if ('problems' in result) for (const problem of result.problems) found.add(problem);
    else parsed[part] = result.data;
  }
  if (found.size > 0) throw new ConfigError(processName, [...found]);
  return parsed as { [K in keyof T]: z.output<T[K]> };
}

function parseSettings<S extends z.ZodObject>(schema: S, env: Env): { data: z.output<S> } | { problems: string[] } {
  const input: Env = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    // An empty variable means "not set", as a shell `FOO=` would suggest.
    if (value !== undefined && value !== '') input[key] = value;
  }
  const result = schema.safeParse(input);
  if (result.success) return { data: result.data };
  return {
    problems: result.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(settings)';
      const isMissing = issue.code === 'invalid_type' && input[String(issue.path[0])] === undefined;
      return isMissing ? `${name}: required but not set` : `${name}: ${redactIssueMessage(issue.message)}`;
    }),
  };
}

// zod's messages for enums and literals list the allowed options, never the received value; patterns say only
// what they expected. Strip anything quoted that could be input, to be safe.
function redactIssueMessage(message: string): string {
  return message.replace(/received\s+["'`][^"'`]*["'`]/gi, 'received a different value');
}

/**
 * A printable view of the settings: secrets show as "(set)" or "(not set)", and the credentials inside any other URL
 * (`nats://user:password@host`) as `***`, whatever the setting is called.
 */
export function describeConfig<S extends z.ZodObject>(schema: S, config: z.output<S>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const value = (config as Record<string, unknown>)[key];
    out[key] = isSecret(field as z.ZodType) ? (value === undefined ? '(not set)' : '(set)') : maskUrlCredentials(value);
  }
  return out;
}

// scheme://userinfo@ — userinfo holds no unencoded '/', so a list of URLs ("nats://a:4222,nats://u:p@b") masks only
// the one that has credentials.
const URL_CREDENTIALS = /([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi;

function maskUrlCredentials(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(URL_CREDENTIALS, '$1***@') : value;
}

function isSecret(field: z.ZodType): boolean {
  let current: z.ZodType | undefined = field;
  // Unwrap optional/default wrappers so that secret(z.string()).optional() is still recognised.
  for (let depth = 0; current && depth < 5; depth++) {
    if (secretFields.has(current)) return true;
    const inner: unknown = (current as { unwrap?: () => unknown }).unwrap?.();
    current = inner instanceof z.ZodType ? inner : undefined;
  }
  return false;
}

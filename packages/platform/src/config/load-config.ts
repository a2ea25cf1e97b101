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

/**
 * Parses the environment with one zod object schema per process. Every problem is reported at once, by setting
 * name, and no value is ever echoed back (a bad value might be a secret pasted into the wrong variable).
 */
export function loadConfig<S extends z.ZodObject>(processName: string, schema: S, env: Env = process.env): z.output<S> {
  const input: Env = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    // An empty variable means "not set", as a shell `FOO=` would suggest.
    if (value !== undefined && value !== '') input[key] = value;
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(settings)';
    const isMissing = issue.code === 'invalid_type' && input[String(issue.path[0])] === undefined;
    return isMissing ? `${name}: required but not set` : `${name}: ${redactIssueMessage(issue.message)}`;
  });
  throw new ConfigError(processName, problems);
}

// zod's messages for enums and literals list the allowed options, never the received value; patterns say only
// what they expected. Strip anything quoted that could be input, to be safe.
function redactIssueMessage(message: string): string {
  return message.replace(/received\s+["'`][^"'`]*["'`]/gi, 'received a different value');
}

/** A printable view of the settings: secrets show as "(set)" or "(not set)". */
export function describeConfig<S extends z.ZodObject>(schema: S, config: z.output<S>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const value = (config as Record<string, unknown>)[key];
    out[key] = isSecret(field as z.ZodType) ? (value === undefined ? '(not set)' : '(set)') : value;
  }
  return out;
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

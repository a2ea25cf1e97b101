/** Any key that looks like it holds a credential is masked, at any depth. Over-masking is the safe failure. */
const SENSITIVE_KEY = /(authorization|cookie|password|passwd|secret|token|credential|api[-_]?key|signature)/i;
export const REDACTED = '[redacted]';

export function redactDeep(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, depth + 1));
  if (value instanceof Error) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = SENSITIVE_KEY.test(key) ? REDACTED : redactDeep(inner, depth + 1);
  }
  return out;
}

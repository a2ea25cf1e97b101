import type { Context, MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import { z } from 'zod';
import { AppError, badRequest, type ValidationIssue } from './errors.js';

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

export function toIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: messageOf(issue),
  }));
}

function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return `Unknown field(s): ${issue.keys.join(', ')}`;
  // zod's default for a missing field ("expected string, received undefined") is jargon; say what it means.
  if (issue.code === 'invalid_type' && issue.input === undefined && issue.message.startsWith('Invalid input')) return 'Required';
  return issue.message;
}

/**
 * The refusal's `message`, which screens show as it is: the first issue's own sentence, never a schema path or a
 * developer's prefix (docs/decisions/0007). Every issue, with its path, stays in `issues` (and `fields`) for forms.
 * A bare 'Required' says nothing without its field, so it is the one message given the field's name.
 */
export function refusalMessage(issues: ValidationIssue[]): string {
  const first = issues[0];
  if (!first) return 'This request could not be read.';
  if (first.message === 'Required' && first.path) return `${fieldLabel(first.path)} is required.`;
  return first.message;
}

/** "first_name" or "saleStartAt" (the last named part of a path) as words: "First name", "Sale start at". */
function fieldLabel(path: string): string {
  const name =
    path
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? path;
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Parses `value` with `schema`, or throws a 400 whose message is the first issue's sentence and whose issues name each bad field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  if (containsNul(value)) throw badRequest(`Invalid ${where}: text may not contain a NUL character`);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = toIssues(result.error);
  throw badRequest(refusalMessage(issues), issues);
}

/** PostgreSQL stores no NUL in text or jsonb: such input is refused here rather than failing at the database. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  for (const [key, item] of Object.entries(value)) if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  return false;
}

// A body's top-level object rejects unknown fields, so a typo in a field name is an error instead of silently lost data.
function strictTopLevel<S extends z.ZodType>(schema: S): z.ZodType {
  return schema instanceof z.ZodObject ? schema.strict() : schema;
}

async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim() ?? '';
  if (!JSON_MEDIA_TYPE.test(mediaType)) {
    throw new AppError(415, 'unsupported_media_type', 'Content-Type must be application/json');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('Malformed JSON body');
  }
}

/**
 * Validates a JSON body. An empty body counts as `{}` (the spec posts some calls with no body), whatever its
 * content type. Hono's own json validator is used only for its types: it would let a wrong content type through
 * as `{}` and refuse an empty JSON body.
 */
export const jsonBody = <S extends z.ZodType>(schema: S) => {
  const strict = strictTopLevel(schema);
  const typed = validator('json', (value): z.output<S> => value as z.output<S>);
  const handler: MiddlewareHandler = async (c, next) => {
    c.req.addValidatedData('json', parseOrThrow(strict, await readJsonBody(c), 'request body') as object);
    await next();
  };
  return handler as unknown as typeof typed;
};

export const queryParams = <S extends z.ZodType>(schema: S) =>
  validator('query', (value): z.output<S> => parseOrThrow(schema, value, 'query'));

export const pathParams = <S extends z.ZodType>(schema: S) =>
  validator('param', (value): z.output<S> => parseOrThrow(schema, value, 'path'));

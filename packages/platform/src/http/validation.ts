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
  const unstorable = unstorableText(value);
  if (unstorable)
    throw badRequest(unstorableMessage(unstorable, where), [{ path: unstorable.path, message: 'Contains an invalid character' }]);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = toIssues(result.error);
  throw badRequest(refusalMessage(issues), issues);
}

/**
 * Text no database column can hold: a NUL (PostgreSQL stores none in text or jsonb) or a UTF-16 surrogate without its
 * pair (`"\ud800"` in JSON; PostgreSQL refuses it as invalid Unicode). JSON can carry both, so every operation's
 * input is searched for them here, once, before its schema or handler sees it: a 400 rather than a 500 from the
 * database. With the `u` flag a regular expression reads by code point, so `\p{Cs}` matches only an unpaired half.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL is one of the two things looked for
const UNSTORABLE = /[\u0000\p{Cs}]/u;

interface UnstorableText {
  /** Dotted path of the string holding it, as in a validation issue. */
  path: string;
  /** Whether it is in a field's name rather than its value. */
  inName: boolean;
}

/** Where in `value` (a parsed body, query or path) the first unstorable text is, or undefined if it has none. */
export function unstorableText(value: unknown, path: string[] = []): UnstorableText | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? { path: path.join('.'), inName: false } : undefined;
  if (path.length > 64 || value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return { path: path.join('.'), inName: true };
    const found = unstorableText(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** "City contains an invalid character." about the field, never its path; a field's name is not repeated if it is the bad part. */
function unstorableMessage({ path, inName }: UnstorableText, where: string): string {
  if (inName) return `A field name in the ${where} contains an invalid character.`;
  if (!path) return `The ${where} contains an invalid character.`;
  return `${fieldLabel(path)} contains an invalid character.`;
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

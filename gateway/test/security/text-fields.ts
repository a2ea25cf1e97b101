import { z } from 'zod';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** A place in a body: object keys, `0` for an array's first item, and RECORD_KEY for a key of a record (free keys). */
export type TextField = string[];
export const RECORD_KEY = '*';

/**
 * Every place a request schema takes text: the paths of its string fields, however deep (in objects, arrays, records,
 * unions, optional and nullable fields), and a record's free keys. Read from the schema's JSON Schema form, which
 * already unwraps what zod wraps; so a field added to an operation is fuzzed without anyone listing it.
 */
export function textFieldsOf(schema: z.ZodType): TextField[] {
  const found = new Map<string, TextField>();
  const walk = (node: JsonSchema | boolean | undefined, path: TextField, depth: number) => {
    if (!node || node === true || depth > 12) return;
    const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
    if (types.includes('string')) found.set(path.join('.'), path);
    for (const [key, property] of Object.entries(node.properties ?? {})) walk(property, [...path, key], depth + 1);
    if (node.additionalProperties && typeof node.additionalProperties === 'object') {
      found.set([...path, RECORD_KEY].join('.'), [...path, RECORD_KEY]);
      walk(node.additionalProperties, [...path, 'free_text_key'], depth + 1);
    }
    walk(node.items, [...path, '0'], depth + 1);
    for (const [index, item] of (node.prefixItems ?? []).entries()) walk(item, [...path, String(index)], depth + 1);
    for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) walk(branch, path, depth + 1);
  };
  walk(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema, [], 0);
  return [...found.values()].filter((path) => path.length > 0);
}

/**
 * `body` with `text` at `field`, building the objects and arrays on the way that the body lacks. At a RECORD_KEY the
 * text becomes a key of that record instead of a value.
 */
export function withTextAt(body: unknown, field: TextField, text: string): unknown {
  const [head, ...rest] = field;
  if (head === undefined) return text;
  if (head === RECORD_KEY) return { ...(isObject(body) ? body : {}), [text]: 'x' };
  if (/^\d+$/.test(head)) {
    const list = Array.isArray(body) ? [...body] : [];
    list[Number(head)] = withTextAt(list[Number(head)], rest, text);
    return list;
  }
  const object = isObject(body) ? { ...body } : {};
  object[head] = withTextAt(object[head], rest, text);
  return object;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

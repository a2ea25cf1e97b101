import { z } from 'zod';
import { SESSION_COOKIES } from '../sessions.js';
import { OPERATIONS } from './index.js';
import type { OperationSpec, Produces } from './operation.js';

type JsonSchema = Record<string, unknown>;

const MEDIA_TYPES: Record<Exclude<Produces, 'json' | 'redirect'>, string> = {
  html: 'text/html',
  text: 'text/plain',
  csv: 'text/csv',
  pdf: 'application/pdf',
  svg: 'image/svg+xml',
  css: 'text/css',
  javascript: 'text/javascript',
};

/** The failure envelope every call answers a refusal with (packages/platform's failureBody). */
const failure = z.object({
  is_success: z.literal(false),
  message: z.string(),
  error: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  fields: z.record(z.string(), z.string()).optional(),
  request_id: z.string().optional(),
});

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Transforms and refinements have no JSON Schema form: the document shows the shape, the service keeps the rule.
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const object = jsonSchemaOf(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function headersOf(op: OperationSpec): JsonSchema[] {
  return (op.headers ?? []).map((header) => ({
    name: header.name,
    in: 'header',
    required: header.required,
    description: header.description,
    schema: { type: 'string', ...(header.pattern ? { pattern: header.pattern } : {}) },
  }));
}

const SECURITY: Record<OperationSpec['access'], Array<Record<string, string[]>>> = {
  public: [],
  signed: [],
  internal: [],
  member: [{ memberToken: [] }, { memberCookie: [] }],
  admin: [{ adminToken: [] }, { adminCookie: [] }],
};

function responsesOf(op: OperationSpec): JsonSchema {
  const status = String(op.status ?? (op.produces === 'redirect' ? 302 : 200));
  const produces = op.produces ?? 'json';
  const success =
    produces === 'redirect'
      ? { description: 'Redirects to the next page', headers: { Location: { schema: { type: 'string' } } } }
      : produces === 'json'
        ? { description: op.summary, content: { 'application/json': { schema: jsonSchemaOf(op.response as z.ZodType, 'input') } } }
        : { description: op.summary, content: { [MEDIA_TYPES[produces]]: { schema: { type: 'string' } } } };
  return {
    [status]: success,
    default: {
      description: 'A refusal or a failure, with a sentence for people',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
    },
  };
}

/**
 * The OpenAPI 3.1 document of the public API, from the operation table: every operation a client can reach through
 * the gateway in production, its parameters, headers, body and answer as the services validate them. Internal
 * operations are not reachable, and development-only ones (the development sign-in, the mailbox, the payment
 * simulator) answer 404 in production, so neither is listed: a client generated from the document calls only what is there.
 */
export function openApiDocument(operations: readonly OperationSpec[] = OPERATIONS): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of operations) {
    if (op.access === 'internal' || op.developmentOnly) continue;
    const path = op.path.replace(/:(\w+)/g, '{$1}');
    const parameters = [...parametersOf(op.params, 'path'), ...parametersOf(op.query, 'query'), ...headersOf(op)];
    const methods = paths[path] ?? {};
    paths[path] = methods;
    methods[op.method.toLowerCase()] = {
      operationId: op.id,
      summary: op.summary,
      tags: [op.owner],
      security: SECURITY[op.access],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(op.body, 'input') } } } } : {}),
      responses: responsesOf(op),
      ...(op.access === 'signed' ? { 'x-signed-callback': true } : {}),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'ELTS Club API',
      version: '1.0.0',
      description:
        'The members-only deals community: members, the catalogue, orders, payments and the back office. Amounts are rupees in answers unless a field says paise; times are ISO 8601 in UTC.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { Failure: jsonSchemaOf(failure, 'output') },
      securitySchemes: {
        memberToken: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: "A member session's token, with no scheme prefix",
        },
        memberCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIES.member },
        adminToken: { type: 'apiKey', in: 'header', name: 'Authorization', description: "An admin session's token, with no scheme prefix" },
        adminCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIES.admin },
      },
    },
  };
}

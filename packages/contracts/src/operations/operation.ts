// Types only: pages take this file (through `API` and `addressOf`) and must not take the schema library with it.
import type { z } from 'zod';
import type { ServiceName } from '../services.js';

/**
 * Who may call an operation. The mount helper enforces it before anything is read, the gateway forwards only what
 * is not internal, and the authorization suite checks every route against it.
 * - public: anyone, with or without a session.
 * - member: a member session (an admin session alone is not one).
 * - admin: an admin session.
 * - internal: another service, with the service token; never reachable through the gateway.
 * - signed: a provider's callback that proves itself by its signature, never by a session (the handler checks it).
 */
export type Access = 'public' | 'member' | 'admin' | 'internal' | 'signed';
export const ACCESS_KINDS: readonly Access[] = ['public', 'member', 'admin', 'internal', 'signed'];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a successful call answers: the API's JSON envelope, or a page, file or redirect for a person or a browser. */
export type Produces = 'json' | 'html' | 'text' | 'csv' | 'pdf' | 'svg' | 'css' | 'javascript' | 'redirect';

export interface OperationSpec {
  /** Unique in the table: the OpenAPI operationId and the name code refers to. */
  readonly id: string;
  readonly method: HttpMethod;
  /** Hono's form: `/product/order/:id`. */
  readonly path: string;
  readonly owner: ServiceName;
  readonly access: Access;
  /** One line for the reference: what the call does, in the product's words. */
  readonly summary: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The whole JSON answer of a success (the envelope and what it carries). Required when `produces` is json. */
  readonly response?: z.ZodType;
  /** Defaults to json. */
  readonly produces?: Produces;
  /** A success's status when it is not 200 (201 for a creation, 302 for a redirect). */
  readonly status?: number;
  /** A member operation's sentence for a caller with no member session, when the spec has its own words. */
  readonly signInMessage?: string;
  /** Served only outside production (the development sign-in provider, the mailbox, the payment simulator). */
  readonly developmentOnly?: boolean;
  /** Request headers the handler reads itself (an idempotency key, a provider's signature), for the reference. */
  readonly headers?: readonly HeaderSpec[];
}

/** A request header an operation reads, as the OpenAPI document declares it. */
export interface HeaderSpec {
  readonly name: string;
  readonly required: boolean;
  readonly description: string;
  /** A regular expression the value must match (the handler refuses others). */
  readonly pattern?: string;
}

/**
 * Declares one operation of the table. The `const` parameter keeps the literal path, method and schemas in the type,
 * so a handler's validated input and a client's answer are typed from the same declaration.
 */
export function operation<const O extends OperationSpec>(spec: O): O {
  if ((spec.produces ?? 'json') === 'json' && !spec.response) throw new Error(`${spec.id}: a JSON operation declares its response`);
  return spec;
}

/**
 * An operation as a page calls it: its id, method and path, with no schema behind it (so a page's bundle does not
 * take in the schema library), typed as the operation it stands for. `API` (routes.ts) holds one per operation.
 */
export interface OperationRoute<O extends OperationSpec = OperationSpec> {
  readonly id: O['id'];
  readonly method: O['method'];
  readonly path: O['path'];
  /** Type only: the operation whose request and answer a call through this route has. */
  readonly __operation?: O;
}

type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;

/** An operation, or a page's route standing for one: what the types below accept. */
export type AnyOperation = OperationSpec | OperationRoute<any>;
/** The operation a route stands for (an operation stands for itself). */
export type OperationOf<X> = X extends { readonly __operation?: infer O } ? (NonNullable<O> extends OperationSpec ? NonNullable<O> : X) : X;

/** What a handler receives after validation. */
export type ParamsOf<O extends AnyOperation> = OutputOf<OperationOf<O>['params']>;
export type QueryOf<O extends AnyOperation> = OutputOf<OperationOf<O>['query']>;
export type BodyOf<O extends AnyOperation> = OutputOf<OperationOf<O>['body']>;
/** What a handler answers (before any transform a response schema declares). */
export type AnswerOf<O extends AnyOperation> = InputOf<OperationOf<O>['response']>;
/** What a client reads back. */
export type ResponseOf<O extends AnyOperation> = OutputOf<OperationOf<O>['response']>;
/** The `data` of an enveloped answer. */
export type DataOf<O extends AnyOperation> = ResponseOf<O> extends { data?: infer D } ? D : never;

type Optionalise<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };
/** What a client sends: each part the operation declares, in its input form (before defaults and coercion). */
export type RequestOf<X extends AnyOperation, O extends OperationSpec = OperationOf<X>> = Optionalise<'params', InputOf<O['params']>> &
  Optionalise<'query', InputOf<O['query']>> &
  Optionalise<'body', InputOf<O['body']>>;

/** `/product/order/:id` with its parameters filled in, each encoded as a path segment. */
export function pathOf(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/** A query object as a search string (`?page=2&status=failed`), leaving out empty values. */
export function searchOf(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The address a client calls: the path with its parameters, then the query. */
export function addressOf(op: { path: string }, request: { params?: unknown; query?: unknown }): string {
  return pathOf(op.path, request.params as Record<string, string> | undefined) + searchOf(request.query as Record<string, unknown>);
}

/** Whether a concrete path is an operation's (`/product/order/OD1` is `/product/order/:id`'s). */
export function pathMatcher(path: string): RegExp {
  const pattern = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}/?$`);
}

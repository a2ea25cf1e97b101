import type { BodyOf, OperationSpec, ParamsOf, QueryOf } from '@elts/contracts';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-factory.js';
import { AppError } from './errors.js';
import { requireAdmin, requireMember } from './principal.js';
import { jsonBody, pathParams, queryParams, toIssues } from './validation.js';

/** A handler's context: its path parameters, query and body already validated against the operation's schemas. */
export type OperationContext<O extends OperationSpec> = Context<
  AppEnv,
  string,
  { out: { param: ParamsOf<O>; query: QueryOf<O>; json: BodyOf<O> } }
>;
export type OperationHandler<O extends OperationSpec> = (c: OperationContext<O>) => Response | Promise<Response>;

// Answers are checked against their schema while the product is developed and tested, never in production, where a
// drifted answer is better served than refused (and the check would cost every call a second parse). The benchmarks
// turn it off (ANSWER_CHECKS=off) to measure what production runs.
const CHECK_ANSWERS = process.env.NODE_ENV !== 'production' && process.env.ANSWER_CHECKS !== 'off';

/**
 * Serves one operation of the contract table on `app`: who may call it (before anything is read), then its path
 * parameters, query and body (a 400 with the first problem's sentence), then the handler. Outside production the
 * answer of a success is checked against the operation's response schema, so a handler that drifts from the
 * contract fails its tests instead of its clients.
 */
export function mount<O extends OperationSpec>(app: Hono<AppEnv>, op: O, handler: OperationHandler<O>): void {
  const steps: MiddlewareHandler<AppEnv>[] = [accessCheck(op)];
  if (CHECK_ANSWERS && op.response) steps.push(answerCheck(op));
  if (op.params) steps.push(pathParams(op.params) as unknown as MiddlewareHandler<AppEnv>);
  if (op.query) steps.push(queryParams(op.query) as unknown as MiddlewareHandler<AppEnv>);
  if (op.body) steps.push(jsonBody(op.body) as unknown as MiddlewareHandler<AppEnv>);
  // Hono's overloads type a fixed number of handlers; the steps here vary with what the operation declares.
  const register = app.on.bind(app) as unknown as (method: string, path: string, ...handlers: MiddlewareHandler<AppEnv>[]) => void;
  register(op.method, op.path, ...steps, handler as unknown as MiddlewareHandler<AppEnv>);
}

function accessCheck(op: OperationSpec): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (op.access === 'member') requireMember(c, op.signInMessage);
    else if (op.access === 'admin') requireAdmin(c);
    // Internal operations are behind the app's service-token check on /internal/*; public and signed ones are
    // anyone's (a signed callback's handler checks its signature).
    await next();
  };
}

function answerCheck(op: OperationSpec): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const type = c.res.headers.get('content-type') ?? '';
    if (c.res.status >= 300 || !type.includes('json') || !op.response) return;
    const answer = await c.res.clone().json();
    const checked = op.response.safeParse(answer);
    if (checked.success) return;
    const problems = toIssues(checked.error)
      .slice(0, 5)
      .map((issue) => `${issue.path || '(answer)'}: ${issue.message}`)
      .join('; ');
    throw new AppError(500, 'answer_off_contract', `${op.id} answered outside its contract: ${problems}`);
  };
}

import { addressOf, type OperationRoute, type OperationSpec, type RequestOf, type ResponseOf } from '@elts/contracts';
import { type ApiRequestOptions, apiRequest } from './api-request.js';

export type CallOptions = Omit<ApiRequestOptions, 'method' | 'body'>;

/**
 * Calls one operation of the contract table from a page: its method and address come from the table, its body and
 * answer are typed from the operation's schemas, so a screen cannot drift from what the service answers.
 */
export async function callOperation<O extends OperationSpec>(
  op: OperationRoute<O>,
  request: RequestOf<O>,
  options: CallOptions = {},
): Promise<ResponseOf<O>> {
  const { body } = request as { body?: unknown };
  return (await apiRequest(addressOf(op, request), {
    ...options,
    method: op.method,
    ...(body === undefined ? {} : { body }),
  })) as ResponseOf<O>;
}

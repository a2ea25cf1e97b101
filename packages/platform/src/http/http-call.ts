import { Readable } from 'node:stream';
import { Agent, request } from 'undici';

/**
 * One keep-alive pool for every call between this product's processes. It closes an idle connection after 4 s, before
 * a Node server would (5 s), so a call never goes out on a socket the server is closing.
 */
const pool = new Agent({ keepAliveTimeout: 4_000 });

/** Request headers undici sets itself or refuses to be given: connection management and the body's framing. */
const TRANSPORT_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'expect',
  'content-length',
]);
/**
 * Response headers that described the hop, not the body handed on (its length is set again when it is sent). The
 * body is handed on as it came, still encoded if it was, so its content-encoding stays.
 */
const HOP_RESPONSE_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive']);
/** An answer up to this size is read whole before it is handed on; a larger or unsized one (a CSV) streams. */
const BUFFERED_MAX_BYTES = 1024 * 1024;

export interface HttpCall {
  method: string;
  url: URL;
  headers: Headers | Record<string, string>;
  body?: Uint8Array | string;
  /** How long to wait for the answer's headers, and then for each part of its body (undici checks about every half second). */
  timeoutMs: number;
}

/**
 * An HTTP call to another process of the product, answered as a fetch Response. Made with undici's request API, not
 * fetch(): fetch builds a WHATWG Request, a signal and a streamed Response for every call, about twice the CPU for
 * an 11 KB answer on this machine (issue 8, the distributed topology's cost). Errors keep undici's codes
 * (`ECONNREFUSED` when nothing listens, `UND_ERR_HEADERS_TIMEOUT` when the answer is late).
 */
export async function httpCall(call: HttpCall): Promise<Response> {
  const headers: Record<string, string> = {};
  const entries = call.headers instanceof Headers ? call.headers.entries() : Object.entries(call.headers);
  for (const [name, value] of entries) if (!TRANSPORT_HEADERS.has(name.toLowerCase())) headers[name] = value;
  const answer = await request(call.url, {
    dispatcher: pool,
    method: call.method as never,
    headers,
    body: call.body,
    headersTimeout: call.timeoutMs,
    bodyTimeout: call.timeoutMs,
  });
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined || HOP_RESPONSE_HEADERS.has(name)) continue;
    for (const each of Array.isArray(value) ? value : [value]) responseHeaders.append(name, each);
  }
  const init = { status: answer.statusCode, headers: responseHeaders };
  if (call.method === 'HEAD' || answer.statusCode === 204 || answer.statusCode === 304) {
    await answer.body.dump();
    return new Response(null, init);
  }
  const length = Number(answer.headers['content-length']);
  if (length <= BUFFERED_MAX_BYTES) return new Response(await answer.body.arrayBuffer(), init);
  return new Response(Readable.toWeb(answer.body) as ReadableStream<Uint8Array>, init);
}

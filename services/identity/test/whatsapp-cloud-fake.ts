import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local WhatsApp Business Cloud API, as Meta documents its messages endpoint for template messages:
 * `POST /{version}/{phone-number-id}/messages` with a bearer token and a JSON body of `messaging_product: "whatsapp"`,
 * an optional `recipient_type: "individual"`, `to` (a phone number in digits, an optional +), `type: "template"` and
 * `template: { name, language: { code, policy? }, components? }`, each component a `header`, `body`, `footer` or
 * `button` (a button with `sub_type` and `index`) whose `parameters` are typed (`text`, `currency`, `date_time`,
 * `image`, `document`, `video`, `payload`). Keys outside the schema are refused (error 100), a wrong token with 190,
 * an unknown template or language with 132001, a parameter count unlike the template's with 132000, a text parameter
 * with new lines, tabs or more than four spaces in a row with 132018. A success answers Meta's shape with a `wamid.`
 * id. Templates are registered with their category, as approved in WhatsApp Manager.
 *
 * Given a webhook, it also plays Meta's side of it (docs/decisions/0168): the subscription handshake (a GET with
 * `hub.mode=subscribe`, `hub.verify_token` and a `hub.challenge` the callback must echo), and a message's statuses
 * (`sent`, `delivered`, `read`, `failed` with `errors`) as Meta's `whatsapp_business_account` notification, signed with
 * `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the body keyed with the app secret>`.
 */

export interface FakeTemplate {
  name: string;
  language: string;
  category: 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';
  bodyParameters: number;
}

export interface ReceivedTemplateMessage {
  /** The wamid the fake answered with. */
  id: string;
  to: string;
  template: string;
  category: FakeTemplate['category'];
  parameters: string[];
  body: unknown;
}

class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly type = 'OAuthException',
  ) {
    super(message);
  }
}

const PARAMETER_TYPES = new Set(['text', 'currency', 'date_time', 'image', 'document', 'video', 'payload']);
const COMPONENT_TYPES = new Set(['header', 'body', 'footer', 'button']);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function onlyKeys(value: Record<string, unknown>, allowed: string[], where: string) {
  for (const key of Object.keys(value))
    if (!allowed.includes(key)) throw new GraphError(400, 100, `(#100) Param ${where}${key} is not a valid parameter`);
}

function required<T>(ok: boolean, value: T, message: string): T {
  if (!ok) throw new GraphError(400, 100, `(#100) ${message}`);
  return value;
}

/** Checks a request body against the template message schema; the body parameters' texts. */
export function validateTemplateMessage(
  body: unknown,
  templates: FakeTemplate[],
): { to: string; template: FakeTemplate; parameters: string[] } {
  required(isObject(body), body, 'The request body must be a JSON object');
  const message = body as Record<string, unknown>;
  onlyKeys(message, ['messaging_product', 'recipient_type', 'to', 'type', 'template', 'biz_opaque_callback_data'], '');
  required(message.messaging_product === 'whatsapp', 0, 'The parameter messaging_product is required and must be whatsapp');
  required(message.recipient_type === undefined || message.recipient_type === 'individual', 0, 'recipient_type must be individual');
  const to = required(
    typeof message.to === 'string' && /^\+?\d{8,15}$/.test(message.to),
    message.to as string,
    'to must be a phone number',
  );
  required(message.type === 'template', 0, 'type must be template for a business-initiated message');
  const template = required(isObject(message.template), message.template as Record<string, unknown>, 'template is required');
  onlyKeys(template, ['name', 'language', 'components'], 'template[');
  const name = required(
    typeof template.name === 'string' && /^[a-z0-9_]{1,512}$/.test(template.name),
    template.name as string,
    'template[name] is invalid',
  );
  const language = required(isObject(template.language), template.language as Record<string, unknown>, 'template[language] is required');
  onlyKeys(language, ['code', 'policy'], 'template[language][');
  required(typeof language.code === 'string' && language.policy !== 'fallback', 0, 'template[language][code] is required');
  const components = template.components ?? [];
  required(Array.isArray(components), 0, 'template[components] must be an array');
  const texts: string[] = [];
  for (const component of components as unknown[]) {
    required(isObject(component), 0, 'a component must be an object');
    const part = component as Record<string, unknown>;
    onlyKeys(part, ['type', 'sub_type', 'index', 'parameters'], 'template[components][');
    required(typeof part.type === 'string' && COMPONENT_TYPES.has(part.type), 0, 'a component type must be header, body, footer or button');
    if (part.type === 'button')
      required(typeof part.sub_type === 'string' && part.index !== undefined, 0, 'a button needs sub_type and index');
    required(Array.isArray(part.parameters), 0, 'a component needs parameters');
    for (const parameter of part.parameters as unknown[]) {
      required(isObject(parameter), 0, 'a parameter must be an object');
      const typed = parameter as Record<string, unknown>;
      required(typeof typed.type === 'string' && PARAMETER_TYPES.has(typed.type), 0, 'a parameter type is not one of the documented types');
      if (typed.type !== 'text') continue;
      onlyKeys(typed, ['type', 'text', 'parameter_name'], 'parameter[');
      required(typeof typed.text === 'string' && typed.text.length > 0, 0, 'a text parameter needs its text');
      if (/[\n\t]| {5,}/.test(typed.text as string))
        throw new GraphError(400, 132018, "(#132018) There's an issue with the parameters in your template");
      if (part.type === 'body') texts.push(typed.text as string);
    }
  }
  const known = templates.find((one) => one.name === name && one.language === language.code);
  if (!known) throw new GraphError(404, 132001, '(#132001) Template name does not exist in the translation');
  if (texts.length !== known.bodyParameters)
    throw new GraphError(400, 132000, '(#132000) Number of parameters does not match the expected number of params');
  return { to, template: known, parameters: texts };
}

/** Where the fake sends Meta's webhooks: the callback URL, the app's secret and verify token, and how to reach it. */
export interface FakeWebhook {
  url: string;
  appSecret: string;
  verifyToken: string;
  /** A stand-in for the network (a service's app in the test's process); global fetch otherwise. */
  fetch?: (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<Response>;
}

export type FakeStatus = 'sent' | 'delivered' | 'read' | 'failed';

/** Meta's status notification for one message, as its webhook reference shows it. */
export function statusNotification(
  message: { id: string; to: string; category: string },
  status: FakeStatus,
  at: Date,
  phoneNumberId: string,
) {
  const billable = status === 'sent' || status === 'delivered';
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
              statuses: [
                {
                  id: message.id,
                  status,
                  timestamp: String(Math.floor(at.getTime() / 1000)),
                  recipient_id: message.to,
                  ...(billable
                    ? { pricing: { billable: true, pricing_model: 'PMP', category: message.category.toLowerCase(), type: 'regular' } }
                    : {}),
                  ...(status === 'failed'
                    ? {
                        errors: [
                          {
                            code: 131026,
                            title: 'Message undeliverable',
                            message: 'Message undeliverable',
                            error_data: { details: 'Message Undeliverable.' },
                          },
                        ],
                      }
                    : {}),
                },
              ],
            },
          },
        ],
      },
    ],
  };
}

export async function startWhatsAppCloudFake(options: {
  phoneNumberId: string;
  accessToken: string;
  templates: FakeTemplate[];
  webhook?: FakeWebhook;
}) {
  const received: ReceivedTemplateMessage[] = [];
  const refused: { status: number; code: number; message: string }[] = [];
  // failNextBeforeAnswer: Meta's 'failed' for the next message reaches the webhook before the send's answer does.
  const state = { throttleNext: 0, failNextBeforeAnswer: false };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    try {
      const path = /^\/(v\d+\.\d)\/(\d+)\/messages$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !path) throw new GraphError(400, 100, 'Unsupported request');
      if (request.headers.authorization !== `Bearer ${options.accessToken}`)
        throw new GraphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
      if (path[2] !== options.phoneNumberId)
        throw new GraphError(400, 100, `Unsupported post request. Object with ID '${path[2]}' does not exist`);
      if (!String(request.headers['content-type']).startsWith('application/json'))
        throw new GraphError(400, 100, 'The request body must be JSON');
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        throw new GraphError(400, 100, 'The request body is not valid JSON');
      }
      if (state.throttleNext > 0) {
        state.throttleNext--;
        throw new GraphError(429, 130429, '(#130429) Rate limit hit');
      }
      const { to, template, parameters } = validateTemplateMessage(body, options.templates);
      const id = `wamid.${randomBytes(24).toString('base64url')}`;
      const message = { id, to, template: template.name, category: template.category, parameters, body };
      received.push(message);
      if (state.failNextBeforeAnswer) {
        state.failNextBeforeAnswer = false;
        await notify(message, 'failed');
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [{ input: to, wa_id: to.replace(/^\+/, '') }],
          messages: [{ id, message_status: 'accepted' }],
        }),
      );
    } catch (error) {
      const graph = error instanceof GraphError ? error : new GraphError(500, 1, String(error));
      refused.push({ status: graph.status, code: graph.code, message: graph.message });
      response.writeHead(graph.status, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: { message: graph.message, type: graph.type, code: graph.code, fbtrace_id: randomBytes(8).toString('hex') },
        }),
      );
    }
  }

  const hook = () => {
    if (!options.webhook) throw new Error('the fake was started without a webhook');
    return { ...options.webhook, fetch: options.webhook.fetch ?? fetch };
  };

  async function notify(message: ReceivedTemplateMessage, status: FakeStatus, how: { at?: Date; signWith?: string } = {}) {
    const { url, appSecret, fetch: send } = hook();
    const body = JSON.stringify(statusNotification(message, status, how.at ?? new Date(), options.phoneNumberId));
    const signature = createHmac('sha256', how.signWith ?? appSecret)
      .update(body)
      .digest('hex');
    return send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${signature}` },
      body,
    });
  }

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    refused,
    state,
    /** Meta's subscription handshake: whether the callback echoed the challenge (with `verifyToken` as Meta sends it). */
    async verifyWebhook(verifyToken = hook().verifyToken): Promise<{ status: number; echoed: boolean }> {
      const { url, fetch: send } = hook();
      const challenge = String(randomBytes(4).readUInt32BE());
      const query = new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.challenge': challenge, 'hub.verify_token': verifyToken });
      const answer = await send(`${url}?${query}`, { method: 'GET', headers: {} });
      return { status: answer.status, echoed: (await answer.text()) === challenge };
    },
    /** Sends a message's status as Meta does, signed with the app secret (or `signWith`); the callback's answer. */
    sendStatus: notify,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

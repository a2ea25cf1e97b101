/**
 * The WhatsApp port and its real adapter, Meta's WhatsApp Business Cloud API (docs/decisions/0160): a business may
 * start a conversation only with an approved template, sent as `POST /{version}/{phone-number-id}/messages` with
 * `type: "template"`. Each template has a category Meta prices and polices apart: MARKETING (a drop alert) or UTILITY
 * (a renewal, a payment). A renewal or payment message is never sent with a marketing template, nor an alert with a
 * utility one: `WhatsAppCloudSender` refuses before calling Meta.
 */

export type TemplateCategory = 'MARKETING' | 'UTILITY';

/** What a message is for, and the only category its template may have. */
export const PURPOSE_CATEGORIES = {
  drop_alert: 'MARKETING',
  renewal_notice: 'UTILITY',
  payment_update: 'UTILITY',
  /** A unit from the waitlist is reserved for the member: about their own order (docs/decisions/0164). */
  waitlist_handover: 'UTILITY',
} as const satisfies Record<string, TemplateCategory>;
export type MessagePurpose = keyof typeof PURPOSE_CATEGORIES;

/** An approved template: its name and language as Meta knows them, its category, and its body's {{n}} count. */
export interface WhatsAppTemplate {
  name: string;
  language: string;
  category: TemplateCategory;
  bodyParameters: number;
}

export interface WhatsAppSender {
  /** Sends a template message; the WhatsApp message id Meta gave it. */
  sendTemplate(message: { to: string; purpose: MessagePurpose; template: WhatsAppTemplate; parameters: string[] }): Promise<string>;
}

/** Meta's refusal, with its error code; `final` when sending again would be refused again. */
export class WhatsAppRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    message: string,
    readonly final: boolean,
  ) {
    super(`WhatsApp Cloud API answered ${status}${code === undefined ? '' : ` (code ${code})`}: ${message.slice(0, 200)}`);
  }
}

/** Meta's throttling codes: the business's rate (130429), spam rate (131048), a pair's rate (131056). */
const THROTTLED = new Set([130429, 131048, 131056]);

/** A member's Indian mobile as WhatsApp takes it: the country code and number in digits ("919876543210"). */
export function whatsappNumber(mobile: string): string | undefined {
  const digits = mobile.replace(/\D/g, '');
  if (/^[6-9]\d{9}$/.test(digits)) return `91${digits}`;
  return /^91[6-9]\d{9}$/.test(digits) ? digits : undefined;
}

/** A template parameter as Meta takes it: no new lines or tabs, no more than four spaces in a row (error 132018). */
export function templateParameter(text: string, max = 1000): string {
  const flat = text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {5,}/g, '    ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export interface CloudApiSettings {
  /** https://graph.facebook.com, or a local fake. */
  apiUrl: string;
  /** The Graph API version, e.g. v23.0. */
  version: string;
  phoneNumberId: string;
  accessToken: string;
  timeoutMs?: number;
}

export class WhatsAppCloudSender implements WhatsAppSender {
  constructor(private readonly settings: CloudApiSettings) {}

  async sendTemplate(message: { to: string; purpose: MessagePurpose; template: WhatsAppTemplate; parameters: string[] }): Promise<string> {
    const { template, purpose } = message;
    if (template.category !== PURPOSE_CATEGORIES[purpose])
      throw new WhatsAppRefused(0, undefined, `a ${purpose} may not be sent with the ${template.category} template ${template.name}`, true);
    if (message.parameters.length !== template.bodyParameters)
      throw new WhatsAppRefused(0, undefined, `${template.name} takes ${template.bodyParameters} parameters`, true);
    const { apiUrl, version, phoneNumberId, accessToken } = this.settings;
    const response = await fetch(`${apiUrl.replace(/\/$/, '')}/${version}/${encodeURIComponent(phoneNumberId)}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: message.to,
        type: 'template',
        template: {
          name: template.name,
          language: { code: template.language },
          components: [{ type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text: templateParameter(text) })) }],
        },
      }),
      signal: AbortSignal.timeout(this.settings.timeoutMs ?? 10_000),
    });
    const answer = (await response.json().catch(() => ({}))) as {
      messages?: { id?: string }[];
      error?: { message?: string; code?: number };
    };
    const id = answer.messages?.[0]?.id;
    if (response.ok && id) return id;
    const code = answer.error?.code;
    const retry = response.status === 429 || response.status >= 500 || (code !== undefined && THROTTLED.has(code));
    throw new WhatsAppRefused(response.status, code, answer.error?.message ?? 'no message id', !retry);
  }
}

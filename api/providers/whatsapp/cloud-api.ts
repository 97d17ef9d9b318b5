import { WhatsAppSendError, type WhatsAppSender } from './whatsapp-sender.js';

/**
 * The WhatsApp Business Cloud API (Graph API): POST {base}/{version}/{phone-number-id}/messages with a
 * Bearer token and {messaging_product:'whatsapp', to, type:'text', text:{body}}; the answer is
 * {messages:[{id}]} or {error:{message, code}}.
 */
export interface CloudApiOptions {
  baseUrl: string;
  version: string;
  phoneNumberId: string;
  accessToken: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

interface CloudApiAnswer {
  messages?: Array<{ id?: unknown }>;
  error?: { message?: unknown; code?: unknown };
}

export function createCloudApiSender(options: CloudApiOptions): WhatsAppSender {
  const fetchImpl = options.fetchImpl ?? fetch;
  const url = `${options.baseUrl.replace(/\/$/, '')}/${options.version}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  return {
    async sendText(to, body) {
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: { Authorization: `Bearer ${options.accessToken}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to,
            type: 'text',
            text: { preview_url: false, body },
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch {
        throw new WhatsAppSendError('WhatsApp could not be reached');
      }
      let answer: CloudApiAnswer = {};
      try {
        answer = (await response.json()) as CloudApiAnswer;
      } catch {
        // A proxy's HTML error page: reported by status below.
      }
      const id = answer.messages?.[0]?.id;
      if (response.ok && typeof id === 'string') return { messageId: id };
      const message =
        typeof answer.error?.message === 'string' ? answer.error.message : `HTTP ${response.status}`;
      const code = typeof answer.error?.code === 'number' ? answer.error.code : undefined;
      throw new WhatsAppSendError(`WhatsApp refused the message: ${message}`, code);
    },
  };
}

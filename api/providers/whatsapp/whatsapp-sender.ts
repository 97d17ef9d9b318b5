/** Sends a text message to one WhatsApp number. */
export interface WhatsAppSender {
  /** `to` is the full number in digits (country code first). Resolves with WhatsApp's message id. */
  sendText(to: string, body: string): Promise<{ messageId: string }>;
}

/** WhatsApp refused or could not be reached; the message is safe to show (it never holds the token). */
export class WhatsAppSendError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
  }
}

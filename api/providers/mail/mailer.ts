import { currentLogger } from '../../logging/logger.js';
/** A file sent with an e-mail, e.g. a consultation PDF. */
export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

/** Outgoing e-mail. The sender address is the mailer's configuration (MAIL_FROM), not the caller's choice. */
export interface Mailer {
  /** Resolves once the server accepted the message; rejects if it did not. */
  send(message: MailMessage): Promise<void>;
}

/**
 * Used when SMTP_URL is unset: nothing can be delivered, so say so in the log (without the body, which may
 * hold a reset link) rather than pretend.
 */
export const unconfiguredMailer: Mailer = {
  async send(message) {
    currentLogger({ component: 'mail' }).warn(
      { subject: message.subject },
      'SMTP_URL is not set; not sending',
    );
  },
};

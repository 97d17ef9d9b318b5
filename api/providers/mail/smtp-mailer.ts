import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.js';

/**
 * Sends through the SMTP server named by a URL such as smtp://user:pass@host:587 (or smtps:// for implicit
 * TLS); nodemailer reads host, port, credentials and options like ?ignoreTLS=true from the URL itself.
 */
export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.attachments ? { attachments: message.attachments } : {}),
      });
    },
  };
}

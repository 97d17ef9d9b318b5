import type { Transporter } from 'nodemailer';
import { loadNodemailer } from './nodemailer.js';
import type { Mailer } from './mailer.js';

/**
 * Sends through the SMTP server named by a URL such as smtp://user:pass@host:587 (or smtps:// for implicit
 * TLS); nodemailer reads host, port, credentials and options like ?ignoreTLS=true from the URL itself.
 */
export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  let transport: Promise<Transporter> | undefined;
  return {
    async send(message) {
      transport ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport(options.smtpUrl));
      await (
        await transport
      ).sendMail({
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

import { loadNodemailer } from './nodemailer.js';
import type { EmailProvider } from '#shared/schemas/settings.js';
import type { MailMessage } from './mailer.js';

/**
 * The practice's own mail account: consultation e-mails leave from the practice's address, so replies
 * reach the vet and the message is signed by the practice's domain, not the product's.
 */
export interface SmtpEndpoint {
  host: string;
  port: number;
  /** true: implicit TLS (465). false: plain connect, upgraded with STARTTLS when offered. */
  secure: boolean;
}

/** The named providers' documented submission servers; 'custom' uses the practice's own host. */
export const SMTP_PRESETS: Record<Exclude<EmailProvider, 'custom'>, SmtpEndpoint> = {
  gmail: { host: 'smtp.gmail.com', port: 465, secure: true },
  outlook: { host: 'smtp-mail.outlook.com', port: 587, secure: false },
  yahoo: { host: 'smtp.mail.yahoo.com', port: 465, secure: true },
};

export interface PracticeAccount {
  endpoint: SmtpEndpoint;
  /** The address connected to, already checked by the SMTP host guard; endpoint.host stays the TLS name. */
  connectAddress?: string | undefined;
  user: string;
  password: string;
  fromName: string | null;
}

/** A From header value with the practice's name quoted by nodemailer (never string-concatenated). */
function sender(account: PracticeAccount) {
  return account.fromName ? { name: account.fromName, address: account.user } : account.user;
}

const TIMEOUT_MS = 20_000;

export async function sendWithPracticeAccount(account: PracticeAccount, message: MailMessage): Promise<void> {
  const nodemailer = await loadNodemailer();
  const transport = nodemailer.createTransport({
    host: account.connectAddress ?? account.endpoint.host,
    port: account.endpoint.port,
    secure: account.endpoint.secure,
    auth: { user: account.user, pass: account.password },
    // Certificates are checked against the configured name even when we connect to its resolved address.
    tls: { servername: account.endpoint.host },
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
    logger: false,
    debug: false,
  });
  try {
    await transport.sendMail({
      from: sender(account),
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.attachments ? { attachments: message.attachments } : {}),
    });
  } finally {
    transport.close();
  }
}

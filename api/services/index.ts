import type { Config } from '../config.js';
import type { DatabaseHandle } from '../../db/database.js';
import { unconfiguredMailer, type Mailer } from '../providers/mail/mailer.js';
import { createSmtpMailer } from '../providers/mail/smtp-mailer.js';
import { passwordResetsRepository } from '../repositories/password-resets.js';
import { sessionsRepository } from '../repositories/sessions.js';
import { usersRepository } from '../repositories/users.js';
import { createAuthService, type AuthService } from './auth-service.js';
import { systemClock, type Clock } from './clock.js';
import { createSessionService, type SessionService } from './session-service.js';

/**
 * Everything a route may call, built once at boot (or per test). Routes receive this and nothing else,
 * so a test can run the real app against its own database, mail server and providers.
 */
export interface Services {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  mailer: Mailer;
  sessions: SessionService;
  auth: AuthService;
}

export interface ServiceOptions {
  config: Config;
  database: DatabaseHandle;
  /** Tests move time forward with their own clock; defaults to the system clock. */
  clock?: Clock;
  /** Defaults to SMTP at SMTP_URL, or a mailer that only logs when it is unset. */
  mailer?: Mailer;
}

export function createServices(options: ServiceOptions): Services {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const mailer =
    options.mailer ??
    (config.SMTP_URL
      ? createSmtpMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM })
      : unconfiguredMailer);

  const sessions = createSessionService({ config, sessions: sessionsRepository(database.db), clock });
  const auth = createAuthService({
    config,
    users: usersRepository(database.db),
    passwordResets: passwordResetsRepository(database.db),
    sessions,
    mailer,
    clock,
  });

  return { config, database, clock, mailer, sessions, auth };
}

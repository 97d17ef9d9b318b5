import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { currentLogger } from '../logging/logger.js';

const log = () => currentLogger({ component: 'settings' });

/**
 * Practice secrets (SMTP password, WhatsApp token) at rest: AES-256-GCM from node:crypto, a fresh 96-bit IV
 * per value, the auth tag checked on every read. Stored as 'v1:<iv>:<tag>:<ciphertext>' (base64url), so a
 * database dump alone reveals nothing; the key lives only in the configuration (or, outside production,
 * in a key file under DATA_DIR).
 */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

export class SecretKeyUnavailableError extends Error {}

const VERSION = 'v1';
const KEY_FILE = 'settings-encryption.key';

/** 32 bytes as 64 hex characters or base64 (standard or url-safe). */
export function parseEncryptionKey(value: string): Buffer {
  const trimmed = value.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== 32)
    throw new Error('SETTINGS_ENCRYPTION_KEY must be 32 bytes, as 64 hex characters or base64');
  return key;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('AES-256-GCM needs a 32-byte key');
  return {
    seal(plaintext) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, tag, ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join(':');
    },
    open(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined)
        throw new Error('Not a sealed secret');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

export interface SecretKeySource {
  SETTINGS_ENCRYPTION_KEY?: string | undefined;
  NODE_ENV: 'development' | 'production' | 'test';
  dataDir: string;
}

/**
 * The key, looked up when first needed so a server without stored secrets never requires one.
 * SETTINGS_ENCRYPTION_KEY wins. Without it, production refuses (a key beside the data it protects is no
 * protection against a stolen disk), while development and test create a random key in
 * DATA_DIR/settings-encryption.key (mode 0600) and warn once.
 */
export function lazySecretBox(source: SecretKeySource): SecretBox {
  let box: SecretBox | undefined;
  const get = (): SecretBox => {
    if (box) return box;
    if (source.SETTINGS_ENCRYPTION_KEY) {
      box = createSecretBox(parseEncryptionKey(source.SETTINGS_ENCRYPTION_KEY));
      return box;
    }
    if (source.NODE_ENV === 'production') {
      throw new SecretKeyUnavailableError(
        'Practice e-mail and WhatsApp credentials cannot be stored: the server has no SETTINGS_ENCRYPTION_KEY',
      );
    }
    const file = path.join(source.dataDir, KEY_FILE);
    if (!fs.existsSync(file)) {
      fs.mkdirSync(source.dataDir, { recursive: true });
      fs.writeFileSync(file, crypto.randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    }
    log().warn(
      { file },
      'SETTINGS_ENCRYPTION_KEY is not set; using the development key in this file. Set it in production.',
    );
    box = createSecretBox(parseEncryptionKey(fs.readFileSync(file, 'utf8')));
    return box;
  };
  return {
    seal: (plaintext) => get().seal(plaintext),
    open: (sealed) => get().open(sealed),
  };
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createSecretBox,
  lazySecretBox,
  parseEncryptionKey,
  SecretKeyUnavailableError,
} from '../../../api/security/secret-box.js';
import { checkSmtpHost, isNonPublicAddress, SmtpHostRefused } from '../../../api/security/smtp-host-guard.js';

describe('secret box (AES-256-GCM)', () => {
  const key = crypto.randomBytes(32);

  it('round-trips, never stores the plaintext and uses a fresh IV each time', () => {
    const box = createSecretBox(key);
    const a = box.seal('hunter2-app-password');
    const b = box.seal('hunter2-app-password');
    expect(a).not.toContain('hunter2');
    expect(a).not.toBe(b);
    expect(a.startsWith('v1:')).toBe(true);
    expect(box.open(a)).toBe('hunter2-app-password');
  });

  it('refuses tampered ciphertext and a different key', () => {
    const sealed = createSecretBox(key).seal('secret');
    const parts = sealed.split(':');
    parts[3] = Buffer.from('other!').toString('base64url');
    expect(() => createSecretBox(key).open(parts.join(':'))).toThrow();
    expect(() => createSecretBox(crypto.randomBytes(32)).open(sealed)).toThrow();
  });

  it('accepts hex and base64 keys of 32 bytes only', () => {
    expect(parseEncryptionKey(key.toString('hex'))).toEqual(key);
    expect(parseEncryptionKey(key.toString('base64'))).toEqual(key);
    expect(() => parseEncryptionKey('c2hvcnQ=')).toThrow(/32 bytes/);
  });

  it('outside production keeps a generated key under DATA_DIR; production without a key refuses', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veldvet-key-'));
    const sealed = lazySecretBox({ NODE_ENV: 'test', dataDir }).seal('pw');
    expect(fs.existsSync(path.join(dataDir, 'settings-encryption.key'))).toBe(true);
    expect(lazySecretBox({ NODE_ENV: 'test', dataDir }).open(sealed)).toBe('pw');
    expect(() => lazySecretBox({ NODE_ENV: 'production', dataDir }).seal('pw')).toThrow(
      SecretKeyUnavailableError,
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('SMTP host guard', () => {
  const lookup = (answers: Record<string, string[]>) => async (host: string) => answers[host] ?? [];

  it('classifies loopback, private, link-local and mapped addresses as non-public', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isNonPublicAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '196.25.1.1', '2001:4860:4860::8888']) {
      expect(isNonPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses private addresses and names resolving to them, and ports other than 25/465/587/2525', async () => {
    const options = {
      allowPrivate: false,
      lookup: lookup({ 'mail.example.co.za': ['196.25.1.1'], 'sneaky.example': ['127.0.0.1'] }),
    };
    await expect(checkSmtpHost('mail.example.co.za', 587, options)).resolves.toBe('196.25.1.1');
    await expect(checkSmtpHost('sneaky.example', 587, options)).rejects.toBeInstanceOf(SmtpHostRefused);
    await expect(checkSmtpHost('10.0.0.5', 25, options)).rejects.toThrow(/private or local/);
    await expect(checkSmtpHost('mail.example.co.za', 22, options)).rejects.toThrow(/port 22 is not allowed/);
    await expect(checkSmtpHost('nowhere.invalid', 587, options)).rejects.toThrow(/could not be resolved/);
  });

  it('allows private hosts only when the server is configured to', async () => {
    await expect(checkSmtpHost('127.0.0.1', 2525, { allowPrivate: true })).resolves.toBe('127.0.0.1');
  });
});

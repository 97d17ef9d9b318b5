import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';

/** 20 random bytes = 160 bits, above the 128-bit floor for guessing resistance (Lucia's recommendation). */
const TOKEN_BYTES = 20;

/** An opaque bearer token for a cookie or an e-mailed link: lower-case base32, URL- and cookie-safe. */
export function generateToken(): string {
  const bytes = new Uint8Array(TOKEN_BYTES);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/**
 * What the database stores instead of a token. A fast hash is enough (unlike passwords) because the
 * token is high-entropy random data; it only has to make a leaked table useless for signing in.
 */
export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

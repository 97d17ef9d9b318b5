import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * OWASP's argon2id baseline (m=19 MiB, t=2, p=1). `Algorithm` is an ambient const enum that isolated
 * modules cannot read, hence the literal: 2 is Argon2id.
 */
const ARGON2ID_OPTIONS = {
  algorithm: 2 as Algorithm,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID_OPTIONS);
}

/** False for a wrong password and for a malformed stored hash alike: neither may sign anyone in. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Burns the same argon2 work as a real check, for sign-ins with an unknown e-mail, so response time does
 * not tell an attacker which addresses have accounts. The hash is made once, lazily, of a throw-away value.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword(`dummy-${crypto.randomUUID()}`);
  await verifyPassword(await dummyHash, password);
}

import { expect } from 'vitest';
import type { ApiClient } from './http.js';

let counter = 0;

/** A fresh address per call, so tests sharing one server never collide. */
export function uniqueEmail(label = 'vet'): string {
  counter += 1;
  return `${label}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.co.za`;
}

export const SESSION_COOKIE = 'veldvet_session';

/** Registers through the API and asserts success; the client then holds the session cookie. */
export async function registerUser(
  client: ApiClient,
  overrides: Partial<{ email: string; password: string; practiceName: string }> = {},
) {
  const account = {
    email: uniqueEmail(),
    password: 'secret1',
    practiceName: 'Karoo Vet Clinic',
    ...overrides,
  };
  const response = await client.post('/api/auth/register', account);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { success: true; user: { id: string; email: string } };
  return { ...account, user: body.user };
}

/** The session cookie header line of the last response, if one was set. */
export function sessionSetCookie(client: ApiClient): string | undefined {
  return client.lastSetCookies.find((line) => line.startsWith(`${SESSION_COOKIE}=`));
}

/** The token value of a Set-Cookie line. */
export function cookieValue(line: string): string {
  return line.split(';')[0]!.split('=').slice(1).join('=');
}

import { LOCAL_KEYS } from '../../data/storage-keys';
import type { AuthResponse, AuthUser } from './types';

const SNAPSHOT_KEY = LOCAL_KEYS.lastUser;

/**
 * The last user the server confirmed, kept on the device so a vet who opens the installed app without
 * signal (a farm visit) still reaches the recorder. Only used when /api/auth/me cannot be reached at all;
 * a 401 always wins and signs them out.
 */
export function rememberUser(user: AuthUser): void {
  try {
    const { id, email, practiceName, isAdmin } = user;
    localStorage.setItem(SNAPSHOT_KEY, JSON.stringify({ id, email, practiceName, isAdmin }));
  } catch {
    // Private mode or storage full: offline start simply won't be available.
  }
}

export function forgetUser(): void {
  try {
    localStorage.removeItem(SNAPSHOT_KEY);
  } catch {
    // Nothing to forget.
  }
}

export function rememberedUser(): AuthResponse | null {
  try {
    const raw = localStorage.getItem(SNAPSHOT_KEY);
    return raw === null ? null : parseSnapshot(raw);
  } catch {
    return null;
  }
}

export function parseSnapshot(raw: string): AuthResponse | null {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { id, email, practiceName, isAdmin } = value as Record<string, unknown>;
    if (typeof id !== 'string' || typeof email !== 'string') return null;
    return {
      success: true,
      user: {
        id,
        email,
        practiceName: typeof practiceName === 'string' ? practiceName : null,
        isAdmin: isAdmin === 1 ? 1 : 0,
      },
    };
  } catch {
    return null;
  }
}

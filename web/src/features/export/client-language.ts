import type { ExportLanguage } from '#shared/export/messages';
import { LOCAL_KEYS } from '../../data/storage-keys';

/**
 * The language each client reads their instructions in (issue 20 §3), remembered on this device. Device-
 * local on purpose: it is a presentation preference, must work offline on the farm, and needs no server
 * schema change; a vet on a second device chooses once more. Keyed by the client's name as written in the
 * notes, lower-cased (the notes have no client id).
 */
const KEY = LOCAL_KEYS.clientLanguages;

function readAll(): Record<string, ExportLanguage> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, ExportLanguage] => entry[1] === 'af' || entry[1] === 'en',
      ),
    );
  } catch {
    return {};
  }
}

const clientKey = (clientName: string | undefined) => (clientName ?? '').trim().toLowerCase();

export function clientLanguage(clientName: string | undefined): ExportLanguage | undefined {
  const key = clientKey(clientName);
  return key ? readAll()[key] : undefined;
}

export function rememberClientLanguage(clientName: string | undefined, language: ExportLanguage): void {
  const key = clientKey(clientName);
  if (!key) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...readAll(), [key]: language }));
  } catch {
    // Storage disabled: the choice holds for this sheet only.
  }
}

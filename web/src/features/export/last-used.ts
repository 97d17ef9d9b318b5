import { LOCAL_KEYS } from '../../data/storage-keys';
import { DEFAULT_COUNTRY_CODE, isCountryCode, type CountryCode } from '#shared/export/phone';

/**
 * Spec section 7: local storage keeps the last WhatsApp number, country code and e-mail used on this
 * device, and the dialogs open prefilled with them.
 */
export const LAST_WHATSAPP_NUMBER_KEY = LOCAL_KEYS.lastWhatsAppNumber;
export const LAST_COUNTRY_CODE_KEY = LOCAL_KEYS.lastCountryCode;
export const LAST_EMAIL_KEY = LOCAL_KEYS.lastEmail;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Private mode or storage disabled: no prefill, nothing else breaks.
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Quota or disabled storage: the send itself succeeded, so stay quiet.
  }
}

export function lastWhatsApp(): { countryCode: CountryCode; phone: string } {
  const code = read(LAST_COUNTRY_CODE_KEY);
  return {
    countryCode: code && isCountryCode(code) ? code : DEFAULT_COUNTRY_CODE,
    phone: read(LAST_WHATSAPP_NUMBER_KEY) ?? '',
  };
}

export function rememberWhatsApp(countryCode: CountryCode, phone: string): void {
  write(LAST_COUNTRY_CODE_KEY, countryCode);
  write(LAST_WHATSAPP_NUMBER_KEY, phone);
}

export function lastEmail(): string {
  return read(LAST_EMAIL_KEY) ?? '';
}

export function rememberEmail(email: string): void {
  write(LAST_EMAIL_KEY, email);
}

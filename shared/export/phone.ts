/**
 * WhatsApp numbers (spec sections 5 and 9): the five offered country codes, non-digits stripped, and a
 * length check so an obviously wrong number fails before it reaches WhatsApp.
 */
export const COUNTRY_CODES = ['+27', '+1', '+44', '+91', '+61'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];
export const DEFAULT_COUNTRY_CODE: CountryCode = '+27';

/**
 * National significant number lengths per offered code (ITU-T E.164 national plans): South Africa 9,
 * NANP 10, UK 9-10, India 10, Australia 9. The whole number must also fit E.164's 15 digits.
 */
const NATIONAL_LENGTHS: Record<CountryCode, readonly number[]> = {
  '+27': [9],
  '+1': [10],
  '+44': [9, 10],
  '+91': [10],
  '+61': [9],
};
const E164_MAX_DIGITS = 15;

export function isCountryCode(value: string): value is CountryCode {
  return (COUNTRY_CODES as readonly string[]).includes(value);
}

/** Spec section 5: 'Non-digits are stripped before sending.' */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * The national number without a leading trunk '0' (082 123 4567 → 821234567), which local habit adds but
 * international dialling drops. NANP has no trunk zero, so +1 numbers are left alone.
 */
export function nationalNumber(countryCode: CountryCode, phone: string): string {
  const digits = digitsOnly(phone);
  return countryCode !== '+1' && digits.startsWith('0') ? digits.slice(1) : digits;
}

export type PhoneCheck =
  { ok: true; e164Digits: string; national: string } | { ok: false; reason: 'empty' | 'length' };

/** The number as WhatsApp wants it (country code and national number, digits only), or why not. */
export function checkPhone(countryCode: CountryCode, phone: string): PhoneCheck {
  const national = nationalNumber(countryCode, phone);
  if (national === '') return { ok: false, reason: 'empty' };
  const e164Digits = `${digitsOnly(countryCode)}${national}`;
  if (!NATIONAL_LENGTHS[countryCode].includes(national.length) || e164Digits.length > E164_MAX_DIGITS) {
    return { ok: false, reason: 'length' };
  }
  return { ok: true, e164Digits, national };
}

/** WhatsApp's click-to-chat link: the vet's own WhatsApp opens with the text ready to send. */
export function clickToChatUrl(e164Digits: string, text: string): string {
  return `https://wa.me/${e164Digits}?text=${encodeURIComponent(text)}`;
}

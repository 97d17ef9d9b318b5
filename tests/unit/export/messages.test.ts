import { describe, expect, it } from 'vitest';
import {
  buildEmailLetter,
  buildWhatsAppMessage,
  defaultEmailSubject,
  exportLanguageOf,
} from '#shared/export/messages.js';
import {
  checkPhone,
  clickToChatUrl,
  COUNTRY_CODES,
  DEFAULT_COUNTRY_CODE,
  digitsOnly,
} from '#shared/export/phone.js';
import { BELLA } from './fixtures.js';

const now = new Date('2026-03-20T08:00:00');

describe('WhatsApp summary', () => {
  it('has patient, date, the first subjective and assessment lines and at most 3 plan lines (en)', () => {
    const text = buildWhatsAppMessage(BELLA, { language: 'en', now, practiceName: 'Karoo Vet Clinic' });
    expect(text).toBe(
      [
        '*Consultation Summary*',
        'Patient: Bella Rose',
        'Date: 14/03/2026',
        'Presenting complaint: Vomiting since yesterday',
        'Assessment: Acute gastroenteritis',
        '',
        'Plan:',
        '• Maropitant 1 mg/kg SC once',
        '• Bland diet for 3 days',
        '• Oral rehydration',
        '',
        'Karoo Vet Clinic',
      ].join('\n'),
    );
    expect(text).not.toContain('Recheck in 3 days');
  });

  it('is in Afrikaans when asked, signed with the product label when the practice has no name', () => {
    const text = buildWhatsAppMessage(BELLA, { language: 'af', now });
    expect(text).toContain('*Konsultasie-opsomming*');
    expect(text).toContain('Pasiënt: Bella Rose');
    expect(text).toContain('Datum: 14/03/2026');
    expect(text).toContain('Beoordeling: Acute gastroenteritis');
    expect(text.endsWith('VeldVet')).toBe(true);
  });

  it("uses today's date when the notes have none, and reads old-format notes", () => {
    const text = buildWhatsAppMessage(
      { patientName: 'Max', chiefComplaint: 'Limping', diagnosis: 'Sprain', treatment: 'Rest' },
      { language: 'en', now },
    );
    expect(text).toContain('Date: 20/03/2026');
    expect(text).toContain('Presenting complaint: Chief Complaint: Limping');
    expect(text).toContain('Assessment: Sprain');
    expect(text).toContain('• Treatment: Rest');
  });
});

describe('e-mail letter and subject', () => {
  it('is a client letter with patient, species, date, assessment and plan (en)', () => {
    const text = buildEmailLetter(BELLA, { language: 'en', now, practiceName: 'Karoo Vet Clinic' });
    expect(text).toMatch(/^Dear Mrs van der Merwe,/);
    for (const line of [
      'Patient: Bella Rose',
      'Species: Dogs',
      'Date: 14/03/2026',
      'Assessment:',
      '- Prognosis good',
      'Plan:',
      '- Return sooner if vomiting continues',
      'Kind regards,\nKaroo Vet Clinic',
    ]) {
      expect(text).toContain(line);
    }
  });

  it('is in Afrikaans when asked', () => {
    const text = buildEmailLetter({ ...BELLA, clientName: '' }, { language: 'af', now });
    expect(text).toMatch(/^Beste Kliënt,/);
    for (const line of [
      'Pasiënt: Bella Rose',
      'Spesie: Dogs',
      'Datum: 14/03/2026',
      'Beoordeling:',
      'Vriendelike groete,',
    ]) {
      expect(text).toContain(line);
    }
  });

  it("defaults the subject to 'Consultation Summary - {patient or Patient} - {date}'", () => {
    expect(defaultEmailSubject(BELLA, now)).toBe('Consultation Summary - Bella Rose - 14/03/2026');
    expect(defaultEmailSubject({ ...BELLA, patientName: ' ', consultationDate: undefined }, now)).toBe(
      'Consultation Summary - Patient - 20/03/2026',
    );
  });

  it('defaults the language to the consultation language, English when unknown', () => {
    expect(exportLanguageOf('af')).toBe('af');
    expect(exportLanguageOf('en')).toBe('en');
    expect(exportLanguageOf('auto')).toBe('en');
    expect(exportLanguageOf(undefined)).toBe('en');
  });
});

describe('WhatsApp phone numbers', () => {
  it('offers +27, +1, +44, +91, +61 with +27 the default', () => {
    expect(COUNTRY_CODES).toEqual(['+27', '+1', '+44', '+91', '+61']);
    expect(DEFAULT_COUNTRY_CODE).toBe('+27');
  });

  it('strips non-digits and the trunk zero, and checks the E.164 length per country', () => {
    expect(digitsOnly(' (082) 123-4567 ')).toBe('0821234567');
    expect(checkPhone('+27', '082 123 4567')).toEqual({
      ok: true,
      e164Digits: '27821234567',
      national: '821234567',
    });
    expect(checkPhone('+27', '82 123 4567')).toMatchObject({ ok: true, e164Digits: '27821234567' });
    expect(checkPhone('+1', '(415) 555-0123')).toMatchObject({ ok: true, e164Digits: '14155550123' });
    expect(checkPhone('+44', '07700 900123')).toMatchObject({ ok: true, e164Digits: '447700900123' });
    expect(checkPhone('+27', '  ')).toEqual({ ok: false, reason: 'empty' });
    expect(checkPhone('+27', 'abc')).toEqual({ ok: false, reason: 'empty' });
    expect(checkPhone('+27', '82 123')).toEqual({ ok: false, reason: 'length' });
    expect(checkPhone('+91', '98765 43210 99')).toEqual({ ok: false, reason: 'length' });
  });

  it('builds the wa.me click-to-chat link with the text encoded', () => {
    expect(clickToChatUrl('27821234567', 'Hi & bye\n•')).toBe(
      'https://wa.me/27821234567?text=Hi%20%26%20bye%0A%E2%80%A2',
    );
  });
});

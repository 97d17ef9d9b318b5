import { useId, useState, type FormEvent } from 'react';
import { buildWhatsAppMessage, type ExportLanguage } from '#shared/export/messages';
import { COUNTRY_CODES, digitsOnly, isCountryCode, type CountryCode } from '#shared/export/phone';
import type { ClinicalData } from '#shared/schemas/clinical';
import type { ExportDocument } from '#shared/schemas/export';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Input } from '../../components/ui/Field';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toastStore';
import { sendWhatsApp, whatsappConsultationData } from './api';
import styles from './Export.module.css';
import { LanguageSelect } from './LanguageSelect';
import { lastWhatsApp, rememberWhatsApp } from './last-used';

export interface ExportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  notes: ClinicalData;
  language: ExportLanguage;
  practiceName: string | undefined;
  /**
   * Issue 20: a farm document instead of the consultation summary (withdrawal slip, client instructions,
   * state-vet report): its text starts the message, and the e-mail's PDF is that document.
   */
  preset?: ExportPreset | undefined;
}

export interface ExportPreset {
  /** Dialog title, e.g. 'Send withdrawal slip'. */
  title: string;
  text: string;
  subject: string;
  /** What the e-mail attaches; absent: no attachment offered (a plain text e-mail). */
  document?: ExportDocument | undefined;
  /** Toast wording: 'Withdrawal slip sent to …'. */
  what: string;
}

/**
 * Opens WhatsApp's click-to-chat link. After the await the browser may treat it as an unrequested popup
 * and block it; the success toast then offers the link as a button instead.
 */
function openWhatsApp(url: string): boolean {
  const opened = window.open(url, '_blank');
  if (!opened) return false;
  opened.opener = null;
  return true;
}

/** Spec section 2, 'WhatsApp modal'. */
export function WhatsAppDialog(props: ExportDialogProps) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.preset ? `${props.preset.title} via WhatsApp` : 'Send via WhatsApp'}
    >
      {/* Mounted only while open, so each opening starts from the last values used on this device. */}
      {props.open && <WhatsAppForm {...props} />}
    </Dialog>
  );
}

function WhatsAppForm({
  onOpenChange,
  notes,
  language: initialLanguage,
  practiceName,
  preset,
}: ExportDialogProps) {
  const id = useId();
  const [initial] = useState(lastWhatsApp);
  const [countryCode, setCountryCode] = useState<CountryCode>(initial.countryCode);
  const [phone, setPhone] = useState(initial.phone);
  const [language, setLanguage] = useState(initialLanguage);
  const build = (lang: ExportLanguage) =>
    buildWhatsAppMessage(notes, { language: lang, practiceName, now: new Date() });
  const [message, setMessage] = useState(() => preset?.text ?? build(initialLanguage));
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const typed = phone.trim();
    if (typed === '') {
      toast({
        title: 'Phone number required',
        description: 'Please enter a phone number',
        variant: 'destructive',
      });
      return;
    }
    const digits = digitsOnly(typed);
    setSending(true);
    try {
      const result = await sendWhatsApp({
        phone: digits,
        countryCode,
        consultationData: whatsappConsultationData(notes),
        ...(message.trim() ? { message } : {}),
        language,
      });
      rememberWhatsApp(countryCode, typed);
      const opened = result.mode === 'click-to-chat' ? openWhatsApp(result.url) : true;
      toast({
        title: '✓ WhatsApp sent',
        description: `${preset?.what ?? 'Consultation summary'} sent to ${countryCode} ${digits}`,
        variant: 'success',
        ...(result.mode === 'click-to-chat' && !opened
          ? { action: { label: 'Open WhatsApp', onSelect: () => openWhatsApp(result.url) } }
          : {}),
      });
      onOpenChange(false);
    } catch (error) {
      const detail = error instanceof ApiError ? error.detail.trim() : '';
      toast({
        title: 'Unable to send',
        description: detail || 'Please check connection and try again',
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-phone`}>
          Phone number
        </label>
        <div className={styles.phoneRow}>
          <select
            aria-label="Country code"
            className={styles.select}
            value={countryCode}
            disabled={sending}
            onChange={(event) => {
              if (isCountryCode(event.target.value)) setCountryCode(event.target.value);
            }}
          >
            {COUNTRY_CODES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          <Input
            id={`${id}-phone`}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="82 123 4567"
            value={phone}
            disabled={sending}
            onChange={(event) => setPhone(event.target.value)}
          />
        </div>
      </div>
      {!preset && (
        <LanguageSelect
          value={language}
          disabled={sending}
          onChange={(next) => {
            setLanguage(next);
            setMessage(build(next));
          }}
        />
      )}
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-message`}>
          Message preview
        </label>
        <textarea
          id={`${id}-message`}
          className={styles.textarea}
          value={message}
          disabled={sending}
          onChange={(event) => setMessage(event.target.value)}
        />
      </div>
      <div className={styles.footer}>
        <Button variant="secondary" disabled={sending} onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button type="submit" disabled={sending} aria-busy={sending || undefined}>
          {sending ? 'Sending...' : 'Send'}
        </Button>
      </div>
    </form>
  );
}

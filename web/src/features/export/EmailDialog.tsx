import { useId, useState, type FormEvent } from 'react';
import { buildEmailLetter, defaultEmailSubject, type ExportLanguage } from '#shared/export/messages';
import { EXPORT_EMAIL_PATTERN } from '#shared/schemas/export';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/Field';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toastStore';
import { emailConsultationData, sendEmail } from './api';
import styles from './Export.module.css';
import { LanguageSelect } from './LanguageSelect';
import { lastEmail, rememberEmail } from './last-used';
import type { ExportDialogProps } from './WhatsAppDialog';

/** Spec section 2, 'Email modal'. */
export function EmailDialog(props: ExportDialogProps) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.preset ? `Email ${props.preset.title.toLowerCase()}` : 'Email Consultation Summary'}
    >
      {/* Mounted only while open, so each opening starts from the last address used on this device. */}
      {props.open && <EmailForm {...props} />}
    </Dialog>
  );
}

function EmailForm({
  onOpenChange,
  notes,
  language: initialLanguage,
  practiceName,
  preset,
}: ExportDialogProps) {
  const id = useId();
  const [email, setEmail] = useState(lastEmail);
  const [subject, setSubject] = useState(() => preset?.subject ?? defaultEmailSubject(notes, new Date()));
  const [language, setLanguage] = useState(initialLanguage);
  const build = (lang: ExportLanguage) =>
    buildEmailLetter(notes, { language: lang, practiceName, now: new Date() });
  const [body, setBody] = useState(() => preset?.text ?? build(initialLanguage));
  // A preset without a document (the state-vet report) is a plain e-mail: nothing to attach.
  const [attachPdf, setAttachPdf] = useState(!preset || preset.document !== undefined);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const to = email.trim();
    if (to === '') {
      toast({
        title: 'Email required',
        description: 'Please enter an email address',
        variant: 'destructive',
      });
      return;
    }
    if (!EXPORT_EMAIL_PATTERN.test(to)) {
      toast({
        title: 'Invalid email',
        description: 'Please enter a valid email address',
        variant: 'destructive',
      });
      return;
    }
    setSending(true);
    try {
      await sendEmail({
        to,
        subject,
        consultationData: emailConsultationData(notes),
        body,
        attachPdf,
        language,
        ...(preset?.document ? { document: preset.document } : {}),
      });
      rememberEmail(to);
      toast({
        title: '✓ Email sent',
        description: `${preset?.what ?? 'Consultation summary'} sent to ${to}`,
        variant: 'success',
      });
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError) {
        toast({
          title: 'Unable to send email',
          description: error.detail.trim() || 'Please verify email address',
          variant: 'destructive',
        });
      } else {
        toast({
          title: 'Email not sent',
          description: 'Please check connection and try again',
          variant: 'destructive',
        });
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="client@example.co.za"
        value={email}
        disabled={sending}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        label="Subject"
        value={subject}
        disabled={sending}
        onChange={(event) => setSubject(event.target.value)}
      />
      {!preset && (
        <LanguageSelect
          value={language}
          disabled={sending}
          onChange={(next) => {
            setLanguage(next);
            setBody(build(next));
          }}
        />
      )}
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-body`}>
          Message
        </label>
        <textarea
          id={`${id}-body`}
          className={styles.textarea}
          value={body}
          disabled={sending}
          onChange={(event) => setBody(event.target.value)}
        />
      </div>
      {(!preset || preset.document) && (
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={attachPdf}
            disabled={sending}
            onChange={(event) => setAttachPdf(event.target.checked)}
          />
          {preset ? `Attach the ${preset.what.toLowerCase()} as PDF` : 'Attach full SOAP notes as PDF'}
        </label>
      )}
      <div className={styles.footer}>
        <Button variant="secondary" disabled={sending} onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button type="submit" disabled={sending} aria-busy={sending || undefined}>
          {sending ? 'Sending...' : 'Send Email'}
        </Button>
      </div>
    </form>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { EXPORT_EMAIL_PATTERN } from '#shared/schemas/export';
import {
  EMAIL_PROVIDERS,
  PRACTICE_VOCABULARY_MAX,
  type EmailProvider,
  type PracticeSettings,
  type UpdatePracticeSettings,
} from '#shared/schemas/settings';
import { Button } from '../../components/ui/Button';
import { Card, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card';
import { TextField } from '../../components/ui/Field';
import { ApiError, messageOf } from '../../lib/api';
import { toast } from '../../lib/toastStore';
import { useSavePracticeSettings, useSendTestEmail } from './api';
import styles from './Settings.module.css';

const PROVIDER_LABELS: Record<EmailProvider, string> = {
  gmail: 'Gmail',
  outlook: 'Outlook / Microsoft 365',
  yahoo: 'Yahoo Mail',
  custom: 'Other (custom SMTP server)',
};

interface FormState {
  practiceName: string;
  practicePhone: string;
  practiceEmail: string;
  practiceEmailProvider: EmailProvider;
  /** Empty: keep the saved password. */
  practiceEmailPassword: string;
  smtpHost: string;
  smtpPort: string;
  smtpSecure: boolean;
  whatsappPhoneNumberId: string;
  /** Empty: keep the saved token. */
  whatsappAccessToken: string;
  practiceVocabulary: string;
}

function fromSettings(settings: PracticeSettings): FormState {
  return {
    practiceName: settings.practiceName ?? '',
    practicePhone: settings.practicePhone ?? '',
    practiceEmail: settings.practiceEmail ?? '',
    practiceEmailProvider: settings.practiceEmailProvider,
    practiceEmailPassword: '',
    smtpHost: settings.smtpHost ?? '',
    smtpPort: settings.smtpPort === null ? '' : String(settings.smtpPort),
    smtpSecure: settings.smtpSecure,
    whatsappPhoneNumberId: settings.whatsappPhoneNumberId ?? '',
    whatsappAccessToken: '',
    practiceVocabulary: settings.practiceVocabulary ?? '',
  };
}

/** The update to send: secrets only when typed, so saving other fields never touches them. */
function toUpdate(form: FormState): UpdatePracticeSettings {
  const custom = form.practiceEmailProvider === 'custom';
  return {
    practiceName: form.practiceName,
    practicePhone: form.practicePhone,
    practiceEmail: form.practiceEmail,
    practiceEmailProvider: form.practiceEmailProvider,
    ...(form.practiceEmailPassword ? { practiceEmailPassword: form.practiceEmailPassword } : {}),
    ...(custom
      ? {
          smtpHost: form.smtpHost,
          smtpPort: form.smtpPort.trim() === '' ? null : Number(form.smtpPort),
          smtpSecure: form.smtpSecure,
        }
      : {}),
    whatsappPhoneNumberId: form.whatsappPhoneNumberId,
    ...(form.whatsappAccessToken ? { whatsappAccessToken: form.whatsappAccessToken } : {}),
    practiceVocabulary: form.practiceVocabulary,
  };
}

/** Practice details, the practice's own e-mail account for exports, and its WhatsApp Business sender. */
export function PracticeSettingsForm({ settings }: { settings: PracticeSettings }) {
  const id = useId();
  const [form, setForm] = useState(() => fromSettings(settings));
  const save = useSavePracticeSettings();
  const testEmail = useSendTestEmail();
  const busy = save.isPending || testEmail.isPending;
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const email = form.practiceEmail.trim();
    if (email !== '' && !EXPORT_EMAIL_PATTERN.test(email)) {
      toast({
        title: 'Invalid email',
        description: 'Please enter a valid email address',
        variant: 'destructive',
      });
      return;
    }
    try {
      const saved = await save.mutateAsync(toUpdate(form));
      setForm(fromSettings(saved));
      toast({
        title: '✓ Settings saved',
        description: 'Your practice settings have been updated.',
        variant: 'success',
      });
    } catch (error) {
      const description = error instanceof ApiError ? error.detail : messageOf(error, 'Please try again');
      toast({ title: 'Save failed', description, variant: 'destructive' });
    }
  }

  async function sendTest() {
    try {
      const { to } = await testEmail.mutateAsync();
      toast({ title: '✓ Test e-mail sent', description: `Sent to ${to}`, variant: 'success' });
    } catch (error) {
      const description = error instanceof ApiError ? error.detail : 'Please check connection and try again';
      toast({ title: 'Test e-mail failed', description, variant: 'destructive' });
    }
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Practice</CardTitle>
        </CardHeader>
        <div className={styles.grid}>
          <TextField
            label="Practice name"
            value={form.practiceName}
            onChange={(e) => set('practiceName', e.target.value)}
          />
          <TextField
            label="Practice phone"
            type="tel"
            value={form.practicePhone}
            onChange={(e) => set('practicePhone', e.target.value)}
          />
        </div>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Practice e-mail account</CardTitle>
          <CardDescription>
            Consultation e-mails are sent from this account, so replies reach your practice. Without it they
            are sent from the VeldVet server&apos;s address.
          </CardDescription>
        </CardHeader>
        <fieldset className={styles.fieldset} disabled={busy}>
          <div className={styles.grid}>
            <TextField
              label="Practice e-mail"
              type="email"
              autoComplete="email"
              value={form.practiceEmail}
              onChange={(e) => set('practiceEmail', e.target.value)}
            />
            <div className={styles.field}>
              <label className={styles.label} htmlFor={`${id}-provider`}>
                E-mail provider
              </label>
              <select
                id={`${id}-provider`}
                className={styles.select}
                value={form.practiceEmailProvider}
                onChange={(e) =>
                  set('practiceEmailProvider', EMAIL_PROVIDERS.find((p) => p === e.target.value) ?? 'gmail')
                }
              >
                {EMAIL_PROVIDERS.map((provider) => (
                  <option key={provider} value={provider}>
                    {PROVIDER_LABELS[provider]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <TextField
            label="E-mail password"
            type="password"
            autoComplete="new-password"
            value={form.practiceEmailPassword}
            placeholder={settings.hasEmailPassword ? 'Saved - type to replace' : ''}
            hint="For Gmail, Outlook and Yahoo use an app password. It is stored encrypted and never shown again."
            onChange={(e) => set('practiceEmailPassword', e.target.value)}
          />
          {form.practiceEmailProvider === 'custom' && (
            <div className={styles.grid}>
              <TextField
                label="SMTP host"
                value={form.smtpHost}
                placeholder="mail.mypractice.co.za"
                onChange={(e) => set('smtpHost', e.target.value)}
              />
              <TextField
                label="SMTP port"
                inputMode="numeric"
                value={form.smtpPort}
                placeholder="587"
                hint="25, 465, 587 or 2525"
                onChange={(e) => set('smtpPort', e.target.value.replace(/\D/g, ''))}
              />
              <label className={styles.checkbox}>
                <input
                  type="checkbox"
                  checked={form.smtpSecure}
                  onChange={(e) => set('smtpSecure', e.target.checked)}
                />
                Use TLS from the start (port 465)
              </label>
            </div>
          )}
        </fieldset>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">WhatsApp Business</CardTitle>
          <CardDescription>
            Optional. With a WhatsApp Business Cloud API number, summaries are delivered directly. Without it,
            Send opens WhatsApp on this device with the message ready.
          </CardDescription>
        </CardHeader>
        <fieldset className={styles.fieldset} disabled={busy}>
          <div className={styles.grid}>
            <TextField
              label="Phone-number ID"
              inputMode="numeric"
              value={form.whatsappPhoneNumberId}
              onChange={(e) => set('whatsappPhoneNumberId', e.target.value.replace(/\D/g, ''))}
            />
            <TextField
              label="Access token"
              type="password"
              autoComplete="off"
              value={form.whatsappAccessToken}
              placeholder={settings.hasWhatsappAccessToken ? 'Saved - type to replace' : ''}
              onChange={(e) => set('whatsappAccessToken', e.target.value)}
            />
          </div>
        </fieldset>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Practice vocabulary</CardTitle>
          <CardDescription>
            Words transcription should spell your way: the drugs you use, farm names, breeds. One per line or
            separated by commas; the first ones count most.
          </CardDescription>
        </CardHeader>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-vocabulary`}>
            Terms
          </label>
          <textarea
            id={`${id}-vocabulary`}
            className={styles.textarea}
            rows={5}
            maxLength={PRACTICE_VOCABULARY_MAX}
            value={form.practiceVocabulary}
            placeholder={'Synulox\nDrakensig farm\nBonsmara'}
            disabled={busy}
            onChange={(e) => set('practiceVocabulary', e.target.value)}
          />
        </div>
      </Card>

      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => void sendTest()}
          disabled={busy || !settings.hasEmailPassword}
        >
          {testEmail.isPending ? 'Sending...' : 'Send test e-mail'}
        </Button>
        <Button type="submit" disabled={busy}>
          {save.isPending ? 'Saving...' : 'Save settings'}
        </Button>
      </div>
    </form>
  );
}

import { Card } from '../components/ui/Card';
import { PageTitle } from '../components/ui/PageTitle';
import { usePracticeSettings } from '../features/settings/api';
import { PracticeSettingsForm } from '../features/settings/PracticeSettingsForm';
import { LoadingState } from '../features/shell/FullPageLoading';

/** Practice settings (/settings): spec section 5's practice fields, reached from the header. */
export function SettingsPage() {
  const settings = usePracticeSettings();
  return (
    <>
      <PageTitle
        title="Practice Settings"
        subtitle="Your practice details and how consultation summaries are sent."
      />
      {settings.isPending ? (
        <LoadingState />
      ) : settings.isError ? (
        <Card>
          <p role="alert">Could not load the settings. Please try again.</p>
        </Card>
      ) : (
        <PracticeSettingsForm settings={settings.data} />
      )}
    </>
  );
}

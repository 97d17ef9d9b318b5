import { Link } from 'react-router-dom';
import { ArrowLeftIcon } from '../components/icons';
import { Card } from '../components/ui/Card';
import { usePracticeSettings } from '../features/settings/api';
import { PracticeSettingsForm } from '../features/settings/PracticeSettingsForm';
import { LoadingState } from '../features/shell/FullPageLoading';
import styles from './PageTitle.module.css';

/** Practice settings (/settings): spec section 5's practice fields, reached from the header. */
export function SettingsPage() {
  const settings = usePracticeSettings();
  return (
    <>
      <div className={styles.titleRow}>
        <Link to="/app" className={styles.back} aria-label="Back to the recorder">
          <ArrowLeftIcon />
        </Link>
        <h1 className={styles.title}>Practice Settings</h1>
      </div>
      <p className={styles.subtitle}>Your practice details and how consultation summaries are sent.</p>
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

import { RecorderScreen } from '../features/recorder/components/RecorderScreen';

/** The recorder (/app). */
export function AppPage() {
  return <RecorderScreen />;
}

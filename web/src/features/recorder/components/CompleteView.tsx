import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import type { LocalRecording } from '../../../data/local-recording';

type ReviewFeature = typeof import('../../review');

/**
 * The review (notes editor, export, herd and farm documents) is most of the app's code and nothing of it is
 * needed to record, so it is not in the recorder's chunk or the service worker's precache (issue 19): it
 * loads when a recording is finished, and preloadReview() fetches it once the recorder is idle so the
 * service worker's runtime cache holds it for review offline. A failed load can be tried again (React.lazy
 * would keep the failure).
 */
let review: ReviewFeature | undefined;
let loading: Promise<ReviewFeature> | undefined;

function loadReview(): Promise<ReviewFeature> {
  loading ??= import('../../review').then(
    (feature) => (review = feature),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Fetches the review code in the background once the browser is idle and online and a service worker
 * controls the page (on a first visit it takes control after installing; a fetch before that would miss
 * its runtime cache). Returns the effect's cleanup.
 */
export function preloadReview(): () => void {
  if (review || !navigator.onLine || !('serviceWorker' in navigator)) return () => undefined;
  let cancel: () => void = () => undefined;
  const load = () => void loadReview().catch(() => undefined);
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(load, { timeout: 5_000 });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(load, 2_000);
      cancel = () => window.clearTimeout(id);
    }
  };
  const container = navigator.serviceWorker;
  if (container.controller) whenIdle();
  else container.addEventListener('controllerchange', whenIdle, { once: true });
  return () => {
    container.removeEventListener('controllerchange', whenIdle);
    cancel();
  };
}

/** The complete state's main content: transcript, clinical notes and export (features/review). */
export function CompleteView({
  recording,
  onDelete,
}: {
  recording: LocalRecording;
  onDelete: (id: string) => void;
}) {
  const [feature, setFeature] = useState(review);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (feature || failed) return;
    let current = true;
    loadReview().then(
      (loaded) => current && setFeature(loaded),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [feature, failed]);

  if (feature) {
    const { ReviewPanel } = feature;
    return <ReviewPanel recording={recording} onCancelRecording={() => onDelete(recording.id)} />;
  }
  if (failed) {
    return (
      <Card role="alert">
        <CardHeader>
          <CardTitle>The notes view could not be loaded</CardTitle>
          <CardDescription>
            Your recording is safe on this device. Check your connection, then try again.
          </CardDescription>
        </CardHeader>
        <Button onClick={() => setFailed(false)}>Try again</Button>
      </Card>
    );
  }
  return (
    <p role="status">
      <Spinner /> Loading notes...
    </p>
  );
}

import { useEffect, useState } from 'react';
import { AlertCircleIcon } from '../../../components/icons';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { useDeviceSettings, useLocalRecordings } from '../../../data/hooks';
import { recorder as pageRecorder, useRecorder } from '../recorder';
import { isFarmMode } from '../recorder-store';
import { useVoiceCommands } from '../use-voice-commands';
import { CompleteView, preloadReview } from './CompleteView';
import { ControlsBar } from './ControlsBar';
import { FarmBanner } from './FarmBanner';
import { InterruptedRecordings } from './InterruptedRecordings';
import { PreConsultationPanel } from './PreConsultationPanel';
import { ProcessingView } from './ProcessingView';
import { RecentRecordingsSidebar } from './RecentRecordingsSidebar';
import { RecordButton } from './RecordButton';
import { RecordingPreview } from './RecordingPreview';
import { RecordingTimer } from './RecordingTimer';
import { SessionRecordingsList } from './SessionRecordingsList';
import styles from './Recorder.module.css';

/** Keeps connection state fresh and drains the processing queue whenever the network may have changed. */
function useConnectivity() {
  useEffect(() => {
    const store = pageRecorder();
    const recorder = () => store.getState();
    void recorder()
      .init()
      .then(() => recorder().runQueue());
    const onChange = () => {
      recorder().refreshConnection();
      void recorder().runQueue();
    };
    // Back online: whatever waited for a retry is tried at once, its backoff starts over.
    const onOnline = () => {
      recorder().refreshConnection();
      void recorder().resetBackoff();
    };
    const onVisible = () => document.visibilityState === 'visible' && onChange();
    const connection = (navigator as Navigator & { connection?: EventTarget }).connection;
    const onWorkerMessage = (event: MessageEvent) => event.data?.type === 'run-queue' && onChange();
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onChange);
    document.addEventListener('visibilitychange', onVisible);
    connection?.addEventListener('change', onChange);
    navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onChange);
      document.removeEventListener('visibilitychange', onVisible);
      connection?.removeEventListener('change', onChange);
      navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    };
  }, []);
}

/** The recorder (/app): the screen a vet uses all day. */
export function RecorderScreen() {
  const recorder = useRecorder();
  const { machine, preConsultation } = recorder;
  const recordings = useLocalRecordings();
  const { wifiOnly } = useDeviceSettings();
  const [voiceEnabled, setVoiceEnabled] = useState(false);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [confirmEndSession, setConfirmEndSession] = useState(false);
  const voice = useVoiceCommands(voiceEnabled);
  useConnectivity();
  useEffect(preloadReview, []);

  const farm = isFarmMode(preConsultation);
  const selected = recordings.find((recording) => recording.id === machine.selectedRecordingId);
  const { status } = machine;
  const capturing = status === 'recording' || status === 'paused';
  const unsynced = recordings.filter((recording) => !recording.serverRecordingId).length;

  const onRecordButton = () => {
    if (status === 'ready') void recorder.start();
    else if (status === 'recording') recorder.pause();
    else if (status === 'paused') recorder.resume();
  };

  return (
    <div className={styles.screen}>
      <ControlsBar
        connection={recorder.connection}
        wifiOnly={wifiOnly}
        onWifiOnlyChange={(value) => void recorder.setWifiOnly(value)}
        voiceSupported={voice.supported}
        voiceEnabled={voiceEnabled}
        onVoiceEnabledChange={setVoiceEnabled}
        lastVoiceCommand={voice.lastCommand}
        onOpenRecent={() => setSidebarOpen(true)}
        recentOpen={sidebarOpen}
      />

      {machine.error && (
        <div className={styles.errorBanner} role="alert" data-testid="error-banner">
          <AlertCircleIcon size={20} />
          <p>{machine.error}</p>
          <button
            type="button"
            onClick={() => recorder.dispatch({ type: 'DISMISS_ERROR' })}
            aria-label="Dismiss"
          >
            ×
          </button>
        </div>
      )}

      <div className={styles.main} data-state={status}>
        {status === 'ready' && (
          <InterruptedRecordings
            captures={recorder.interrupted}
            onRecover={(id) => void recorder.recoverInterrupted(id)}
            onDiscard={(id) => void recorder.discardInterrupted(id)}
          />
        )}

        {(status === 'ready' || status === 'recorded' || status === 'complete') && (
          <>
            <SessionRecordingsList
              recordings={recordings}
              selectedId={machine.selectedRecordingId}
              sync={{
                connection: recorder.connection,
                wifiOnly,
                processingIds: recorder.processingIds,
              }}
              onSelect={(id) => void recorder.select(id)}
              onDelete={(id) => void recorder.remove(id)}
              onRetry={(id) => void recorder.retryNow(id)}
            />
            <PreConsultationPanel value={preConsultation} onChange={recorder.setPreConsultation} />
          </>
        )}

        {farm && (status === 'ready' || capturing) && (
          <FarmBanner status={status} segmentNumber={recorder.segmentNumber} />
        )}

        {(status === 'ready' || capturing) && (
          <div className={styles.recorderCore}>
            <RecordButton status={status} isFarmMode={farm} onPress={onRecordButton} />
            {capturing && (
              <RecordingTimer
                seconds={machine.elapsedSeconds}
                level={recorder.level}
                paused={status === 'paused'}
              />
            )}
            {status === 'paused' && (
              <Button variant="danger" size="lg" onClick={() => void recorder.stop()}>
                End Consultation
              </Button>
            )}
          </div>
        )}

        {status === 'ready' && recordings.length > 0 && (
          <Button variant="secondary" onClick={() => setConfirmEndSession(true)}>
            End Session &amp; Export All
          </Button>
        )}

        {status === 'recorded' && selected && (
          <RecordingPreview key={selected.id} audio={selected.audioBlob} />
        )}

        {status === 'processing' && machine.processingStep && (
          <ProcessingView step={machine.processingStep} progress={machine.processingProgress} />
        )}

        {status === 'complete' && selected && (
          <CompleteView recording={selected} onDelete={(id) => void recorder.remove(id)} />
        )}

        {(status === 'recorded' || status === 'complete') && (
          <div className={styles.actions} data-testid="recording-actions">
            {status === 'recorded' && (
              <Button size="lg" onClick={() => void recorder.process()}>
                Process Recording
              </Button>
            )}
            {(status === 'recorded' || recordings.length > 0) && (
              <Button size="lg" variant="secondary" onClick={() => void recorder.saveAndRecordNext()}>
                Save &amp; Record Next Animal
              </Button>
            )}
            <Button size="lg" variant="ghost" onClick={recorder.reset}>
              New Recording
            </Button>
          </div>
        )}
      </div>

      <RecentRecordingsSidebar
        open={sidebarOpen}
        onOpenChange={setSidebarOpen}
        recordings={recordings}
        processingIds={recorder.processingIds}
        connection={recorder.connection}
        wifiOnly={wifiOnly}
        onSelect={(id) => void recorder.select(id)}
        onDelete={(id) => void recorder.remove(id)}
        onRetry={(id) => void recorder.retryNow(id)}
      />

      <Dialog
        open={confirmEndSession}
        onOpenChange={setConfirmEndSession}
        title="End this session?"
        description={
          unsynced > 0
            ? `This removes all ${recordings.length} recording(s) from this device. ${unsynced} of them have not been saved to the server and will be lost.`
            : `This removes all ${recordings.length} recording(s) from this device.`
        }
        hideCloseButton
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmEndSession(false)}>
              Keep recordings
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setConfirmEndSession(false);
                void recorder.clearAll();
              }}
            >
              End Session
            </Button>
          </>
        }
      />
    </div>
  );
}

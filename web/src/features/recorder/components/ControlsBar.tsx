import { ClockListIcon } from '../../../components/icons';
import { Switch } from '../../../components/ui/Switch';
import { connectionBadgeText, type ConnectionInfo } from '../../../data/connection';
import styles from './Recorder.module.css';

export const VOICE_HINT = 'Say "start recording", "pause recording", "stop recording"';

interface ControlsBarProps {
  connection: ConnectionInfo;
  wifiOnly: boolean;
  onWifiOnlyChange: (value: boolean) => void;
  voiceSupported: boolean;
  voiceEnabled: boolean;
  onVoiceEnabledChange: (value: boolean) => void;
  lastVoiceCommand: string | null;
  /** Opens Recent Recordings: the visible way in on touch screens, where the edge zone does not exist. */
  onOpenRecent: () => void;
  recentOpen: boolean;
}

/** Connection badge, Wi-Fi-only switch and voice commands (spec section 2, 'Controls'). */
export function ControlsBar(props: ControlsBarProps) {
  const { connection, wifiOnly, voiceSupported, voiceEnabled, lastVoiceCommand } = props;
  return (
    <div className={styles.controls}>
      <span
        className={`${styles.badge} ${styles[`connection_${connection.type}`] ?? ''}`}
        data-testid="connection-badge"
        role="status"
      >
        <span className={styles.dot} aria-hidden="true" />
        {connectionBadgeText(connection, wifiOnly)}
      </span>
      <Switch label="WiFi-only processing mode" checked={wifiOnly} onCheckedChange={props.onWifiOnlyChange} />
      {voiceSupported && (
        <Switch
          label="Voice commands"
          checked={voiceEnabled}
          onCheckedChange={props.onVoiceEnabledChange}
          {...(voiceEnabled ? { hint: VOICE_HINT } : {})}
        />
      )}
      {voiceSupported && (
        <span className={`${styles.badge} ${voiceEnabled ? styles.listening : ''}`} data-testid="voice-badge">
          {voiceEnabled ? (
            <>
              Listening for commands...
              {lastVoiceCommand && <strong className={styles.lastCommand}>“{lastVoiceCommand}”</strong>}
            </>
          ) : (
            'Voice commands off'
          )}
        </span>
      )}
      <button
        type="button"
        className={styles.recentButton}
        onClick={props.onOpenRecent}
        aria-expanded={props.recentOpen}
        aria-controls="recent-recordings"
        title="Recent Recordings (h)"
        data-testid="open-recent"
      >
        <ClockListIcon size={18} />
        Recent
      </button>
    </div>
  );
}

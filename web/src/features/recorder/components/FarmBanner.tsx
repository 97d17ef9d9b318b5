import { TractorIcon } from '../../../components/icons';
import type { RecorderStatus } from '../model/recorder-machine';
import { farmBannerText } from '../model/segments';
import styles from './Recorder.module.css';

/** Farm Mode banners of spec section 2 for the ready, recording and paused states. */
export function FarmBanner({ status, segmentNumber }: { status: RecorderStatus; segmentNumber: number }) {
  if (status === 'ready') {
    return (
      <div className={styles.farmBanner} data-testid="farm-banner">
        <TractorIcon size={22} />
        <div>
          <p className={styles.farmTitle}>Farm Mode Active</p>
          <p>30-minute auto-segmentation enabled</p>
          <p>Optimized for remote farm visits</p>
        </div>
      </div>
    );
  }
  if (status !== 'recording' && status !== 'paused') return null;
  return (
    <div className={styles.farmBanner} data-testid="farm-banner">
      <TractorIcon size={22} />
      <p className={styles.farmTitle}>
        {farmBannerText(segmentNumber)}
        {status === 'paused' && <span> (PAUSED)</span>}
      </p>
    </div>
  );
}

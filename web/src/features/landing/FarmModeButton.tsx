import { Link } from 'react-router-dom';
import { MicIcon, TractorIcon } from '../../components/icons';
import styles from './FarmModeButton.module.css';

/**
 * Farm recording mode as the spec draws it: a large green record button with a tractor badge. It opens
 * the recorder; a signed-out visitor is sent to sign in by the route guard first.
 */
export function FarmModeButton() {
  return (
    <section className={styles.farm} aria-labelledby="farm-mode-title">
      <Link to="/app" className={styles.button} aria-label="Start a Farm Mode recording">
        <MicIcon size={56} strokeWidth={1.8} />
        <span className={styles.badge} aria-hidden="true">
          <TractorIcon size={26} />
        </span>
      </Link>
      <h2 id="farm-mode-title" className={styles.title}>
        Farm Mode
      </h2>
      <ul className={styles.details}>
        <li>Optimized for remote farm visits</li>
        <li>30-minute auto-segmentation</li>
        <li>Lower bitrate for weak signal</li>
      </ul>
    </section>
  );
}

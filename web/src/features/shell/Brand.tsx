import { Link } from 'react-router-dom';
import { LogoMark } from '../../components/icons';
import { PRODUCT_NAME, PRODUCT_SUBTITLE, useProviderName } from './appInfo';
import styles from './Brand.module.css';

/** 'VeldVet' + 'Powered by <provider>' over the subtitle; the header of every page. */
export function Brand({ to = '/' }: { to?: string }) {
  const providerName = useProviderName();
  return (
    <Link to={to} className={styles.brand} aria-label={`${PRODUCT_NAME} home`}>
      <LogoMark size={40} />
      <span className={styles.text}>
        <span className={styles.nameLine}>
          <span className={styles.name}>{PRODUCT_NAME}</span>
          <span className={styles.poweredBy} data-testid="powered-by" title={providerName}>
            Powered by {providerName ?? '…'}
          </span>
        </span>
        <span className={styles.subtitle}>{PRODUCT_SUBTITLE}</span>
      </span>
    </Link>
  );
}

import { ShieldCheckIcon } from '../components/icons';
import { ButtonLink } from '../components/ui/Button';
import { FarmModeButton } from '../features/landing/FarmModeButton';
import { FeatureCards } from '../features/landing/FeatureCards';
import { PublicHeader } from '../features/shell/PublicHeader';
import styles from './LandingPage.module.css';

export function LandingPage() {
  return (
    <div className={styles.page}>
      <PublicHeader showAuthActions />
      <main id="main" className={styles.main}>
        <section className={styles.hero} aria-labelledby="landing-title">
          <div className={styles.heroInner}>
            <div>
              <span className={styles.eyebrow}>For South African veterinary practices</span>
              <h1 id="landing-title" className={styles.headline}>
                Speak the consultation. Get the clinical notes.
              </h1>
              <p className={styles.lead}>
                Record consultations, get AI transcription in Afrikaans and English, and generate structured
                SOAP clinical notes.
              </p>
              <p className={styles.retention}>
                <ShieldCheckIcon size={20} />
                Records are retained securely for 5-7+ years for legal compliance.
              </p>
              <div className={styles.cta}>
                <ButtonLink to="/register" size="lg">
                  Sign Up
                </ButtonLink>
                <ButtonLink to="/login" size="lg" variant="secondary">
                  Sign In
                </ButtonLink>
              </div>
            </div>
            <FarmModeButton />
          </div>
        </section>
        <section className={styles.section} aria-labelledby="features-title">
          <h2 id="features-title" className={styles.sectionTitle}>
            Everything a consultation needs
          </h2>
          <FeatureCards />
        </section>
      </main>
      <footer className={styles.footer}>VeldVet · Veterinary Voice Transcription</footer>
    </div>
  );
}

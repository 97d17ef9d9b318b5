import type { ComponentType } from 'react';
import {
  ClipboardNotesIcon,
  LanguagesIcon,
  MicIcon,
  ShieldCheckIcon,
  type IconProps,
} from '../../components/icons';
import styles from './FeatureCards.module.css';

interface Feature {
  title: string;
  text: string;
  Icon: ComponentType<IconProps>;
}

const features: Feature[] = [
  {
    title: 'Voice Recording',
    text: 'Hands-free recording with voice commands: start, pause and stop without touching your phone.',
    Icon: MicIcon,
  },
  {
    title: 'AI Transcription',
    text: 'Bilingual transcription in Afrikaans and English that knows veterinary terminology.',
    Icon: LanguagesIcon,
  },
  {
    title: 'SOAP Notes',
    text: 'Structured Subjective, Objective, Assessment and Plan notes generated from each consultation.',
    Icon: ClipboardNotesIcon,
  },
  {
    title: 'Legal Compliance',
    text: 'Records are retained securely for 5-7+ years for legal compliance.',
    Icon: ShieldCheckIcon,
  },
];

export function FeatureCards() {
  return (
    <ul className={styles.grid} aria-label="Features">
      {features.map(({ title, text, Icon }) => (
        <li key={title} className={styles.card}>
          <span className={styles.icon}>
            <Icon size={22} />
          </span>
          <h3 className={styles.title}>{title}</h3>
          <p className={styles.text}>{text}</p>
        </li>
      ))}
    </ul>
  );
}

import type { BulletEvidence, SoapSection } from '#shared/schemas/clinical';
import { formatTimer } from '#shared/format/recording-metadata';
import { bulletsOf, SECTION_INFO } from '../model/notes-draft';
import { bulletKey, evidenceFor, flagKey, type ReviewFlag } from '../model/safety-flags';
import { SafetyFlagNotice } from './SafetyFlagNotice';
import styles from './Review.module.css';

export interface BulletInteraction {
  evidence?: readonly BulletEvidence[] | undefined;
  flags: Map<string, ReviewFlag[]>;
  acknowledged: readonly string[];
  activeBullet: string | null;
  onSelect?: ((key: string, evidence: BulletEvidence) => void) | undefined;
  onAcknowledge?: ((flag: ReviewFlag) => void) | undefined;
}

/** One SOAP section in view mode: every non-empty line a bullet; bullets with evidence open their source. */
export function SoapSectionView({
  section,
  text,
  interaction,
}: {
  section: SoapSection;
  text: string;
  interaction?: BulletInteraction | undefined;
}) {
  const bullets = bulletsOf(text);
  const info = SECTION_INFO[section];
  return (
    <section
      className={styles.section}
      data-testid={`soap-${section}`}
      aria-labelledby={`soap-${section}-title`}
    >
      <h4 className={styles.sectionTitle} id={`soap-${section}-title`}>
        {info.title}
      </h4>
      <p className={styles.helper}>{info.helper}</p>
      {bullets.length === 0 ? (
        <p className={styles.empty}>No entries</p>
      ) : (
        <ul className={styles.bullets}>
          {bullets.map((bullet) => {
            const key = bulletKey(section, bullet.index);
            const evidence = interaction?.onSelect
              ? evidenceFor(interaction.evidence, section, bullet.text)
              : undefined;
            const active = interaction?.activeBullet === key;
            const flags = interaction?.flags.get(key) ?? [];
            return (
              <li key={key} data-testid="soap-bullet">
                {evidence && interaction?.onSelect ? (
                  <button
                    type="button"
                    className={[styles.bulletButton, active ? styles.bulletActive : ''].join(' ')}
                    aria-pressed={active}
                    title="Show where this was said"
                    onClick={() => interaction.onSelect?.(key, evidence)}
                  >
                    {bullet.text}
                  </button>
                ) : (
                  bullet.text
                )}
                {active && evidence && <SourceQuote evidence={evidence} />}
                {flags.map((flag) => {
                  const acknowledged = interaction?.acknowledged.includes(flagKey(flag)) ?? false;
                  const acknowledge = interaction?.onAcknowledge;
                  return (
                    <SafetyFlagNotice
                      key={flagKey(flag)}
                      flag={flag}
                      acknowledged={acknowledged}
                      onAcknowledge={acknowledge ? () => acknowledge(flag) : undefined}
                    />
                  );
                })}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The words a bullet rests on, quoted under it, with the moment in the audio when known. */
function SourceQuote({ evidence }: { evidence: BulletEvidence }) {
  const first = evidence.spans[0];
  const at = first?.audioStart;
  return (
    <blockquote className={styles.source} data-testid="bullet-source">
      {at !== undefined ? `${formatTimer(at)} · ` : ''}“{evidence.spans.map((span) => span.text).join(' … ')}”
    </blockquote>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TermHint, TranscriptSuggestionsResponse } from '#shared/schemas/transcript-suggestions';
import type { LexiconSuggestion } from '#shared/transcript/lexicon-check';
import { Button } from '../../../components/ui/Button';
import { apiJson } from '../../../lib/api';
import styles from './Review.module.css';

/** How long the text must rest before it is checked again (typing does not send a request a key). */
const SETTLE_MS = 500;

/**
 * The clinical-lexicon pass's suggestions for the transcript as it stands in the editor: words that
 * sound like a clinical term but are not one ('methodonate' → methadone). The server checks (it holds
 * the word lists); one tap replaces the words with the term in the draft, which the vet then updates
 * the notes from like any other edit. Nothing is ever replaced without that tap.
 */
export function TranscriptSuggestions({
  text,
  hints,
  onAccept,
}: {
  text: string;
  /** The transcription's term hints for this recording (a word heard where the prompt had a term). */
  hints?: readonly TermHint[] | undefined;
  onAccept: (suggestion: LexiconSuggestion) => void;
}) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const query = useQuery({
    queryKey: ['transcript-suggestions', settled, hints],
    queryFn: ({ signal }) =>
      apiJson<TranscriptSuggestionsResponse>(
        'POST',
        '/api/transcript/suggestions',
        { text: settled, ...(hints && hints.length > 0 ? { hints } : {}) },
        { signal },
      ),
    enabled: settled.trim() !== '',
    staleTime: Infinity,
    retry: false,
  });
  // Offsets refer to the text that was checked: show nothing while the vet's text differs from it.
  const suggestions = settled === text ? (query.data?.suggestions ?? []) : [];
  if (suggestions.length === 0) return null;
  return (
    <div className={styles.suggestions} data-testid="transcript-suggestions">
      <p className={styles.suggestionsTitle}>Possible misheard terms</p>
      <ul className={styles.suggestionList}>
        {suggestions.map((suggestion) => (
          <li key={`${suggestion.start}-${suggestion.suggestion}`} className={styles.suggestion}>
            <span>
              <s className={styles.suggestionHeard}>{suggestion.heard}</s> →{' '}
              <strong>{suggestion.suggestion}</strong>
            </span>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Replace ${suggestion.heard} with ${suggestion.suggestion}`}
              onClick={() => onAccept(suggestion)}
            >
              Accept
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

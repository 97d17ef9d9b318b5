import { lazily } from '#shared/async.js';

/** The `openai` package's module type, for the providers that load it. */
export type OpenAiSdk = typeof import('openai');

/**
 * The `openai` package, loaded when a provider first calls it: about 10 MiB of an idle server's memory
 * (issue 19), and a practice on the embedded notes and a local Whisper never loads it at all.
 */
export const loadOpenAiSdk = lazily<OpenAiSdk>(() => import('openai'));

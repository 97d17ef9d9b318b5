/**
 * The `openai` package, loaded when a provider first calls it: about 10 MiB of an idle server's memory
 * (issue 19), and a practice on the embedded notes and a local Whisper never loads it at all.
 */
export type OpenAiSdk = typeof import('openai');

let sdk: Promise<OpenAiSdk> | undefined;

export function loadOpenAiSdk(): Promise<OpenAiSdk> {
  sdk ??= import('openai');
  return sdk;
}

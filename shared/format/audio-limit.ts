/**
 * The text for audio over the upload limit, e.g. 'The audio file is too large (limit 25.2 MB)'. The server
 * answers it with its 413 and the PWA shows the same words when it refuses the file before uploading
 * (spec: a transcription failure shows the server's error text).
 */
export function audioTooLargeMessage(limitBytes: number): string {
  const limit =
    limitBytes >= 1_000_000
      ? `${Math.round(limitBytes / 100_000) / 10} MB`
      : `${Math.max(1, Math.round(limitBytes / 1000))} kB`;
  return `The audio file is too large (limit ${limit})`;
}

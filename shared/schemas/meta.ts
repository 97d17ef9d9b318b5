import { z } from 'zod';

/**
 * GET /api/health. Besides liveness it publishes the upload limits, so the PWA can refuse a recording that
 * is too large before it uploads it: past the limit the server answers 413 and closes the connection
 * mid-upload, which a browser reports as a network error instead of the message.
 */
export const healthSchema = z.object({
  ok: z.boolean(),
  limits: z.object({
    /** Largest audio file POST /api/transcribe accepts (MAX_AUDIO_BYTES). */
    transcribeAudioBytes: z.number().int().positive(),
    /** Largest recording POST /api/recordings/save accepts, in raw audio bytes (MAX_UPLOAD_BYTES). */
    recordingAudioBytes: z.number().int().positive(),
    /** Longest recording transcribed (MAX_AUDIO_SECONDS). */
    audioSeconds: z.number().int().positive(),
  }),
});
export type Health = z.infer<typeof healthSchema>;

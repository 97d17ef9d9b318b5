/**
 * Setup command for the `local` transcription provider: downloads and verifies a ggml Whisper model.
 *
 *   npm run whisper:model                  the configured WHISPER_MODEL (default base)
 *   npm run whisper:model -- small-q5_1    a model by name
 *   npm run whisper:model -- --list        the catalog
 *
 * Models go to WHISPER_MODELS_DIR (default DATA_DIR/models), from WHISPER_MODEL_BASE_URL (default the
 * whisper.cpp model repository). Exit code 1 with a one-line reason when the model cannot be had.
 */
import { loadConfig } from '../api/config.js';
import { modelManagerFor } from '../api/providers/transcription/index.js';
import { MODEL_CATALOG } from '../api/providers/transcription/model-catalog.js';
import { formatProgress, type DownloadProgress } from '../api/providers/transcription/model-manager.js';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const config = loadConfig();
  if (args.includes('--list')) {
    for (const model of MODEL_CATALOG) {
      console.log(
        `${model.name.padEnd(22)} ${String(model.approxMiB).padStart(5)} MiB  ${model.multilingual ? 'multilingual' : 'English only'}${model.sha1 ? '' : '  (no published checksum: pinned on first download)'}`,
      );
    }
    return;
  }
  const name = args.find((a) => !a.startsWith('-')) ?? config.WHISPER_MODEL;
  const manager = modelManagerFor(config);
  const model = manager.describe(name);
  if (!model.multilingual)
    console.error(`note: '${name}' is English-only; Afrikaans needs a multilingual model`);
  const interactive = process.stderr.isTTY;
  let lastPrinted = -1;
  const show = (progress: DownloadProgress) => {
    const percent = progress.totalBytes
      ? Math.floor((progress.receivedBytes / progress.totalBytes) * 100)
      : -1;
    if (interactive) process.stderr.write(`\r${renderBar(progress)}`);
    else if (percent !== lastPrinted && percent % 10 === 0)
      process.stderr.write(`${formatProgress(progress)}\n`);
    lastPrinted = percent;
  };
  const started = Date.now();
  const file = await manager.ensure(name, show);
  if (interactive) process.stderr.write('\n');
  console.log(`${file} (verified, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

function renderBar(progress: DownloadProgress): string {
  const width = 30;
  const fraction = progress.totalBytes ? progress.receivedBytes / progress.totalBytes : 0;
  const filled = Math.round(fraction * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${formatProgress(progress)}   `;
}

main().catch((error: unknown) => {
  console.error(`whisper:model: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

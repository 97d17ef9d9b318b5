/**
 * The whisper.cpp host: a child process of the API that loads one model and transcribes the pieces it
 * is sent, one at a time. Started by host-process.ts with HostStartOptions as JSON in argv[2].
 */
import { openBinding, type WhisperCppBinding } from './bindings.js';
import type { HostReply, HostRequest, HostStartOptions } from './protocol.js';

const send = (reply: HostReply) => process.send?.(reply);
const options = JSON.parse(process.argv[2] ?? '{}') as HostStartOptions;

let binding: WhisperCppBinding;
try {
  binding = await openBinding(options.binding, options.modelFile);
  send({ type: 'ready', binding: options.binding });
} catch (error) {
  send({ type: 'load-failed', message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}

// Jobs arrive one at a time (the parent queues), but a chain keeps them in order regardless.
let chain: Promise<void> = Promise.resolve();
process.on('message', (request: HostRequest) => {
  if (request.type !== 'transcribe') return;
  const { job } = request;
  chain = chain.then(async () => {
    try {
      send({ type: 'result', id: job.id, result: await binding.transcribe(job) });
    } catch (error) {
      send({ type: 'failed', id: job.id, message: error instanceof Error ? error.message : String(error) });
    }
  });
});
// The parent going away (API stopped or crashed) ends the host too.
process.on('disconnect', () => process.exit(0));

// Starts a TypeScript worker module: under tsx (npm start / npm run serve) the worker thread registers
// tsx's loader first, since a worker does not inherit the main thread's module hooks.
import { workerData } from 'node:worker_threads';

if (workerData.entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.entry);

// Module resolve hook for record-package-imports.mjs (runs on Node's loader thread).
import process from 'node:process';

export async function resolve(specifier, context, nextResolve) {
  if (!/^(?:\.|\/|node:|file:|data:|#)/.test(specifier)) process.stderr.write(`[package] ${specifier}\n`);
  return nextResolve(specifier, context);
}

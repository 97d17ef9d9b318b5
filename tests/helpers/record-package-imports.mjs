// `node --import ./record-package-imports.mjs app.js`: the app writes "[package] NAME" to stderr for every
// package it imports (bare specifiers), so a test can see which packages a process loaded and when.
import { register } from 'node:module';

register('./record-package-imports-hooks.mjs', import.meta.url);

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import featureBoundaries from './eslint-rules/feature-boundaries.js';
import layerBoundaries from './eslint-rules/layer-boundaries.js';

const root = path.dirname(fileURLToPath(import.meta.url));

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'data',
      'node_modules',
      '.cache',
      'coverage',
      'tests/.artifacts',
      'tests/peers/.venv',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Type-aware rules: each file is checked with the tsconfig.json of its part (web, sw, shared, tests, Node).
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      // A promise handed to onClick/onSubmit (or any void callback) fails silently: handle it or `void` it.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: true } }],
    },
  },
  {
    plugins: {
      veldvet: { rules: { 'feature-boundaries': featureBoundaries, 'layer-boundaries': layerBoundaries } },
    },
    rules: {
      'veldvet/layer-boundaries': [
        'error',
        {
          root,
          forbid: {
            shared: ['web', 'sw', 'api', 'db', 'scripts', 'tests'],
            db: ['api', 'web', 'sw', 'scripts', 'tests'],
            web: ['api', 'db', 'scripts', 'tests'],
            sw: ['api', 'db', 'scripts', 'tests'],
            api: ['web', 'sw', 'scripts', 'tests'],
          },
        },
      ],
      'veldvet/feature-boundaries': 'error',
    },
  },
);

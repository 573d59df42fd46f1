import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { featureBoundaries } from './eslint/feature-boundaries.js';
import { serverFeatureBoundaries } from './eslint/server-feature-boundaries.js';
import { serverBoundaryAllow } from './eslint/server-boundary-allow.js';
import { serverLayers } from './eslint/server-layers.js';
import { routeTable } from './eslint/route-table.js';
import { rawButton } from './eslint/raw-button.js';
import { loadingPanel } from './eslint/loading-panel.js';

const papo = {
  rules: {
    'feature-boundaries': featureBoundaries,
    'server-feature-boundaries': serverFeatureBoundaries,
    'server-layers': serverLayers,
    'route-table': routeTable,
    'raw-button': rawButton,
    'loading-panel': loadingPanel,
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.test-data/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/server/src/features/**/*.ts'],
    plugins: { papo },
    rules: { 'papo/server-feature-boundaries': ['error', { allow: serverBoundaryAllow }] },
  },
  {
    files: ['apps/server/src/db/**/*.ts', 'apps/server/src/lib/**/*.ts'],
    plugins: { papo },
    rules: { 'papo/server-layers': 'error' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/lib/redis.ts', 'apps/server/src/test/**', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Redis']",
          message: 'Make Redis clients with createRedis (lib/redis.ts): its failed commands never go unhandled.',
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { papo },
    rules: { 'papo/route-table': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, papo },
    rules: {
      'papo/feature-boundaries': 'error',
      'papo/raw-button': 'error',
      'papo/loading-panel': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);

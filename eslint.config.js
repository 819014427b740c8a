import js from '@eslint/js'
import importPlugin from 'eslint-plugin-import'
import reactHooks from 'eslint-plugin-react-hooks'
import reactRefresh from 'eslint-plugin-react-refresh'
import globals from 'globals'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import tseslint from 'typescript-eslint'

// Zones are paths from the repo's root, whatever directory ESLint runs from (the pre-commit
// hook, an editor, the config's own test).
const root = import.meta.dirname
const entries = (dir) => readdirSync(join(root, dir), { withFileTypes: true })

// Read when the config loads, so a new journey's folder is covered without editing this file.
const features = entries('src/features')
  .filter((e) => e.isDirectory())
  .map((e) => e.name)

// A feature never imports another: what two journeys share lives in components/, state/ or lib/.
const featureZones = features.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`],
  message: `A feature never imports another feature: move what ${name}/ needs to components/, state/ or lib/.`,
}))

// The static demo (the relay inside the page) is started by src/main.tsx alone, behind
// VITE_DEMO: anything else importing it would pull the relay into the store's bundle.
const demoImporters = [
  ...entries('src')
    .filter((e) => e.name !== 'demo' && e.name !== 'main.tsx' && /^[^.]+(\.tsx?)?$/.test(e.name))
    .map((e) => `./src/${e.name}`),
  './server',
  './scripts',
  './bench',
  './e2e',
]

// Layers point inward only (README, ARCHITECTURE; docs/design.md):
// app → features → components/state → api → lib, with i18n beside them as a leaf.
// scripts/eslint-rules.test.ts lints sample imports against these zones.
const layerZones = [
  {
    target: './src/lib',
    from: [
      './src/api',
      './src/features',
      './src/app',
      './src/components',
      './src/state',
      './src/i18n',
      './src/mocks',
      './server',
    ],
    message: 'lib/ is the innermost layer.',
  },
  {
    target: './src/api',
    from: [
      './src/features',
      './src/app',
      './src/components',
      './src/state',
      './src/i18n',
      './src/mocks',
      './server',
    ],
    message: 'api/ may only import lib/.',
  },
  {
    target: './src/components',
    from: ['./src/features', './src/app', './src/mocks', './server'],
    message: 'Shared components cannot import features or the app.',
  },
  {
    target: './src/state',
    from: [
      './src/features',
      './src/app',
      './src/components',
      './src/i18n',
      './src/mocks',
      './server',
    ],
    message: 'Client state is shared: it knows only api/ and lib/.',
  },
  // The words are read by the screens (app, features, components) and by the server's first
  // view (titles); they import nothing of the store's own.
  {
    target: './src/i18n',
    from: [
      './src/api',
      './src/app',
      './src/components',
      './src/features',
      './src/lib',
      './src/state',
      './src/mocks',
      './server',
    ],
    message: 'i18n/ is a leaf: the words import nothing of the store.',
  },
  {
    target: './src/features',
    from: ['./src/app', './src/mocks', './server'],
    message: 'Features cannot import the app shell, the mocks or the relay.',
  },
  {
    target: './src/app',
    from: ['./src/mocks', './server'],
    message: 'The app cannot import the mocks or the relay.',
  },
  {
    target: './src/mocks',
    from: [
      './src/features',
      './src/app',
      './src/components',
      './src/state',
      './src/i18n',
      './server',
    ],
    message: 'The offline service only knows the contract.',
  },
  {
    target: demoImporters,
    from: './src/demo',
    message: 'Only src/main.tsx starts the static demo.',
  },
  {
    target: './src/demo',
    from: ['./src/features', './src/app', './src/components', './src/state', './src/i18n'],
    message: 'The demo runs the relay and the offline service in the page; it knows no screen.',
  },
  {
    target: './server/relay',
    from: ['./src/state', './src/i18n'],
    message: 'The relay may use the contract and lib/, never the UI: its words are its own.',
  },
  {
    target: './server',
    from: ['./src/features', './src/app', './src/components'],
    message: 'The relay only shares the contract and the offline service.',
  },
]

const restrictedPaths = (zones) => ['error', { basePath: root, zones }]

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-demo',
      'dist-server',
      'node_modules',
      'public/mockServiceWorker.js',
      'test-results',
      'playwright-report',
      'bench/results',
      'bench/baseline/dist',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Plain scripts Node runs as they are (this config, the git hook's installer).
  { files: ['*.js', '.githooks/*.mjs'], languageOptions: { globals: globals.node } },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { import: importPlugin },
    settings: {
      // Relative imports only, so Node's resolver with TypeScript extensions is enough.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import/no-restricted-paths': restrictedPaths([...layerZones, ...featureZones]),
    },
  },
  {
    // A test may put two journeys on one screen as the app does (the card form inside the
    // order page, a product reached from the catalog): it ships in no bundle. The layers hold.
    files: ['src/features/**/*.test.{ts,tsx}'],
    rules: { 'import/no-restricted-paths': restrictedPaths(layerZones) },
  },
  // Import cycles are not ESLint's: `import/no-cycle` skips `import type` and took ~90% of the
  // lint's time (most of a minute). scripts/import-cycles.ts (npm run lint) finds them all,
  // through types too, in a few seconds.
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },
)

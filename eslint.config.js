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

// The browser app is every folder of src/ but the demo, which runs the relay and the offline
// service inside the page (and is started by src/main.tsx alone, above).
const browserApp = entries('src')
  .filter((e) => e.name !== 'demo' && /^[^.]+(\.tsx?)?$/.test(e.name))
  .map((e) => `./src/${e.name}`)

// Trees by who runs the code (README, "The trees"): common/ at the bottom (the service's
// contract, the rules both sides apply, the words), then the browser app (src/), the offline
// service (offline/) and the server (server/: the relay app, the first view, the Node host).
// scripts/eslint-rules.test.ts lints sample imports against these zones.
const treeZones = [
  {
    target: './common/words',
    from: ['./common/rules', './common/contract', './src', './offline', './server'],
    message: 'The words are a leaf: they import nothing of the store.',
  },
  {
    target: './common/rules',
    from: ['./common/contract', './src', './offline', './server'],
    message: 'The rules know the words only: the contract is above them.',
  },
  {
    target: './common/contract',
    from: ['./src', './offline', './server'],
    message: 'common/ is the bottom tree: it imports nothing above it.',
  },
  {
    target: './offline',
    from: ['./src', './server'],
    message: 'The offline service only knows common/ (the contract it answers by).',
  },
  {
    target: './server/relay',
    from: ['./server/first-view', './server/host', './src'],
    message: 'The relay app knows common/ and the offline service, not the first view or the host.',
  },
  {
    target: './server/first-view',
    from: ['./server/host', './src'],
    except: ['./entry-server.tsx'],
    message: 'The first view reaches the app through src/entry-server.tsx only.',
  },
  {
    target: './server/host',
    from: './src',
    except: ['./entry-server.tsx'],
    message: 'The host reaches the app through src/entry-server.tsx only.',
  },
  {
    target: demoImporters,
    from: './src/demo',
    message: 'Only src/main.tsx starts the static demo.',
  },
  {
    target: './src/demo',
    from: ['./src/features', './src/app', './src/components', './src/state'],
    message: 'The demo runs the relay and the offline service in the page; it knows no screen.',
  },
]

// The relay's folders as layers, bottom first; folders on one line are siblings that never
// import each other. Each may import only the layers below it, never the wiring at the relay's
// root (app.ts, deps.ts, options.ts, the offline relay). A folder missing here fails the config's
// load, so a new one is placed on purpose. `npm run lint:cycles` checks the same from the code.
const RELAY_LAYERS = [
  ['stores'],
  ['http'],
  ['upstream'],
  ['sessions'],
  ['orders'],
  ['referrer', 'images'],
  ['routes'],
  ['redis'],
]
const relayFolders = entries('server/relay')
  .filter((e) => e.isDirectory() && e.name !== 'testing')
  .map((e) => e.name)
const unplaced = relayFolders.filter((name) => !RELAY_LAYERS.flat().includes(name))
if (unplaced.length)
  throw new Error(`eslint.config.js: place server/relay/${unplaced[0]} in RELAY_LAYERS`)
const relayWiring = entries('server/relay')
  .filter((e) => e.isFile() && /\.ts$/.test(e.name) && !e.name.includes('.test.'))
  .map((e) => `./server/relay/${e.name}`)
const relayZones = RELAY_LAYERS.flatMap((layer, level) =>
  layer.map((name) => ({
    target: `./server/relay/${name}`,
    from: [
      ...RELAY_LAYERS.slice(level + 1).flat(),
      ...layer.filter((sibling) => sibling !== name),
      'testing',
    ]
      .map((above) => `./server/relay/${above}`)
      .concat(relayWiring),
    message: `server/relay/${name}/ imports only the relay's layers below it (eslint.config.js, RELAY_LAYERS).`,
  })),
)

// What ships to the browser never reaches the offline service or the relay.
const browserZone = {
  target: browserApp,
  from: ['./offline', './server'],
  message: 'The browser app knows common/ only: the relay and the offline service run apart.',
}

// Layers of the browser app point inward only: app → features → components/state → api → lib.
const layerZones = [
  {
    target: './src/lib',
    from: ['./src/api', './src/features', './src/app', './src/components', './src/state'],
    message: 'lib/ is the innermost layer of the app.',
  },
  {
    target: './src/api',
    from: ['./src/features', './src/app', './src/components', './src/state'],
    message: 'api/ may only import lib/.',
  },
  {
    target: './src/components',
    from: ['./src/features', './src/app'],
    message: 'Shared components cannot import features or the app.',
  },
  {
    target: './src/state',
    from: ['./src/features', './src/app', './src/components'],
    message: 'Client state is shared: it knows only api/ and lib/.',
  },
  {
    target: './src/features',
    from: './src/app',
    message: 'Features cannot import the app shell.',
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
      'import/no-restricted-paths': restrictedPaths([
        ...treeZones,
        ...relayZones,
        browserZone,
        ...layerZones,
        ...featureZones,
      ]),
    },
  },
  {
    // The zones between trees bind what ships. A test, and the support beside it, may assemble
    // what it tests from above (a relay test with the host's configuration, a first-view test
    // with the static files, a browser test over the offline service): it ships in no bundle
    // and no process. Inside the browser app the layers still hold.
    files: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: { 'import/no-restricted-paths': restrictedPaths([...layerZones, ...featureZones]) },
  },
  {
    // A test may put two journeys on one screen as the app does (the card form inside the
    // order page, a product reached from the catalog).
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

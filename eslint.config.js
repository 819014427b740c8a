import js from '@eslint/js'
import importPlugin from 'eslint-plugin-import'
import reactHooks from 'eslint-plugin-react-hooks'
import reactRefresh from 'eslint-plugin-react-refresh'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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
      // Without this the plugin cannot read a TypeScript module's imports, and import/no-cycle
      // found no cycle at all (checked with two files importing each other).
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Layers point inward only (DESIGN.md): app → features → components/api → lib.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/lib', from: ['./src/api', './src/features', './src/app', './src/components', './src/mocks', './server'], message: 'lib/ is the innermost layer.' },
            { target: './src/api', from: ['./src/features', './src/app', './src/components', './src/mocks', './server'], message: 'api/ may only import lib/.' },
            { target: './src/components', from: ['./src/features', './src/app', './src/mocks', './server'], message: 'Shared components cannot import features or the app.' },
            { target: './src/state', from: ['./src/features', './src/app', './src/components', './src/mocks', './server'], message: 'Client state is shared: it knows only api/ and lib/.' },
            { target: './src/features', from: ['./src/app', './src/mocks', './src/demo', './server'], message: 'Features cannot import the app shell, the mocks or the relay.' },
            { target: './src/app', from: ['./src/mocks', './src/demo', './server'], message: 'The app reaches the demo only through main.tsx.' },
            { target: './src/mocks', from: ['./src/features', './src/app', './src/components', './server'], message: 'The offline service only knows the contract.' },
            { target: './server', from: ['./src/features', './src/app', './src/components'], message: 'The relay only shares the contract and the offline service.' },
          ],
        },
      ],
    },
  },
  {
    // Cycles among the app's and the relay's own modules. Tests are leaves (nothing imports
    // them) and a package cannot import our code back, so neither is walked: checked from every
    // file, the rule took most of a minute.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'src/test/**'],
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },
)

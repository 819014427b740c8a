import react from '@vitejs/plugin-react'
import { configDefaults, defineConfig } from 'vitest/config'
import type { Plugin } from 'vite'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'

/**
 * `npm run dev`: the relay's `/api` mounted in Vite's dev server (server/host/dev-plugin.ts), loaded
 * only when serving so builds and tests never load the relay.
 */
function relayDev(): Plugin {
  return {
    name: 'vitrine-relay',
    apply: 'serve',
    async configureServer(server) {
      if (process.env.VITEST) return
      const { mountRelay } = await server.ssrLoadModule('/server/host/dev-plugin.ts')
      await (mountRelay as (s: typeof server) => Promise<void>)(server)
    },
  }
}

/**
 * MSW's worker (public/mockServiceWorker.js) answers `/api` inside the page: only the static
 * demo (VITE_DEMO) runs it. A production build served it too, a script that, registered by
 * anything on the origin, would answer the store's own requests: it is left out of `dist/`.
 */
function demoWorkerOnly(): Plugin {
  return {
    name: 'vitrine-demo-worker-only',
    apply: 'build',
    async writeBundle(options) {
      if (process.env.VITE_DEMO || !options.dir) return
      const { rm } = await import('node:fs/promises')
      await rm(`${options.dir}/mockServiceWorker.js`, { force: true })
    },
  }
}

/**
 * React Router's package points every import at its development build (`ENABLE_DEV_WARNINGS =
 * true`: warnings and checks written into the bundle); the production build ships beside it and
 * nothing in the exports map selects it. Builds use it; dev and tests keep the warnings.
 */
const reactRouterProduction = (command: string) =>
  command === 'build'
    ? [
        {
          find: /^react-router$/,
          replacement: fileURLToPath(
            new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url),
          ),
        },
        {
          find: /^react-router\/dom$/,
          replacement: fileURLToPath(
            new URL('node_modules/react-router/dist/production/dom-export.mjs', import.meta.url),
          ),
        },
      ]
    : []

/** The suites on a real redis-server (server/relay/testing/test-redis.ts): their own Vitest project. */
const REDIS_TESTS = ['server/relay/redis/**/*.test.ts', 'server/relay/testing/test-redis.test.ts']

export default defineConfig(({ command }) => ({
  plugins: [react(), relayDev(), demoWorkerOnly()],
  resolve: { alias: reactRouterProduction(command) },
  server: { port: 5173, strictPort: false },
  build: {
    target: 'es2022',
    sourcemap: false,
    // bench/ reads the manifest (dist/.vite/) to know what each route loads first; the relay
    // never serves it (server/first-view/page-assembly.ts), and reads it for a rendered page's
    // stylesheets.
    // The demo's pages are rendered when it is built (scripts/prerender-demo.ts), which then
    // removes it: the demo goes to static hosts, which would serve it.
    manifest: true,
    // Every browser the store supports knows `<link rel="modulepreload">` (Safari since 17; an
    // older one loads the same modules a moment later): no polyfill in the first load.
    modulePreload: {
      polyfill: false,
      // A lazy route's preload list need not name the chunks the entry itself imports (the
      // bundler's runtime, vendor, core): they are loaded before any route can be asked for.
      // Every list named all three, ~60 B of the catalog's first load for nothing.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js'
          ? deps.filter((dep) => !/^assets\/(rolldown-runtime|vendor|core)-[\w-]+\.js$/.test(dep))
          : deps,
    },
    rolldownOptions: {
      // An imported constant is written where it is used, as the literal it is: the route
      // patterns and addresses of common/rules/paths.ts cost the catalog's first load no variables
      // and no exports between chunks.
      optimization: { inlineConst: true },
      output: {
        // Seven characters of content hash (42 bits) tell one build's files apart and bust caches
        // as well as eight do; the entry lists every lazy chunk's name for preloading, and the
        // character saved on each is ~70 B of the catalog's first load. (Six would save ~140 B,
        // but the bundler refuses six past 64 chunks, which the static demo already has.)
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        codeSplitting: {
          // The libraries every page needs go in one long-cached chunk. Without this, the
          // bundler merges app modules shared by lazy routes (order and checkout schemas) into
          // the router's chunk, and the catalog downloads them for nothing.
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|cookie|set-cookie-parser)[\\/]/,
            },
            // The app's modules that every page loads first and lazy routes share: one chunk,
            // not seven of a few hundred bytes each (each costs its own imports, exports and
            // gzip header). Only modules already in the catalog's first load belong here.
            {
              name: 'core',
              test: /(src[\\/](api[\\/](queries[\\/]tenant-queries|http)|lib[\\/]versioned-storage|state[\\/](link-store|external-store))|common[\\/](contract[\\/]api-error|rules[\\/](money|place-ref)|words[\\/](payment-words|pt-br)))\.tsx?$/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'node',
    setupFiles: ['./src/testing/setup.ts'],
    // Twice Vitest's 5 s: a test waits on conditions (setup.ts), and beside the builds on CI's
    // two cores a screen's test of several steps took longer than 5 s with nothing wrong.
    testTimeout: 10_000,
    restoreMocks: true,
    // A stubbed global (the relay harness's fetch) must not outlive its test: files share
    // their workers (below).
    unstubGlobals: true,
    unstubEnvs: true,
    // Files share their workers' module cache instead of importing React, Hono, MSW and zod
    // again for each of 131 files: the unit run takes ~1 min instead of ~3.5 on this 2-core
    // machine. Each file resets what it touches (storage, request handlers,
    // stores) in its own hooks; the whole run passed in shuffled file orders
    // (`--sequence.shuffle.files`), which is how to look for a leak between files.
    isolate: false,
    // Vitest's default is one worker less than the cores: one on a 2-core CI machine, with the
    // other core idle once lint and typecheck are done. Every core: 107 s → 75 s here.
    maxWorkers: availableParallelism(),
    // Two projects, run together by `vitest run` (each lists its own files: a project's `include`
    // adds to the root's). The Redis suites start real redis-server and relay processes and
    // mostly wait on them: a project of their own, which CI (and anyone) can run alone or beside
    // the rest: `vitest run --project redis`.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.{ts,tsx}',
            'common/**/*.test.ts',
            'offline/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...REDIS_TESTS],
        },
      },
      {
        extends: true,
        // One redis-server for the files that share it, each on its own database; the outage
        // files start their own (server/relay/testing/shared-redis.ts).
        test: {
          name: 'redis',
          include: REDIS_TESTS,
          globalSetup: ['./server/relay/testing/redis-global-setup.ts'],
        },
      },
    ],
  },
}))

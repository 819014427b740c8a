/**
 * `npm start`: the relay on Node, serving the built SPA and `/api`. With no UPSTREAM_URL it
 * runs over the offline service, so a fresh clone starts with no service and no secrets.
 */
import { serve } from '@hono/node-server'
import { ConfigError, parseEnv } from './config'
import { createRelayApp } from '../relay/app'
import { relayOptionsFromEnv, shutdownGracefully } from './setup'
import { mountStatic } from './static-files'

/** How long requests in flight may take to finish after SIGTERM before they are cut. */
const SHUTDOWN_GRACE_MS = 10_000

/**
 * A fatal error as one line: its name, its code (`EADDRINUSE`) and where it was thrown, never
 * its message or the rest of its stack, which may hold what a request carried (a CPF, a token),
 * and whose many lines a log collector would split into many entries.
 */
function fatalLine(what: string, error: unknown): string {
  const name = error instanceof Error && /^\w{1,40}$/.test(error.name) ? error.name : 'Error'
  const code = (error as { code?: unknown } | null | undefined)?.code
  const codePart = typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code) ? ` ${code}` : ''
  // The frames only: the stack opens with the message, which may span lines of its own.
  const stack = error instanceof Error ? (error.stack ?? '') : ''
  const frames = stack.startsWith(String(error)) ? stack.slice(String(error).length) : ''
  const frame = /^\s+at (?:[^\n]*\()?([\w./:@-]+:\d+:\d+)\)?$/m.exec(frames)
  const where = frame ? ` em ${frame[1]}` : ''
  return `[vitrine] ${what} (${name}${codePart}${where}): encerrando.`
}

/**
 * What nobody handled leaves the process in a state nobody knows: exit 1 at once, so whatever
 * supervises it (systemd's `Restart=always`, a container's restart policy) starts a fresh one,
 * rather than a relay that half works. Node would exit too, but with the message and the stack.
 */
for (const [event, what] of [
  ['uncaughtException', 'erro fatal'],
  ['unhandledRejection', 'promessa rejeitada sem tratamento'],
] as const) {
  process.on(event, (error: unknown) => {
    console.error(fatalLine(what, error))
    process.exit(1)
  })
}

try {
  const env = parseEnv(process.env)
  const options = await relayOptionsFromEnv(env, (message) =>
    console.warn(`[vitrine] aviso: ${message}`),
  )
  // React picks its build by NODE_ENV when first loaded: pages are rendered with the production
  // build (several times faster, no development warnings) unless NODE_ENV says otherwise. Set
  // only now, after the environment was read: NODE_ENV's own meaning for the relay is unchanged.
  process.env.NODE_ENV ??= 'production'
  // The React app is loaded only to render pages: the relay's own modules never import the UI.
  const render = env.SSR ? (await import('../../src/entry-server')).renderPage : undefined
  const app = createRelayApp(
    options,
    // A render reuses an earlier render's catalog for 1 s (server/first-view/shared-reads.ts).
    mountStatic(env.STATIC_DIR, {
      trustProxy: env.TRUST_PROXY,
      render,
      shareReadsMs: 1_000,
      imageSources: options.imageSources,
      sharedCache: { seconds: env.PAGE_CACHE_SECONDS, staleSeconds: env.PAGE_STALE_SECONDS },
      purgeToken: env.PAGE_PURGE_TOKEN,
    }),
  )
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    console.warn(
      `[vitrine] relay em http://${info.address === '0.0.0.0' ? 'localhost' : info.address}:${info.port}`,
    )
  })
  // The port taken, or not ours to take: nothing will be served, so say so and stop.
  server.on('error', (error) => {
    console.error(fatalLine(`não foi possível escutar em ${env.HOST}:${env.PORT}`, error))
    process.exit(1)
  })
  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    // A second signal while draining changes nothing: the grace period already bounds the wait.
    if (stopping) return
    stopping = true
    console.warn(`[vitrine] ${signal}: encerrando (até ${SHUTDOWN_GRACE_MS / 1000} s)…`)
    void shutdownGracefully(server, { graceMs: SHUTDOWN_GRACE_MS, close: options.close }).then(
      (outcome) => {
        if (outcome === 'cut') console.warn('[vitrine] requisições em curso interrompidas.')
        process.exit(0)
      },
    )
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}

/**
 * `npm start`: the relay on Node, serving the built SPA and `/api`. With no UPSTREAM_URL it
 * runs over the offline service, so a fresh clone starts with no service and no secrets.
 */
import { serve } from '@hono/node-server'
import { ConfigError, parseEnv } from './config'
import { createRelayApp } from './relay/app'
import { relayOptionsFromEnv, shutdownGracefully } from './setup'
import { mountStatic } from './static'

/** How long requests in flight may take to finish after SIGTERM before they are cut. */
const SHUTDOWN_GRACE_MS = 10_000

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
  const render = env.SSR ? (await import('../src/entry-server')).renderPage : undefined
  const app = createRelayApp(
    options,
    // A render reuses an earlier render's catalog for 1 s (server/shared-reads.ts).
    mountStatic(env.STATIC_DIR, { trustProxy: env.TRUST_PROXY, render, shareReadsMs: 1_000 }),
  )
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    console.warn(
      `[vitrine] relay em http://${info.address === '0.0.0.0' ? 'localhost' : info.address}:${info.port}`,
    )
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

/**
 * `npm start`: the relay on Node, serving the built SPA and `/api`. With no UPSTREAM_URL it
 * runs over the offline service, so a fresh clone starts with no service and no secrets.
 */
import { serve } from '@hono/node-server'
import { ConfigError, parseEnv } from './config'
import { createRelayApp } from './relay/app'
import { relayOptionsFromEnv } from './setup'
import { mountStatic } from './static'

try {
  const env = parseEnv(process.env)
  const options = await relayOptionsFromEnv(env, (message) =>
    console.warn(`[vitrine] aviso: ${message}`),
  )
  const app = createRelayApp(options, mountStatic(env.STATIC_DIR, { trustProxy: env.TRUST_PROXY }))
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    console.warn(
      `[vitrine] relay em http://${info.address === '0.0.0.0' ? 'localhost' : info.address}:${info.port}`,
    )
  })
  const stop = () => server.close(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}

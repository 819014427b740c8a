import { getRequestListener } from '@hono/node-server'
import type { Plugin } from 'vite'
import { parseEnv } from './config'
import { createRelayApp } from './relay/app'
import { relayOptionsFromEnv } from './setup'

/**
 * `npm run dev`: the relay's `/api` mounted inside Vite's dev server, so hot reload and the API
 * share one origin exactly as in production (cookies, CSRF checks and all).
 */
export function relayDevPlugin(): Plugin {
  return {
    name: 'vitrine-relay',
    apply: 'serve',
    async configureServer(server) {
      // Vitest runs a Vite server too; the relay has no business there.
      if (process.env.VITEST) return
      const env = parseEnv({ LOG_LEVEL: 'silent', ...process.env })
      const app = createRelayApp(
        await relayOptionsFromEnv(env, (m) => server.config.logger.warn(`[relay] ${m}`)),
      )
      const listener = getRequestListener(app.fetch, { overrideGlobalObjects: false })
      server.middlewares.use((req, res, next) => {
        if (req.url?.startsWith('/api/') || req.url === '/api') void listener(req, res)
        else next()
      })
    },
  }
}

import { getRequestListener } from '@hono/node-server'
import type { ViteDevServer } from 'vite'
import { parseEnv } from './config'
import { createRelayApp } from '../relay/app'
import { relayOptionsFromEnv } from './setup'

/**
 * The relay inside Vite's dev server, so hot reload and the API share one origin exactly as in
 * production (cookies, CSRF checks and all). Loaded by vite.config.ts through ssrLoadModule.
 */
export async function mountRelay(server: ViteDevServer): Promise<void> {
  const env = parseEnv({ LOG_LEVEL: 'silent', ...process.env })
  const options = await relayOptionsFromEnv(env, (m) => server.config.logger.warn(`[relay] ${m}`))
  const listener = getRequestListener(createRelayApp(options).fetch, {
    overrideGlobalObjects: false,
  })
  server.middlewares.use((req, res, next) => {
    // `/img/`: the relay's resized pictures, whose addresses its answers carry.
    if (req.url?.startsWith('/api/') || req.url === '/api' || req.url?.startsWith('/img/')) {
      void listener(req, res)
    } else next()
  })
}

import { parseEnv } from '../../host/config'
import { relayOptionsFromEnv } from '../../host/setup'
import { createRelayApp } from '../app'

/** What `npm start` is given to serve one store over a real service (UPSTREAM_URL set). */
export const REAL_SERVICE_ENV = {
  LOG_LEVEL: 'silent',
  IMAGES: 'off',
  UPSTREAM_URL: 'https://api.exemplo.com.br',
  ERP_API_KEY: 'chave-erp',
  SESSION_SECRET: 'real-service-relay-test-secret-0123456789-abcdefghij',
  TENANT_ORIGIN: 'https://loja.exemplo.com.br',
}

/**
 * A relay configured as `npm start` configures it for a real service (`env` added to
 * REAL_SERVICE_ENV), in-process: nothing leaves the machine, every call to the service is
 * recorded in `asked` (its path) and answered 404, a service that knows no order. What is
 * only offline (the dev routes) or only configured (the webhook receiver) is tested on it.
 * `options.close()` ends what the options opened (the order streams' hub, Redis when set).
 */
export async function realServiceRelay(env: Record<string, string> = {}) {
  const options = await relayOptionsFromEnv(parseEnv({ ...REAL_SERVICE_ENV, ...env }), () => {})
  const asked: string[] = []
  const app = createRelayApp({
    ...options,
    upstream: {
      ...options.upstream,
      read: undefined,
      fetch: async (request) => {
        asked.push(new URL(request.url).pathname)
        return Response.json({ title: 'Not Found', status: 404 }, { status: 404 })
      },
    },
  })
  /** A JSON POST to the relay (`headers` added: a same-origin browser's, a proxy's). */
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(`http://localhost${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  return { options, app, asked, post }
}

import { serve, type ServerType } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import type { Dialect } from '../../common/contract/upstream/dialect'
import { createOfflineService, type OfflineService } from '../../offline/offline-service'

/** The offline service over real HTTP, for the doctor's tests, recording what reached it. */

export interface Running {
  offline: OfflineService
  url: string
  server: ServerType
  requests: { method: string; path: string; query: string }[]
  close(): Promise<void>
}

/** `rewrite`, when given, changes an answer on its way out (a cash option, plain-text terms…). */
export async function startService(
  dialect: Dialect,
  rewrite?: (url: URL, response: Response) => Promise<Response>,
): Promise<Running> {
  const offline = createOfflineService({ dialect })
  const requests: Running['requests'] = []
  const server: ServerType = await new Promise((resolve) => {
    const s = serve(
      {
        hostname: '127.0.0.1',
        port: 0,
        fetch: async (request: Request) => {
          const url = new URL(request.url)
          requests.push({ method: request.method, path: url.pathname, query: url.search })
          // The handlers answer at the model's base URL, whatever host the client used.
          const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
          const response = await offline.fetch(
            new Request(`${offline.model.baseUrl}${url.pathname}${url.search}`, {
              method: request.method,
              headers: request.headers,
              body: hasBody ? request.body : null,
              ...(hasBody ? { duplex: 'half' } : {}),
            } as RequestInit),
          )
          return rewrite ? rewrite(url, response) : response
        },
      },
      () => resolve(s),
    )
  })
  const { port } = server.address() as AddressInfo
  return {
    offline,
    url: `http://127.0.0.1:${port}`,
    server,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

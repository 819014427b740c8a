import { Hono } from 'hono'
import {
  isFileSignature,
  isOfflineFileName,
  OFFLINE_FILES_PATH,
  OFFLINE_SERVICE_ORIGIN,
} from '../../../common/rules/offline-files'
import type { RouteDeps } from './route-deps'
import { problem } from '../http/problem'
import type { RelayEnv } from '../http/types'

/** The most bytes a boleto file may have (the offline service's are ~1.5 KB). */
const MAX_FILE_BYTES = 1024 * 1024

const NOT_FOUND =
  'Boleto não encontrado. Abra a página do pedido de novo e baixe o boleto pelo botão dela.'
const UNAVAILABLE = 'Não foi possível gerar o boleto agora. Tente de novo em alguns instantes.'

/**
 * Chrome shows a PDF through an `<embed>` in a page it makes up: the store's own policy
 * (`object-src 'none'`, no inline style) would block or cripple it, so a file gets a policy of
 * its own that allows only that, and still no framing by another site.
 */
const FILE_CSP =
  "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'"

/**
 * Whether this relay's upstream is the in-process offline service: its host, `servico.offline`,
 * exists only inside the process (no UPSTREAM_URL, the static demo, tests), so a relay over a
 * real service never mounts the file route.
 */
export function servesOfflineFiles(options: { upstream: { baseUrl: string } }): boolean {
  try {
    return new URL(options.upstream.baseUrl).origin === OFFLINE_SERVICE_ORIGIN
  } catch {
    return false
  }
}

/**
 * `GET /api/arquivo/:name?q=…&forceDownload=…`: the offline service's boleto files, from this
 * origin. Not a proxy: the host and the path are the relay's own (the offline service's base URL
 * and `/arquivo/`), the request only chooses a file name that cannot leave that folder and the
 * file's signature, which the offline service checks. What comes back must be a PDF; the answer
 * carries only the relay's own headers. No rate limit: only fixtures are behind it, and each
 * file costs what an order read costs, in-process.
 */
export function offlineFileRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()

  app.get('/arquivo/:name', async (c) => {
    const name = c.req.param('name')
    const q = c.req.query('q') ?? ''
    if (!isOfflineFileName(name) || !isFileSignature(q)) return problem(c, 404, NOT_FOUND)
    const { baseUrl, fetch, timeoutMs } = deps.options.upstream
    const url = new URL(
      `${baseUrl.replace(/\/+$/, '')}${OFFLINE_FILES_PATH}${encodeURIComponent(name)}`,
    )
    // Belt and braces: whatever the name, the file is asked of the offline service's folder.
    if (url.origin !== OFFLINE_SERVICE_ORIGIN || url.pathname !== `${OFFLINE_FILES_PATH}${name}`) {
      return problem(c, 404, NOT_FOUND)
    }
    const download = c.req.query('forceDownload') === 'true'
    url.searchParams.set('forceDownload', String(download))
    url.searchParams.set('q', q)

    let bytes: ArrayBuffer
    try {
      const answer = await fetch(new Request(url, { signal: AbortSignal.timeout(timeoutMs) }))
      const type = answer.headers.get('content-type') ?? ''
      if (answer.status !== 200 || !/^application\/pdf\b/i.test(type)) {
        await answer.body?.cancel()
        // A bad signature (403) or an unknown file (404) are one answer: nothing to tell apart.
        if (answer.status < 500) return problem(c, 404, NOT_FOUND)
        return problem(c, 502, UNAVAILABLE)
      }
      bytes = await answer.arrayBuffer()
    } catch {
      return problem(c, 502, UNAVAILABLE)
    }
    if (bytes.byteLength > MAX_FILE_BYTES) return problem(c, 502, UNAVAILABLE)
    // The signed link is a bearer, like the order's: the file stays out of shared caches.
    c.header('Cache-Control', 'private, no-store')
    c.header('Content-Security-Policy', FILE_CSP)
    return c.body(bytes, 200, {
      'Content-Type': 'application/pdf',
      // The name passed isOfflineFileName: no quote, semicolon or line break can reach here.
      'Content-Disposition': `${download ? 'attachment' : 'inline'}; filename="${name}"`,
    })
  })

  return app
}

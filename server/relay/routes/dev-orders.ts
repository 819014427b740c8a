import { Hono } from 'hono'
import {
  OFFLINE_DEV_PATH,
  OFFLINE_SERVICE_ORIGIN,
  type OfflineDevAction,
} from '../../../common/rules/offline-files'
import type { RouteDeps } from './route-deps'
import { PROBLEM_TYPE, problem } from '../http/problem'
import type { RelayContext } from '../http/json-answer'
import type { RelayEnv } from '../http/types'

const PUBLIC_TOKEN = /^[A-Za-z0-9_-]{8,128}$/

const NOT_FOUND = 'Pedido não encontrado.'
const UNAVAILABLE = 'O serviço offline não respondeu. Tente de novo.'

/**
 * Development actions over the offline service (common/rules/offline-files.ts): what only the
 * service's side does, so the journeys that follow it (a boleto paid, an invoice issued) can be
 * walked without a bank. Mounted only when the relay runs over the in-process offline service
 * (app.ts, the same condition as its files): a relay over a real service has no such route.
 *
 * - `POST /api/dev/orders/:publicToken/simulate-payment`: the pending order paid ("simular
 *   pagamento"): 200, then the service's webhooks reach the open order page.
 * - `POST /api/dev/orders/:publicToken/simulate-invoice`: a paid order's invoice issued.
 * 404 for an unknown token, 409 when the order is not in the state the action needs.
 */
export function devOrderRoutes(deps: RouteDeps) {
  const app = new Hono<RelayEnv>()

  async function act(c: RelayContext, action: OfflineDevAction, done: string) {
    const token = c.req.param('publicToken') ?? ''
    if (!PUBLIC_TOKEN.test(token)) return problem(c, 404, NOT_FOUND, { code: 'order_not_found' })
    const { baseUrl, fetch, timeoutMs } = deps.options.upstream
    const url = new URL(`${baseUrl.replace(/\/+$/, '')}${OFFLINE_DEV_PATH}${token}/${action}`)
    // Belt and braces: only ever the offline service's own host.
    if (url.origin !== OFFLINE_SERVICE_ORIGIN) return problem(c, 404, NOT_FOUND)
    let status: number
    let detail = ''
    try {
      const answer = await fetch(
        new Request(url, {
          method: 'POST',
          headers: { Origin: c.var.tenant.origin },
          signal: AbortSignal.timeout(timeoutMs),
        }),
      )
      status = answer.status
      detail = String(((await answer.json()) as { detail?: unknown }).detail ?? '')
    } catch {
      return problem(c, 502, UNAVAILABLE)
    }
    if (status === 404) return problem(c, 404, NOT_FOUND, { code: 'order_not_found' })
    if (status === 409) return problem(c, 409, detail, { code: 'order_state_conflict' })
    if (status !== 200) return problem(c, 502, UNAVAILABLE)
    c.header('Cache-Control', 'no-store')
    return c.json({ type: PROBLEM_TYPE, title: 'OK', status: 200, detail: done })
  }

  app.post('/dev/orders/:publicToken/simulate-payment', (c) =>
    act(c, 'pay', 'Pagamento simulado: o serviço offline marcou o pedido como pago.'),
  )
  app.post('/dev/orders/:publicToken/simulate-invoice', (c) =>
    act(c, 'invoice', 'Nota fiscal simulada: o serviço offline emitiu a nota do pedido.'),
  )

  return app
}

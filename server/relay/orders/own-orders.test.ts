import { describe, expect, it } from 'vitest'
import { MemorySessionStore } from '../sessions/session-store'
import {
  buildRelay,
  JOAO_PENDING_ORDER,
  MARIA_PENDING_ORDER,
  START,
  type RelayHarness,
} from '../testing/test-helpers'

/**
 * Which orders are the account's (orderOwnership) on an instance that has not learned the
 * service's dialect yet: `auto`, started after the session was opened on another instance, so
 * no login taught it. Page 1 of the list teaches it; then the history and its products answer
 * as a settled relay does, and another person's order stays out of both.
 */
async function unsettledInstance(dialect: 'spec' | 'docs') {
  const sessions = new MemorySessionStore(() => START)
  const first = buildRelay({ offlineDialect: dialect, sessions })
  const cookie = await first.login()
  const fresh: RelayHarness = buildRelay({
    offlineDialect: dialect,
    upstreamDialect: 'auto',
    sessions,
    // One service behind both instances: the bearer the first one got is good here too.
    upstream: (request) => first.offline.fetch(request),
  })
  return { relay: fresh, cookie }
}

const learned = (relay: RelayHarness) =>
  relay.logs.filter((entry) => entry.msg === 'upstream dialect detected')

describe.each(['spec', 'docs'] as const)('an instance yet to learn the %s dialect', (dialect) => {
  it('GET /api/my-orders/:id learns it from page 1, then answers the own order only', async () => {
    const { relay, cookie } = await unsettledInstance(dialect)
    const own = await relay.request(`/api/my-orders/${MARIA_PENDING_ORDER}`, {
      headers: { Cookie: cookie },
    })
    expect(own.status, await own.clone().text()).toBe(200)
    expect(learned(relay)).toEqual([
      expect.objectContaining({ dialect, evidence: 'order list shape' }),
    ])
    expect(relay.calls[0]?.url.pathname).toBe('/order')
    const other = await relay.request(`/api/my-orders/${JOAO_PENDING_ORDER}`, {
      headers: { Cookie: cookie },
    })
    expect(other.status).toBe(404)
  })

  it('GET /api/my-orders/products learns it from page 1, then names the own orders only', async () => {
    const { relay, cookie } = await unsettledInstance(dialect)
    const res = await relay.request(
      `/api/my-orders/products?ids=${JOAO_PENDING_ORDER},${MARIA_PENDING_ORDER}`,
      { headers: { Cookie: cookie } },
    )
    expect(res.status, await res.clone().text()).toBe(200)
    const body = (await res.json()) as { orders: { id: number; products: string[] }[] }
    expect(body.orders.map((order) => String(order.id))).toEqual([MARIA_PENDING_ORDER])
    expect(body.orders[0]?.products.length).toBeGreaterThan(0)
    expect(learned(relay)).toEqual([
      expect.objectContaining({ dialect, evidence: 'order list shape' }),
    ])
  })
})

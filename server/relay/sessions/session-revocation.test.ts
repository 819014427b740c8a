import { describe, expect, it } from 'vitest'
import { MemorySessionStore } from './session-store'
import { buildRelay, json, MARIA_PENDING_ORDER } from '../testing/test-helpers'

/**
 * The attack: log in, copy the cookie, log out, replay the copy. Before, the sealed cookie was
 * checked only for its expiry, so the copy kept working (session, history, cancel) for 12 h,
 * across restarts. Now a session lives only while the session store holds its id.
 */
describe('a session copied before logout', () => {
  it('is dead after logout: session, history and cancel all answer as logged out', async () => {
    const relay = buildRelay()
    const copied = await relay.login()
    const logout = await relay.send('DELETE', '/api/session', undefined, { Cookie: copied })
    expect(logout.status).toBe(204)

    const session = await relay.send('GET', '/api/session', undefined, { Cookie: copied })
    expect(await json(session)).toMatchObject({ authenticated: false })
    expect((await relay.send('GET', '/api/my-orders', undefined, { Cookie: copied })).status).toBe(
      401,
    )
    const cancel = await relay.send(
      'DELETE',
      `/api/my-orders/${MARIA_PENDING_ORDER}`,
      { reason: 'replay' },
      { Cookie: copied },
    )
    expect(cancel.status).toBe(401)
    expect(relay.calls.some((c) => c.method === 'DELETE')).toBe(false)
    expect(
      relay.offline.model.orderById(relay.tenantState, MARIA_PENDING_ORDER)?.detail.statusPayment,
    ).toBe('PENDENTE')
  })

  it('is dead on another instance that shares the store', async () => {
    const shared = new MemorySessionStore()
    const a = buildRelay({ sessions: shared })
    const b = buildRelay({ sessions: shared })
    const cookie = await a.login()
    expect(
      await json(await b.send('GET', '/api/session', undefined, { Cookie: cookie })),
    ).toMatchObject({ authenticated: true })
    await a.send('DELETE', '/api/session', undefined, { Cookie: cookie })
    expect(
      await json(await b.send('GET', '/api/session', undefined, { Cookie: cookie })),
    ).toMatchObject({ authenticated: false })
  })

  it('does not come back after a restart (a fresh in-memory store knows no session)', async () => {
    const before = buildRelay()
    const cookie = await before.login()
    const restarted = buildRelay()
    const res = await restarted.send('GET', '/api/session', undefined, { Cookie: cookie })
    expect(await json(res)).toMatchObject({ authenticated: false })
    // The dead cookie is cleared on the way.
    expect(res.headers.getSetCookie().join(';')).toMatch(/Max-Age=0/)
  })

  it('other sessions of the same account live on after one logs out', async () => {
    const relay = buildRelay()
    const phone = await relay.login()
    const laptop = await relay.login()
    await relay.send('DELETE', '/api/session', undefined, { Cookie: phone })
    expect(
      await json(await relay.send('GET', '/api/session', undefined, { Cookie: laptop })),
    ).toMatchObject({ authenticated: true })
  })

  it('ends at once everywhere when the service refuses its token', async () => {
    let refuse = false
    const relay = buildRelay({
      upstream: async (request, offline) =>
        refuse && request.headers.get('authorization')
          ? Response.json(
              { type: 'x', title: 'Unauthorized', status: 401, detail: 'expired' },
              { status: 401 },
            )
          : offline(request),
    })
    const cookie = await relay.login()
    refuse = true
    expect((await relay.send('GET', '/api/my-orders', undefined, { Cookie: cookie })).status).toBe(
      401,
    )
    refuse = false
    // The copy is dead too, even though the service would take the token again.
    expect(
      await json(await relay.send('GET', '/api/session', undefined, { Cookie: cookie })),
    ).toMatchObject({ authenticated: false })
  })
})

describe('MemorySessionStore', () => {
  it('forgets a session at its expiry and ends every session of an account at once', async () => {
    let now = 0
    const store = new MemorySessionStore(() => now)
    await store.add('s1', 'acc', 1_000)
    await store.add('s2', 'acc', 5_000)
    await store.add('s3', 'other', 5_000)
    now = 1_000
    expect(await store.has('s1')).toBe(false)
    expect(await store.has('s2')).toBe(true)
    await store.removeAccount('acc')
    expect(await store.has('s2')).toBe(false)
    expect(await store.has('s3')).toBe(true)
  })
})

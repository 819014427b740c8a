import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginResultSchema } from '../../common/contract/schemas/auth'
import { envelopeSchema } from '../../common/contract/schemas/common'
import { orderListSchema } from '../../common/contract/schemas/order'
import { setupOfflineServer } from '../node'

const CERTIFICA = 'https://loja.certificabrasil.com.br'
const DIGITAL_SUL = 'https://vendas.digitalsul.net.br'
const MARIA = { username: '529.982.247-25', password: 'Maria@2026' }
const JOAO = { username: '11144477735', password: 'Joao@2026' }
const ANA = { username: '39053344705', password: 'Ana@2026' }

type Offline = ReturnType<typeof setupOfflineServer>

async function login(svc: Offline, origin: string, cred: { username: string; password: string }) {
  const res = await fetch(`${svc.model.baseUrl}/oauth`, {
    method: 'POST',
    headers: { Origin: origin, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      ...cred,
      'client:id': 'app',
      'client:secret': null,
      'grant:type': 'password',
    }),
  })
  expect(res.status).toBe(200)
  return loginResultSchema.parse(await res.json()).access_token
}

function listOrders(svc: Offline, origin: string | null, authorization?: string) {
  const headers: Record<string, string> = {}
  if (origin !== null) headers.Origin = origin
  if (authorization !== undefined) headers.Authorization = authorization
  return fetch(`${svc.model.baseUrl}/order`, { headers })
}

async function expectProblem(res: Response, status: number, title: string) {
  expect(res.status).toBe(status)
  const body = envelopeSchema.parse(await res.json())
  expect(body).toMatchObject({ status, title })
}

describe('GET /order (list orders)', () => {
  const svc = setupOfflineServer()
  beforeAll(() => svc.server.listen({ onUnhandledRequest: 'error' }))
  afterAll(() => svc.server.close())

  it("lists only the bearer's own orders, money as text with two places", async () => {
    const token = await login(svc, CERTIFICA, MARIA)
    const res = await listOrders(svc, CERTIFICA, `Bearer ${token}`)
    expect(res.status).toBe(200)
    const raw = (await res.json()) as { _embedded: { order: Record<string, unknown>[] } }
    const o1004 = raw._embedded.order.find((o) => o.id === 1004)
    expect(o1004).toMatchObject({ orderTotal: '319.80', orderDiscount: '0.00', type: 'V' })
    for (const order of raw._embedded.order) {
      expect(order.orderTotal).toMatch(/^\d+\.\d{2}$/)
      expect(order.orderDiscount).toMatch(/^\d+\.\d{2}$/)
    }

    const list = orderListSchema.parse(raw)
    expect(list.total_items).toBe(4)
    expect(list._embedded.order.map((o) => o.id).sort()).toEqual([1001, 1002, 1003, 1004])
    expect(list._embedded.order.find((o) => o.id === 1004)?.orderTotal).toBe(31980)
    expect(list._embedded.order.find((o) => o.id === 1002)?.orderDiscount).toBe(2490)
    expect(raw).toMatchObject({ _links: { self: { href: `${svc.model.baseUrl}/order` } } })
  })

  it('gives each summary a self link under the order path and the seeded payment states', async () => {
    const token = await login(svc, CERTIFICA, MARIA)
    const list = orderListSchema.parse(
      await (await listOrders(svc, CERTIFICA, `Bearer ${token}`)).json(),
    )
    const byId = new Map(list._embedded.order.map((o) => [o.id, o]))
    expect(byId.get(1001)?._links).toMatchObject({
      self: { href: `${svc.model.baseUrl}/order/1001` },
    })
    expect(byId.get(1001)?.statusPayment).toBe('PENDENTE')
    expect(byId.get(1002)?.statusPayment).toBe('CONCLUIDO')
    expect(byId.get(1003)?.statusPayment).toBeNull()
    expect(byId.get(1004)?.date.toISOString()).toBe('2026-08-20T09:15:30.000Z')
  })

  it('another user of the same tenant sees only their order', async () => {
    const token = await login(svc, CERTIFICA, JOAO)
    const list = orderListSchema.parse(
      await (await listOrders(svc, CERTIFICA, `Bearer ${token}`)).json(),
    )
    // 1006 (cancelled), 1007 (overdue boleto) and 1008 (partly paid) are João's too: the order
    // states' seeds.
    expect(list._embedded.order.map((o) => o.id)).toEqual([1005, 1006, 1007, 1008])
    expect(list.total_items).toBe(4)
    expect(list._embedded.order[0]?.orderTotal).toBe(24989)
  })

  it('401 envelope without a bearer, with a malformed header or an unknown token', async () => {
    await expectProblem(await listOrders(svc, CERTIFICA), 401, 'Unauthorized')
    await expectProblem(await listOrders(svc, CERTIFICA, 'Basic abc'), 401, 'Unauthorized')
    await expectProblem(await listOrders(svc, CERTIFICA, 'Bearer '), 401, 'Unauthorized')
    await expectProblem(await listOrders(svc, CERTIFICA, 'Bearer not-a-token'), 401, 'Unauthorized')
  })

  it('a token of tenant A is not valid on tenant B', async () => {
    const token = await login(svc, CERTIFICA, MARIA)
    await expectProblem(await listOrders(svc, DIGITAL_SUL, `Bearer ${token}`), 401, 'Unauthorized')
    const anaToken = await login(svc, DIGITAL_SUL, ANA)
    await expectProblem(await listOrders(svc, CERTIFICA, `Bearer ${anaToken}`), 401, 'Unauthorized')
    const anaList = orderListSchema.parse(
      await (await listOrders(svc, DIGITAL_SUL, `Bearer ${anaToken}`)).json(),
    )
    expect(anaList._embedded.order.map((o) => o.id).sort()).toEqual([2001, 2002, 2003])
  })

  it('403 without or with an unknown Origin, even with a valid token', async () => {
    const token = await login(svc, CERTIFICA, MARIA)
    await expectProblem(await listOrders(svc, null, `Bearer ${token}`), 403, 'Forbidden')
    await expectProblem(
      await listOrders(svc, 'https://outra.loja', `Bearer ${token}`),
      403,
      'Forbidden',
    )
  })

  it('a revoked session is refused', async () => {
    const token = await login(svc, CERTIFICA, JOAO)
    const tenant = svc.model.tenant(CERTIFICA)
    if (!tenant) throw new Error('seed tenant missing')
    svc.model.revokeTokens(tenant)
    await expectProblem(await listOrders(svc, CERTIFICA, `Bearer ${token}`), 401, 'Unauthorized')
  })
})

describe('GET /order with an expiring token (injected clock)', () => {
  let clock = Date.UTC(2026, 10, 21, 12, 0, 0)
  const svc = setupOfflineServer({ now: () => clock })
  beforeAll(() => svc.server.listen({ onUnhandledRequest: 'error' }))
  afterAll(() => svc.server.close())

  it('accepts the token until 43200 s have passed, then refuses it', async () => {
    const token = await login(svc, CERTIFICA, MARIA)
    clock += 43_199_000
    expect((await listOrders(svc, CERTIFICA, `Bearer ${token}`)).status).toBe(200)
    clock += 1_000
    await expectProblem(await listOrders(svc, CERTIFICA, `Bearer ${token}`), 401, 'Unauthorized')
    // Once expired it stays refused, even if the clock went back.
    clock -= 10_000
    await expectProblem(await listOrders(svc, CERTIFICA, `Bearer ${token}`), 401, 'Unauthorized')
  })

  it('a new login after expiry works again', async () => {
    const token = await login(svc, CERTIFICA, MARIA)
    expect((await listOrders(svc, CERTIFICA, `Bearer ${token}`)).status).toBe(200)
  })
})

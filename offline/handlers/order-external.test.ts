import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginResultSchema } from '../../common/contract/schemas/auth'
import { envelopeSchema } from '../../common/contract/schemas/common'
import { orderDetailResponseSchema } from '../../common/contract/schemas/order'
import { setupOfflineServer } from '../node'

const CERTIFICA = 'https://loja.certificabrasil.com.br'
const CERTIFICA_KEY = 'erp-certifica-7f3a9c21d4'
const DIGITAL_SUL = 'https://vendas.digitalsul.net.br'
const DIGITAL_SUL_KEY = 'erp-digitalsul-0b6e44f1a9'

const { server, model } = setupOfflineServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

function call(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  {
    origin = CERTIFICA,
    key = CERTIFICA_KEY,
    headers = {},
    body,
  }: {
    origin?: string | null
    key?: string | null
    headers?: Record<string, string>
    body?: unknown
  } = {},
) {
  const all: Record<string, string> = { ...headers }
  if (origin !== null) all.Origin = origin
  if (key !== null) all['x-api-key'] = key
  if (body !== undefined) all['Content-Type'] = 'application/json'
  return fetch(`${model.baseUrl}${path}`, {
    method,
    headers: all,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

async function expectProblem(res: Response, status: number, title: string) {
  expect(res.status).toBe(status)
  const body = envelopeSchema.parse(await res.json())
  expect(body).toMatchObject({ status, title })
  return body
}

function stored(id: string) {
  const tenant = model.tenant(CERTIFICA)
  if (!tenant) throw new Error('seed tenant missing')
  const order = model.orderById(tenant, id)
  if (!order) throw new Error(`order ${id} missing`)
  return order
}

async function readOrder(id: string) {
  const res = await call('GET', `/order-external/${id}`)
  expect(res.status).toBe(200)
  return orderDetailResponseSchema.parse(await res.json())
}

describe('x-api-key on /order-external', () => {
  const requests = [
    ['GET', '/order-external/1001', undefined],
    ['POST', '/order-external', { orderItems: [] }],
    ['DELETE', '/order-external/1005', undefined],
  ] as const

  it.each(requests)('%s %s: missing key → 403 Forbidden', async (method, path, body) => {
    const problem = await expectProblem(
      await call(method, path, { key: null, body }),
      403,
      'Forbidden',
    )
    expect(problem.detail).toMatch(/x-api-key/)
  })

  it.each(requests)('%s %s: wrong key → 403 Forbidden', async (method, path, body) => {
    await expectProblem(await call(method, path, { key: 'erp-chute', body }), 403, 'Forbidden')
  })

  it.each(requests)("%s %s: the other tenant's key → 403 Forbidden", async (method, path, body) => {
    await expectProblem(await call(method, path, { key: DIGITAL_SUL_KEY, body }), 403, 'Forbidden')
  })

  it.each(requests)(
    '%s %s: missing or unknown Origin → 403 Forbidden',
    async (method, path, body) => {
      await expectProblem(await call(method, path, { origin: null, body }), 403, 'Forbidden')
      await expectProblem(
        await call(method, path, { origin: 'https://x.example', body }),
        403,
        'Forbidden',
      )
    },
  )

  it('a refused DELETE leaves the order untouched', async () => {
    expect(stored('1005').detail.statusPayment).toBe('PENDENTE')
  })
})

describe('GET /order-external/:orderId (read)', () => {
  it('200 with the order detail in data and the envelope', async () => {
    const body = await readOrder('1002')
    expect(body).toMatchObject({ status: 200, title: 'Unknown' })
    expect(body.data.id).toBe(1002)
    expect(body.data.code).toBe('V2026-001002')
    expect(body.data.statusPayment).toBe('CONCLUIDO')
    expect(body.data.user.document).toBe('52998224725')
    // ECNPJ-A1-12 239.90 + INSTALACAO-REMOTA 35.00 − 24.90 discount
    expect(body.data.orderTotal).toBe(25000)
    expect(body.data.orderDiscount).toBe(2490)
    expect(body.data.financialItems).toHaveLength(3)
    expect(body.data.financialItems.every((f) => f.status === 'LIQUIDADO')).toBe(true)
  })

  it("reads the other tenant's order only with that tenant's Origin and key", async () => {
    const res = await call('GET', '/order-external/2001', {
      origin: DIGITAL_SUL,
      key: DIGITAL_SUL_KEY,
    })
    expect(res.status).toBe(200)
    expect(orderDetailResponseSchema.parse(await res.json()).data.code).toBe('DS-000201')
    await expectProblem(await call('GET', '/order-external/2001'), 404, 'Not Found')
  })

  it('404 Not Found for an unknown id', async () => {
    await expectProblem(await call('GET', '/order-external/999999'), 404, 'Not Found')
  })
})

describe('DELETE /order-external/:orderId (cancel)', () => {
  it('cancels a PENDENTE order: 200 envelope, then statusPayment is no longer PENDENTE', async () => {
    const before = await readOrder('1005')
    expect(before.data.statusPayment).toBe('PENDENTE')

    const res = await call('DELETE', '/order-external/1005')
    expect(res.status).toBe(200)
    expect(envelopeSchema.parse(await res.json())).toMatchObject({ status: 200, title: 'Unknown' })

    const after = await readOrder('1005')
    expect(after.data.statusPayment).not.toBe('PENDENTE')
    expect(after.data.statusPayment).toBe('CANCELADO')
  })

  it('stores the reason given in ?q=', async () => {
    const res = await call(
      'DELETE',
      `/order-external/1001?q=${encodeURIComponent('Comprei errado')}`,
    )
    expect(res.status).toBe(200)
    expect(stored('1001').cancelReason).toBe('Comprei errado')
  })

  it('a second cancel of the same order is refused and keeps the first reason', async () => {
    await expectProblem(await call('DELETE', '/order-external/1001?q=outra'), 409, 'Conflict')
    expect(stored('1001').cancelReason).toBe('Comprei errado')
  })

  it('refuses to cancel a paid (CONCLUIDO) order and leaves it paid', async () => {
    await expectProblem(await call('DELETE', '/order-external/1002'), 409, 'Conflict')
    expect((await readOrder('1002')).data.statusPayment).toBe('CONCLUIDO')
  })

  it('refuses to cancel a partly paid order (one installment LIQUIDADO), which stays as it was', async () => {
    const before = (await readOrder('1008')).data
    expect(before.statusPayment).toBe('PENDENTE')
    expect(before.financialItems.map((i) => i.status)).toEqual(['LIQUIDADO', 'ABERTO'])
    expect(before.financialItems[0]?.amountPaid).toBe(before.financialItems[0]?.amount)
    expect(before.financialItems[1]?.amountPaid).toBe(0)
    await expectProblem(await call('DELETE', '/order-external/1008'), 409, 'Conflict')
    expect((await readOrder('1008')).data).toEqual(before)
  })

  it('404 Not Found for an unknown id', async () => {
    const problem = await expectProblem(
      await call('DELETE', '/order-external/424242'),
      404,
      'Not Found',
    )
    expect(problem.detail).toMatch(/não encontrado/)
  })

  it('403 Forbidden with an invalid bearer, and the order stays PENDENTE', async () => {
    const headers = { Authorization: 'Bearer token-invalido' }
    const problem = await expectProblem(
      await call('DELETE', '/order-external/2001', {
        origin: DIGITAL_SUL,
        key: DIGITAL_SUL_KEY,
        headers,
      }),
      403,
      'Forbidden',
    )
    expect(problem.detail).toMatch(/[Tt]oken/)
    const res = await call('GET', '/order-external/2001', {
      origin: DIGITAL_SUL,
      key: DIGITAL_SUL_KEY,
    })
    expect(orderDetailResponseSchema.parse(await res.json()).data.statusPayment).toBe('PENDENTE')
  })

  it('accepts a valid bearer of the same tenant', async () => {
    const login = await fetch(`${model.baseUrl}/oauth`, {
      method: 'POST',
      headers: { Origin: DIGITAL_SUL, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        username: '39053344705',
        password: 'Ana@2026',
        'client:id': 'app',
        'client:secret': null,
        'grant:type': 'password',
      }),
    })
    const { access_token } = loginResultSchema.parse(await login.json())
    const res = await call('DELETE', '/order-external/2001', {
      origin: DIGITAL_SUL,
      key: DIGITAL_SUL_KEY,
      headers: { Authorization: `Bearer ${access_token}` },
    })
    expect(res.status).toBe(200)
  })
})

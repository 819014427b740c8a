import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forgotPasswordResultSchema, loginResultSchema } from '../src/api/schemas/auth'
import { productListingSchema } from '../src/api/schemas/catalog'
import { creationResultSchema } from '../src/api/schemas/checkout'
import { envelopeSchema, serverErrorSchema } from '../src/api/schemas/common'
import { orderDetailResponseSchema, orderListSchema } from '../src/api/schemas/order'
import { parameterListSchema } from '../src/api/schemas/parameter'
import { paymentOptionsSchema } from '../src/api/schemas/payment'

/** `npm run mock:api` over real HTTP: all 11 operations, as any client (curl, an ERP) sees them. */

const PORT = 18000 + Math.floor(Math.random() * 1000)
const BASE = `http://127.0.0.1:${PORT}`
let server: ChildProcess

interface Fixtures {
  tenants: {
    origin: string
    erpKey: string
    users: { document: string; password: string; email: string }[]
    orders: { id: number; publicToken: string; statusPayment: string | null }[]
  }[]
}
const fixtures = JSON.parse(
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/mock-api.ts', '--print-fixtures'], {
    encoding: 'utf8',
  }),
) as Fixtures
const tenant = fixtures.tenants[0]!
const user = tenant.users[0]!
const O = { Origin: tenant.origin }
const J = { 'Content-Type': 'application/json' }

beforeAll(async () => {
  server = spawn(process.execPath, ['--import', 'tsx', 'scripts/mock-api.ts'], {
    env: { ...process.env, PORT: String(PORT) },
    stdio: 'ignore',
  })
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${BASE}/parameter`)
      return
    } catch {
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  throw new Error('mock:api did not start')
}, 20_000)

afterAll(() => {
  server.kill()
})

async function login() {
  const res = await fetch(`${BASE}/oauth`, {
    method: 'POST',
    headers: { ...O, ...J },
    body: JSON.stringify({
      username: user.document,
      password: user.password,
      'client:id': 'app',
      'client:secret': null,
      'grant:type': 'password',
    }),
  })
  return loginResultSchema.parse(await res.json()).access_token
}

describe('npm run mock:api over HTTP', () => {
  it('--print-fixtures names tenants, keys, users and orders', () => {
    expect(fixtures.tenants).toHaveLength(2)
    expect(tenant.orders.length).toBeGreaterThan(0)
    expect(tenant.users[0]).toMatchObject({
      document: expect.any(String),
      password: expect.any(String),
      email: expect.any(String),
    })
  })

  it('requires Origin like the real service (403 envelope)', async () => {
    const res = await fetch(`${BASE}/parameter`)
    expect(res.status).toBe(403)
    expect(envelopeSchema.parse(await res.json()).title).toBe('Forbidden')
  })

  it('1 login, 2 list orders', async () => {
    const token = await login()
    const res = await fetch(`${BASE}/order`, {
      headers: { ...O, Authorization: `Bearer ${token}` },
    })
    expect(res.status).toBe(200)
    expect(orderListSchema.parse(await res.json()).total_items).toBeGreaterThan(0)
    const wrong = await fetch(`${BASE}/oauth`, {
      method: 'POST',
      headers: { ...O, ...J },
      body: JSON.stringify({
        username: user.document,
        password: 'errada',
        'client:id': 'app',
        'client:secret': null,
        'grant:type': 'password',
      }),
    })
    expect(wrong.status).toBe(401)
  })

  it('4 create, 5 read, 8 read by token, 3 cancel', async () => {
    const payload = {
      user: {
        document: user.document,
        name: 'Cliente Teste',
        email: user.email,
        cellphone: '11987654321',
        state: 'SP',
        city: 'São Paulo',
        address: 'Rua A',
        neighborhood: 'Centro',
        number: 1,
        addressDetail: '',
        zipCode: '01001000',
      },
      orderItems: [{ product: 'TOKEN-USB', quantity: 1, price: 119, discount: 0 }],
      negotiationType: 2,
      installments: 0,
    }
    const created = await fetch(`${BASE}/order-external`, {
      method: 'POST',
      headers: { ...O, ...J, 'x-api-key': tenant.erpKey },
      body: JSON.stringify(payload),
    })
    expect(created.status).toBe(201)
    const { data } = creationResultSchema.parse(await created.json())
    const byId = await fetch(`${BASE}/order-external/${data.orderId}`, {
      headers: { ...O, 'x-api-key': tenant.erpKey },
    })
    expect(orderDetailResponseSchema.parse(await byId.json()).data.code).toBe(data.orderCode)
    const byToken = await fetch(`${BASE}/order/info?t=${data.publicToken}`, { headers: O })
    expect(orderDetailResponseSchema.parse(await byToken.json()).detail).toBe('ok')
    const cancel = await fetch(`${BASE}/order-external/${data.orderId}?q=teste`, {
      method: 'DELETE',
      headers: { ...O, 'x-api-key': tenant.erpKey },
    })
    expect(cancel.status).toBe(200)
    const noKey = await fetch(`${BASE}/order-external/${data.orderId}`, { headers: O })
    expect(noKey.status).toBe(403)
  })

  it('6 products, 7 unit options, 9 referrer options', async () => {
    const products = await fetch(`${BASE}/order/info?q=options&p=&t=prices`, { headers: O })
    expect(productListingSchema.parse(await products.json()).prices.length).toBeGreaterThan(0)
    const unit = await fetch(`${BASE}/order/info?q=options&p=u12:ab3f&t=negotiationTypes`, {
      headers: O,
    })
    expect(paymentOptionsSchema.parse(await unit.json()).origin).toBe('VENDA_ONLINE_UNIDADE')
    const referrer = await fetch(`${BASE}/order/info?q=options&p=i34_k9x&t=negotiationTypes`, {
      headers: O,
    })
    const options = paymentOptionsSchema.parse(await referrer.json())
    expect(options.origin).toBe('VENDA_ONLINE_INDICADOR')
    expect(options.negotiationTypes.some((n) => n.paymentSettings.paymentMethod === 'BOLETO')).toBe(
      true,
    )
  })

  it('10 forgot password (202, and the documented 500 with trace), 11 parameters', async () => {
    const ok = await fetch(`${BASE}/user?q=forgot-password`, {
      method: 'POST',
      headers: J,
      body: JSON.stringify({ document: user.document, email: user.email }),
    })
    expect(ok.status).toBe(202)
    expect(forgotPasswordResultSchema.parse(await ok.json()).title).toBe('Forgot Password')
    const failed = await fetch(`${BASE}/user?q=forgot-password`, {
      method: 'POST',
      headers: J,
      body: JSON.stringify({ document: user.document, email: 'nao@existe.com' }),
    })
    expect(failed.status).toBe(500)
    expect(serverErrorSchema.parse(await failed.json()).trace.length).toBeGreaterThan(0)
    const params = await fetch(`${BASE}/parameter`, { headers: O })
    expect(parameterListSchema.parse(await params.json()).total_items).toBe(8)
  })
})

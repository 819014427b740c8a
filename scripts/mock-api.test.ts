import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forgotPasswordResultSchema, loginResultSchema } from '../common/contract/schemas/auth'
import { productListingSchema } from '../common/contract/schemas/catalog'
import { creationResultSchema } from '../common/contract/schemas/checkout'
import { envelopeSchema, serverErrorSchema } from '../common/contract/schemas/common'
import { orderDetailResponseSchema, orderListSchema } from '../common/contract/schemas/order'
import { parameterListSchema } from '../common/contract/schemas/parameter'
import { paymentOptionsSchema } from '../common/contract/schemas/payment'

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
    // The docs' eight keys and four the store does not read (Certifica Brasil's seed).
    expect(parameterListSchema.parse(await params.json()).total_items).toBe(12)
  })
})

/** `npm run mock:api -- --dialect docs`: the operations whose wire differs, over real HTTP. */
describe('npm run mock:api -- --dialect docs over HTTP', () => {
  const DOCS_PORT = PORT + 1000
  const DOCS = `http://127.0.0.1:${DOCS_PORT}`
  let docsServer: ChildProcess
  const docsFixtures = JSON.parse(
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/mock-api.ts', '--dialect', 'docs', '--print-fixtures'],
      { encoding: 'utf8' },
    ),
  ) as Fixtures & { dialect: string }
  const certifica = docsFixtures.tenants[0]!
  const company = certifica.users.find((u) => u.document.length === 14)!
  const key = { 'x-api-key': certifica.erpKey }

  beforeAll(async () => {
    docsServer = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/mock-api.ts', '--dialect', 'docs'],
      { env: { ...process.env, PORT: String(DOCS_PORT) }, stdio: 'ignore' },
    )
    for (let i = 0; i < 100; i++) {
      try {
        await fetch(`${DOCS}/parameter`)
        return
      } catch {
        await new Promise((r) => setTimeout(r, 100))
      }
    }
    throw new Error('mock:api --dialect docs did not start')
  }, 20_000)

  afterAll(() => {
    docsServer.kill()
  })

  function oauth(fields: Record<string, unknown>) {
    return fetch(`${DOCS}/oauth`, {
      method: 'POST',
      headers: { ...O, ...J },
      body: JSON.stringify({
        username: '11.222.333/0001-81',
        password: company.password,
        ...fields,
      }),
    })
  }

  async function docsLogin() {
    const res = await oauth({ client_id: 'app', client_secret: null, grant_type: 'password' })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { access_token: string; expires_in: string }
    expect(body.expires_in).toBe('43200')
    return body.access_token
  }

  it('--print-fixtures names the dialect and the company account with 23 orders', () => {
    expect(docsFixtures.dialect).toBe('docs')
    expect(company).toMatchObject({ document: '11222333000181', password: 'Empresa@2026' })
    const orders = certifica.orders as { document?: string }[]
    expect(orders.filter((o) => o.document === company.document)).toHaveLength(23)
  })

  it('1 login with client_id…, refusing the spec spelling', async () => {
    await docsLogin()
    const spelled = await oauth({
      'client:id': 'app',
      'client:secret': null,
      'grant:type': 'password',
    })
    expect(spelled.status).toBe(400)
    expect(envelopeSchema.parse(await spelled.json()).title).toBe('invalid_client')
  })

  it('2 list orders in HAL pages of 10 with number_format money; GET /order/:id', async () => {
    const auth = { ...O, Authorization: `Bearer ${await docsLogin()}` }
    const pages = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const res = await fetch(`${DOCS}/order?page=${n}`, { headers: auth })
        expect(res.status).toBe(200)
        return (await res.json()) as {
          page: number
          page_count: number
          total_items: number
          _links: { next?: { href: string } }
          _embedded: { order: { id: number; orderTotal: string | null }[] }
        }
      }),
    )
    expect(pages.map((p) => p._embedded.order.length)).toEqual([10, 10, 3])
    expect(pages.map((p) => [p.page, p.page_count, p.total_items])).toEqual([
      [1, 3, 23],
      [2, 3, 23],
      [3, 3, 23],
    ])
    // Absolute links at the address the service runs at: a client can follow them.
    expect(pages[0]!._links.next?.href).toBe(`${DOCS}/order?page=2`)
    const totals = pages.flatMap((p) => p._embedded.order.map((o) => o.orderTotal))
    expect(totals).toContain('1,394.50')
    expect(totals).toContain(null)

    const own = await fetch(`${DOCS}/order/602`, { headers: auth })
    expect(own.status).toBe(200)
    expect(await own.json()).toMatchObject({ data: { id: 602 }, detail: 'ok' })
    const other = await fetch(`${DOCS}/order/1001`, { headers: auth })
    expect(other.status).toBe(403)
  })

  it('8 unknown token and 6/7/9 a ":" ref are 403 in the docs’ words; "_" works', async () => {
    const token = await fetch(`${DOCS}/order/info?t=ffffffffffffffffffffffffffffffff`, {
      headers: O,
    })
    expect(token.status).toBe(403)
    expect(envelopeSchema.parse(await token.json()).detail).toBe('Forbidden (Invalid token)')
    const colon = await fetch(`${DOCS}/order/info?q=options&p=i34:k9x&t=negotiationTypes`, {
      headers: O,
    })
    expect(colon.status).toBe(403)
    expect(envelopeSchema.parse(await colon.json()).detail).toBe('Forbidden (indicator scope)')
    const dashKey = await fetch(
      `${DOCS}/order/info?q=options&p=i7_contabilidade-indicador&t=negotiationTypes`,
      { headers: O },
    )
    expect(paymentOptionsSchema.parse(await dashKey.json()).origin).toBe('VENDA_ONLINE_INDICADOR')
    const unit = await fetch(`${DOCS}/order/info?q=options&p=u9_erp-centro&t=prices`, {
      headers: O,
    })
    const listing = (await unit.json()) as { prices: { price: unknown }[] }
    expect(listing.prices.filter((p) => p.price === null)).toHaveLength(1)
  })

  it('4 create answers HTTP 200 (status 201 in the body), 5 read and 3 cancel in English', async () => {
    const created = await fetch(`${DOCS}/order-external`, {
      method: 'POST',
      headers: { ...O, ...J, ...key },
      body: JSON.stringify({
        code: '',
        date: '',
        user: {
          document: company.document,
          name: 'Horizonte Azul Engenharia Ltda',
          email: company.email,
          cellphone: '11991234567',
          phone: '',
          state: 'SP',
          city: 'Campinas',
          address: 'Avenida José de Souza Campos',
          neighborhood: 'Cambuí',
          number: '900',
          addressDetail: '',
          zipCode: '13025320',
        },
        orderItems: [{ product: 'TOKEN-USB', quantity: '1', price: '119', discount: '' }],
        negotiationType: 2,
        installments: 0,
      }),
    })
    expect(created.status).toBe(200)
    const raw = (await created.json()) as Record<string, unknown>
    expect(raw).toMatchObject({ status: 201, detail: 'Order successfully created' })
    const { data } = creationResultSchema.parse(raw)
    const read = await fetch(`${DOCS}/order-external/${data.orderId}`, {
      headers: { ...O, ...key },
    })
    expect(await read.json()).toMatchObject({ detail: 'Fetch successfully' })
    const cancel = await fetch(`${DOCS}/order-external/${data.orderId}?q=teste`, {
      method: 'DELETE',
      headers: { ...O, ...key },
    })
    expect(await cancel.json()).toMatchObject({ detail: 'Order successfully canceled' })
    const noKey = await fetch(`${DOCS}/order-external/${data.orderId}`, { headers: O })
    expect(noKey.status).toBe(403)
    expect(envelopeSchema.parse(await noKey.json()).detail).toBe(
      'Forbidden, invalid key (x-api-key)',
    )
    const missing = await fetch(`${DOCS}/order-external/99999`, { headers: { ...O, ...key } })
    expect(envelopeSchema.parse(await missing.json()).detail).toBe('Order not found')
  })
})

import { createHash } from 'node:crypto'
import { Miniflare, Response as WorkerResponse, type Request as WorkerRequest } from 'miniflare'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_CARDS } from '../../../offline/handlers/order-checkout'
import { createOfflineService } from '../../../offline/offline-service'
import {
  COOKIE_NAME,
  idempotencyKey,
  MARIA,
  SESSION_SECRET,
  validCheckout,
} from '../../relay/testing/test-helpers'
import { bundleWorker } from './bundle'

/**
 * The relay in workerd, Cloudflare Workers' runtime, through Miniflare: worker-entry.ts bundled
 * as a deployment would bundle it, with no compatibility flag (no Node API at all), its fetch to
 * UPSTREAM_URL answered by the offline service running here in Node. What README.md claims of
 * edge runtimes is what this walks: the public reads, a login, a checkout, a card payment and
 * the pages rendered on the server.
 */
const offline = createOfflineService({ dialect: 'docs' })
const seed = offline.model.allTenants[0]!.seed
const STORE = 'https://loja.exemplo.com.br'
let mf: Miniflare

/** A request as the SPA sends it, to the worker. */
function send(path: string, init: { method?: string; body?: unknown; headers?: object } = {}) {
  return mf.dispatchFetch(`${STORE}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'Sec-Fetch-Site': 'same-origin',
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
}

/** The app's markup in a page: its root, up to the first script after it (the handover). */
function rendered(html: string): string {
  const root = html.indexOf('<div id="root">')
  return root < 0 ? '' : html.slice(root, html.indexOf('<script', root))
}

/** What leaves the worker for the service, answered by the offline service in this process. */
async function service(request: WorkerRequest): Promise<WorkerResponse> {
  const body = ['GET', 'HEAD'].includes(request.method) ? undefined : await request.arrayBuffer()
  const answer = await offline.fetch(
    new Request(request.url, { method: request.method, headers: [...request.headers], body }),
  )
  return new WorkerResponse(await answer.arrayBuffer(), {
    status: answer.status,
    headers: [...answer.headers],
  })
}

beforeAll(async () => {
  // The source index.html: the unit run does not wait for a build to write dist/.
  const script = await bundleWorker('index.html')
  mf = new Miniflare({
    // Given as a module, not a path: Miniflare would refuse the bundle's one dynamic import (a
    // React Router loader of framework mode, never called here) while reading its imports.
    modules: [{ type: 'ESModule', path: 'worker.js', contents: script }],
    compatibilityDate: '2025-07-01',
    bindings: {
      UPSTREAM_URL: offline.model.baseUrl,
      TENANT_ORIGIN: seed.origin,
      ERP_API_KEY: seed.erpKey,
      DEFAULT_P: seed.defaultUnitRef,
      PUBLIC_ORIGIN: STORE,
      SESSION_SECRET,
      CEP_PROVIDERS: 'off',
      LOG_LEVEL: 'silent',
    },
    outboundService: service,
  })
  // workerd started and the bundle loaded: a module that fails at its top level fails here.
  await mf.ready
}, 60_000)

afterAll(async () => {
  await mf?.dispose()
})

// Generous: CI runs this beside the build, lint and typecheck on two cores.
describe('the relay in workerd (Cloudflare Workers)', { timeout: 20_000 }, () => {
  it('serves the public reads', async () => {
    for (const path of ['/api/parameters', '/api/products', '/api/payment-options']) {
      const res = await send(path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type'), path).toContain('application/json')
      expect(res.headers.get('x-request-id'), path).toMatch(/^[0-9a-f-]{36}$/)
    }
    // Readable as the browser gets it: had the relay gzipped it too, workerd would have
    // encoded it again, and the browser would be left holding gzip it was never told about.
    const products = await send('/api/products', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(await products.text()).toContain('ECPF-A1-12')
  })

  it('logs in, and knows the session by its cookie', async () => {
    const login = await send('/api/session', {
      method: 'POST',
      body: { document: MARIA.document, password: MARIA.password },
    })
    expect(login.status).toBe(200)
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${COOKIE_NAME}=`))
      ?.split(';')[0]
    expect(cookie).toBeDefined()
    const session = await send('/api/session', { headers: { Cookie: cookie } })
    expect(await session.json()).toMatchObject({ authenticated: true })
    // The sealed tokens open (Web Crypto) and reach the service: the account's own orders.
    const orders = await send('/api/my-orders', { headers: { Cookie: cookie } })
    expect(orders.status).toBe(200)
    // Without the cookie, no one.
    expect(await (await send('/api/session')).json()).toMatchObject({ authenticated: false })
  })

  it('takes an order once per key, pays it by card and renders its page', async () => {
    const key = idempotencyKey()
    const checkout = () =>
      send('/api/checkout', {
        method: 'POST',
        body: validCheckout(),
        headers: { 'Idempotency-Key': key },
      })
    const created = await checkout()
    expect(created.status).toBe(201)
    const { data } = (await created.json()) as { data: { publicToken: string; orderCode: string } }
    const replay = await checkout()
    expect(replay.status).toBe(201)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    const tenant = offline.model.allTenants[0]!
    expect(tenant.orders.filter((o) => o.publicToken === data.publicToken)).toHaveLength(1)

    const paid = await send(`/api/orders/${data.publicToken}/payment`, {
      method: 'POST',
      headers: { 'Idempotency-Key': idempotencyKey() },
      body: {
        holderName: 'MARIA A SANTOS',
        cardNumber: TEST_CARDS.approved,
        expirationMonth: '05',
        expirationYear: String(new Date().getFullYear() + 3),
        securityCode: '123',
      },
    })
    expect(paid.status).toBe(200)
    expect(await paid.json()).toMatchObject({ code: 'payment_done' })
    const order = await send(`/api/orders/${data.publicToken}`)
    expect(await order.json()).toMatchObject({ data: { statusPayment: 'CONCLUIDO' } })

    const page = await send(`/pedido/${data.publicToken}`, { headers: { Accept: 'text/html' } })
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    // Rendered here, not by the browser: the order's code is in the markup.
    expect(rendered(await page.text())).toContain(data.orderCode)
  })

  it('renders the catalog on the server, its products in the markup', async () => {
    const res = await send('/', { headers: { Accept: 'text/html' } })
    expect(res.status).toBe(200)
    const html = await res.text()
    const app = rendered(html)
    expect(app).toContain('Certificado Digital e-CPF A1 – 12 meses')
    expect(app).toContain('R$\u00a0159,90')
    expect(app).toContain('href="/produto/ECPF-A1-12"')
    // Its inline scripts run by their hashes in the policy (Web Crypto in workerd), no other.
    const policy = res.headers.get('content-security-policy') ?? ''
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!)
    expect(inline).toHaveLength(2)
    for (const script of inline) {
      const hash = createHash('sha256').update(script, 'utf8').digest('base64')
      expect(policy).toContain(`'sha256-${hash}'`)
    }
  })
})

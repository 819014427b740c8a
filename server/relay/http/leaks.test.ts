/**
 * What the service says stays in the relay: its HAL `_links` (internal URLs) and its own
 * `title`/`detail`/`trace` never reach the browser, on any route. The attack: a service (or
 * anyone between it and the relay) plants a marker in `_links.self.href` of every object of a
 * success, and in every text field of an error, and the test looks for it in what the browser
 * gets. The one service URL a browser does get is an order's boleto download
 * (`attachmentItems[].href`).
 */
import { describe, expect, it } from 'vitest'
import { browserJson } from './json-answer'
import type { Dialect } from '../../../common/contract/upstream/dialect'
import {
  buildRelay,
  idempotencyKey,
  MARIA,
  MARIA_PENDING_ORDER,
  SEEDED_PUBLIC_TOKEN,
  validCheckout,
  type RelayHarness,
} from '../testing/test-helpers'
import type { Fetcher } from './types'

const MARKER = 'VAZOU-7f3a9c21'
const SERVICE = 'http://servico.offline'
const MARKER_URL = `${SERVICE}/interno/${MARKER}?chave=${MARKER}`

/** Every object of a body gets `_links` pointing at the marker (merged with its own). */
function plantLinks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plantLinks)
  if (!value || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) out[key] = plantLinks(inner)
  const own = (value as { _links?: Record<string, unknown> })._links
  out._links = { ...own, self: { href: MARKER_URL }, [MARKER]: { href: MARKER_URL } }
  return out
}

async function withPlantedLinks(request: Request, offline: Fetcher): Promise<Response> {
  const res = await offline(request)
  const text = await res.text()
  if (!text || !(res.headers.get('content-type') ?? '').includes('json')) {
    return new Response(text, { status: res.status, headers: res.headers })
  }
  const headers = new Headers(res.headers)
  headers.delete('content-length')
  return new Response(JSON.stringify(plantLinks(JSON.parse(text))), {
    status: res.status,
    headers,
  })
}

/** An error whose every text is the marker: the envelope, a trace, field messages, links. */
function plantedError(status: number): Response {
  return Response.json(
    {
      type: `${SERVICE}/problema/${MARKER}`,
      title: `${MARKER} title`,
      status,
      detail: `${MARKER} detail ${MARKER_URL}`,
      code: `${MARKER}_code`,
      validation_messages: { 'user.document': { custom: `${MARKER} mensagem` } },
      trace: [{ file: `/var/www/${MARKER}.php`, line: 1, function: MARKER }],
      _links: { self: { href: MARKER_URL } },
    },
    {
      status,
      headers: {
        'Content-Type': 'application/problem+json',
        ...(status === 429 ? { 'Retry-After': '7' } : {}),
      },
    },
  )
}

interface Family {
  name: string
  /** Which upstream requests of this family fail in the error cases. */
  fails: (call: { method: string; url: URL }) => boolean
  /** The browser's requests (after any setup such as a login). */
  run: (relay: RelayHarness) => Promise<Response[]>
}

const path = (call: { url: URL }) => call.url.pathname

const FAMILIES: Family[] = [
  {
    name: 'catalog (parameters, products, payment options)',
    fails: () => true,
    run: async (relay) => [
      await relay.request('/api/parameters'),
      await relay.request('/api/products?p='),
      await relay.request('/api/payment-options?p='),
    ],
  },
  {
    name: 'public order',
    fails: (call) => path(call) === '/order/info',
    run: async (relay) => [await relay.request(`/api/orders/${SEEDED_PUBLIC_TOKEN}`)],
  },
  {
    name: 'session',
    fails: (call) => path(call) === '/oauth',
    run: async (relay) => [
      await relay.send('POST', '/api/session', {
        document: MARIA.document,
        password: MARIA.password,
      }),
      await relay.request('/api/session'),
    ],
  },
  {
    name: 'my orders (list, detail)',
    fails: (call) => path(call) !== '/oauth',
    run: async (relay) => {
      const cookie = await relay.login(MARIA)
      return [
        await relay.request('/api/my-orders', { headers: { Cookie: cookie } }),
        await relay.request(`/api/my-orders/${MARIA_PENDING_ORDER}`, {
          headers: { Cookie: cookie },
        }),
      ]
    },
  },
  {
    name: 'my orders (cancel)',
    fails: (call) => call.method === 'DELETE',
    run: async (relay) => {
      const cookie = await relay.login(MARIA)
      return [
        await relay.send(
          'DELETE',
          `/api/my-orders/${MARIA_PENDING_ORDER}`,
          { reason: 'teste' },
          { Cookie: cookie },
        ),
      ]
    },
  },
  {
    name: 'password recovery',
    fails: (call) => path(call) === '/user',
    run: async (relay) => [
      await relay.send('POST', '/api/password-recovery', {
        document: MARIA.document,
        email: MARIA.email,
      }),
    ],
  },
]

/** Checkout: the storefront reads must work; the creation is what fails or carries links. */
const CHECKOUT: Family = {
  name: 'checkout',
  fails: (call) => call.method === 'POST' && path(call) === '/order-external',
  run: async (relay) => {
    const key = idempotencyKey()
    const send = () =>
      relay.send('POST', '/api/checkout', validCheckout(), { 'Idempotency-Key': key })
    // The second is the replay of a kept answer.
    return [await send(), await send()]
  },
}

/** Strings of a JSON body that hold a service URL, with where they sit. */
function serviceUrls(value: unknown, at: string[] = []): { at: string[]; url: string }[] {
  if (typeof value === 'string') return value.includes(SERVICE) ? [{ at, url: value }] : []
  if (Array.isArray(value)) return value.flatMap((v, i) => serviceUrls(v, [...at, String(i)]))
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => serviceUrls(v, [...at, k]))
  return []
}

async function expectNothingLeaks(responses: Response[], success: boolean) {
  for (const res of responses) {
    const text = await res.text()
    const headers = [...res.headers].map(([name, value]) => `${name}: ${value}`).join('\n')
    const where = `${res.status} ${text.slice(0, 300)}`
    expect(text, where).not.toContain(MARKER)
    expect(headers, where).not.toContain(MARKER)
    expect(text, where).not.toContain('"_links"')
    if (success && text) {
      expect(res.status, where).toBeLessThan(300)
      // The only service URLs left: boleto downloads the buyer needs.
      for (const { at } of serviceUrls(JSON.parse(text)))
        expect(at.slice(-3, -1).concat(at.slice(-1)), where).toEqual([
          'attachmentItems',
          expect.stringMatching(/^\d+$/),
          'href',
        ])
    }
  }
}

const ERROR_STATUSES = [400, 401, 403, 404, 409, 422, 429, 500, 503]

/** The family's requests with its upstream calls answering `status` and a planted body. */
async function afterPlantedError(family: Family, dialect: Dialect, status: number) {
  const relay = buildRelay({
    offlineDialect: dialect,
    upstream: (request, offline) =>
      family.fails({ method: request.method, url: new URL(request.url) })
        ? Promise.resolve(plantedError(status))
        : offline(request),
  })
  const responses = await family.run(relay)
  // The planted error was really met (password recovery, by design, still answers 202).
  expect(relay.calls.some(family.fails)).toBe(true)
  return responses
}

describe.each<Dialect>(['spec', 'docs'])('nothing of the service leaks (%s dialect)', (dialect) => {
  describe.each(FAMILIES)('$name', (family) => {
    it('drops the service `_links` planted in every object of a success', async () => {
      const relay = buildRelay({ offlineDialect: dialect, upstream: withPlantedLinks })
      await expectNothingLeaks(await family.run(relay), true)
    })

    it.each(ERROR_STATUSES)(
      "never passes on a %i's title, detail, trace or links",
      async (status) => {
        await expectNothingLeaks(await afterPlantedError(family, dialect, status), false)
      },
    )
  })

  describe('checkout', () => {
    it('drops the service `_links` planted in the creation result (and its replay)', async () => {
      const relay = buildRelay({ offlineDialect: dialect, upstream: withPlantedLinks })
      await expectNothingLeaks(await CHECKOUT.run(relay), true)
    })

    it.each(ERROR_STATUSES)(
      "never passes on a %i's title, detail, trace or links",
      async (status) => {
        await expectNothingLeaks(await afterPlantedError(CHECKOUT, dialect, status), false)
      },
    )
  })
})

describe('browserJson', () => {
  it('drops `_links` at any depth, keeps everything else, and leaves the body it was given as it was', () => {
    const body = {
      _links: { self: { href: 'http://servico.interno/order/1' } },
      id: 1,
      items: [{ sku: 'A', _links: { product: { href: 'http://servico.interno/p/A' } } }, 'x', null],
      user: { name: 'Maria', address: { city: 'São Paulo', _links: {} } },
      empty: [],
    }
    const before = structuredClone(body)
    expect(JSON.parse(browserJson(body))).toEqual({
      id: 1,
      items: [{ sku: 'A' }, 'x', null],
      user: { name: 'Maria', address: { city: 'São Paulo' } },
      empty: [],
    })
    expect(body).toEqual(before)
    expect(browserJson([1, 'a', { b: true }])).toBe('[1,"a",{"b":true}]')
  })
})

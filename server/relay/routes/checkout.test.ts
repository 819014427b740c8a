import { describe, expect, it } from 'vitest'
import {
  buildRelay,
  deferred,
  idempotencyKey,
  json,
  MARIA,
  validCheckout,
  type RelayHarness,
} from '../testing/test-helpers'
import type { Fetcher } from '../http/types'
import { saleCode } from './checkout'
import { MemoryIdempotencyStore } from '../stores/idempotency-store'
import { SharedStateUnavailableError } from '../stores/shared-state'

type Created = { code: string; data: { publicToken: string; orderId: string; orderCode: string } }

const isCreate = (request: Request) =>
  request.method === 'POST' && new URL(request.url).pathname === '/order-external'

/** `VT-` and two groups of four of Crockford's base32: no I, L, O or U. */
const READABLE_CODE = /^VT-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/

describe('saleCode', () => {
  it('is short, grouped and free of letters that read like others, within the 40 characters the service takes', async () => {
    for (let i = 0; i < 200; i++) {
      const code = await saleCode('https://loja.exemplo', `chave-${i}-${idempotencyKey()}`)
      expect(code).toMatch(READABLE_CODE)
      expect(code.length).toBeLessThanOrEqual(40)
    }
  })

  it('is the first 40 bits of SHA-256(origin, key) in base32, the same on every retry', async () => {
    // SHA-256("https://loja.exemplo chave-de-teste-0001") starts 2331823b79: 00100 01100 11000
    // 11000 00100 01110 11011 11001 → 4 C R R 4 E V S.
    expect(await saleCode('https://loja.exemplo', 'chave-de-teste-0001')).toBe('VT-4CRR-4EVS')
    expect(await saleCode('https://loja.exemplo', 'chave-de-teste-0001')).toBe('VT-4CRR-4EVS')
    expect(await saleCode('https://outra.exemplo', 'chave-de-teste-0001')).not.toBe('VT-4CRR-4EVS')
  })
})

describe('POST /api/checkout', () => {
  it('creates the order (201 with publicToken) and the order is then readable by its token', async () => {
    const relay = buildRelay()
    const res = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': idempotencyKey(),
    })
    expect(res.status).toBe(201)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const created = (await res.json()) as Created
    expect(created.code).toBe('SUCCESS_ORDER_CREATED')
    expect(created.data.publicToken).toMatch(/^[A-Za-z0-9_-]{8,}$/)

    const stored = relay.offline.model.orderById(relay.tenantState, created.data.orderId)
    expect(stored?.payload?.user.document).toBe('52998224725')
    expect(stored?.uri).toBe('u1_loja')

    const read = await relay.request(`/api/orders/${created.data.publicToken}`)
    expect(read.status).toBe(200)
    const order = (await read.json()) as { data: { id: number; statusPayment: string } }
    expect(String(order.data.id)).toBe(created.data.orderId)
    expect(order.data.statusPayment).toBe('PENDENTE')
  })

  it.each([
    ['missing', undefined],
    ['too short', 'abc123'],
    ['with forbidden characters', 'chave com espaço e acentuação'],
  ])('refuses a %s Idempotency-Key with 400, without calling upstream', async (_label, key) => {
    const relay = buildRelay()
    const res = await relay.send(
      'POST',
      '/api/checkout',
      validCheckout(),
      key === undefined ? {} : { 'Idempotency-Key': key },
    )
    expect(res.status).toBe(400)
    expect(await json(res)).toMatchObject({ status: 400 })
    expect(relay.calls).toHaveLength(0)
  })

  it('refuses an invalid CPF with 422 and a field error on user.document, without calling upstream', async () => {
    const relay = buildRelay()
    const payload = validCheckout()
    payload.user.document = '111.111.111-11'
    const res = await relay.send('POST', '/api/checkout', payload, {
      'Idempotency-Key': idempotencyKey(),
    })
    expect(res.status).toBe(422)
    const body = (await res.json()) as { errors: { path: string; message: string }[] }
    expect(body.errors.map((e) => e.path)).toContain('user.document')
    expect(relay.calls).toHaveLength(0)
  })

  it('refuses a body that is not JSON with 400', async () => {
    const relay = buildRelay()
    const res = await relay.request('/api/checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey() },
      body: '{"user":',
    })
    expect(res.status).toBe(400)
  })

  it('passes a service refusal on as a 422 with field paths (never its words), and replays it for the same key', async () => {
    const relay = buildRelay({
      upstream: async (request, offline) =>
        request.method === 'POST' && new URL(request.url).pathname === '/order-external'
          ? Response.json(
              {
                type: 'x',
                title: 'Unprocessable Entity',
                status: 422,
                detail: 'Failed Validation',
                validation_messages: { 'user.email': { isEmpty: 'Value is required' } },
              },
              { status: 422 },
            )
          : offline(request),
    })
    const key = idempotencyKey()
    const payload = validCheckout()
    const first = await relay.send('POST', '/api/checkout', payload, { 'Idempotency-Key': key })
    expect(first.status).toBe(422)
    const body = (await first.json()) as { errors: { path: string; message: string }[] }
    expect(body.errors).toEqual([{ path: 'user.email', message: 'O serviço recusou este valor.' }])
    expect(JSON.stringify(body)).not.toMatch(/Failed Validation|Value is required/)
    const again = await relay.send('POST', '/api/checkout', payload, { 'Idempotency-Key': key })
    expect(again.status).toBe(422)
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(1)
  })
})

describe('POST /api/checkout idempotency', () => {
  it('replays a repeated key with the same body and Idempotent-Replayed, creating exactly one order', async () => {
    const relay = buildRelay()
    const key = idempotencyKey()
    const first = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': key,
    })
    const second = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': key,
    })
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    expect(await second.json()).toEqual(await first.json())
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(1)
  })

  it('treats the same key with a different body as a misuse (422), without calling upstream again', async () => {
    const relay = buildRelay()
    const key = idempotencyKey()
    expect(
      (await relay.send('POST', '/api/checkout', validCheckout(), { 'Idempotency-Key': key }))
        .status,
    ).toBe(201)
    const other = validCheckout({ negotiationType: 5 })
    const res = await relay.send('POST', '/api/checkout', other, { 'Idempotency-Key': key })
    expect(res.status).toBe(422)
    expect(res.headers.get('idempotent-replayed')).toBeNull()
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(1)
  })

  it('answers a concurrent duplicate with 409 and Retry-After while the first is pending', async () => {
    const gate = deferred<void>()
    const relay = buildRelay({
      upstream: async (request, offline) => {
        if (request.method === 'POST') await gate.promise
        return offline(request)
      },
    })
    const key = idempotencyKey()
    const first = relay.send('POST', '/api/checkout', validCheckout(), { 'Idempotency-Key': key })
    await expect.poll(() => relay.callsTo('POST', '/order-external').length).toBe(1)

    const duplicate = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': key,
    })
    expect(duplicate.status).toBe(409)
    expect(Number(duplicate.headers.get('retry-after'))).toBeGreaterThan(0)

    gate.resolve()
    expect((await first).status).toBe(201)
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(1)
    const replay = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': key,
    })
    expect(replay.status).toBe(201)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
  })

  it('frees the key after a refusal that made no order (the store key refused) so a retry can go', async () => {
    let refuse = true
    const relay = buildRelay({
      upstream: async (request, offline) =>
        refuse && isCreate(request)
          ? Response.json(
              { type: 'x', title: 'Forbidden', status: 403, detail: 'Invalid key' },
              { status: 403 },
            )
          : offline(request),
    })
    const key = idempotencyKey()
    expect(
      (await relay.send('POST', '/api/checkout', validCheckout(), { 'Idempotency-Key': key }))
        .status,
    ).toBe(502)
    refuse = false
    expect(
      (await relay.send('POST', '/api/checkout', validCheckout(), { 'Idempotency-Key': key }))
        .status,
    ).toBe(201)
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(2)
  })
})

/**
 * The attack of "exactly once, even after a timeout": the service creates the order but its
 * answer never reaches the relay (a timeout, a 5xx after the insert); the buyer retries with
 * the same key. Before, the relay had freed the key and created a second order.
 */
describe('POST /api/checkout after a create with no answer (exactly once)', () => {
  const OUTCOME_UNKNOWN =
    'Não sabemos se o pedido foi criado: o serviço não respondeu a tempo. Confira seu e-mail ou o link do pedido antes de tentar de novo.'

  type LostAnswer = 'times out' | 'answers 500'

  /** The offline service creates the order; the first `times` answers to a create are lost. */
  function createsThenLosesAnswer(how: LostAnswer, times = 1) {
    let left = times
    return async (request: Request, offline: Fetcher): Promise<Response> => {
      const answer = await offline(request)
      if (!isCreate(request) || left === 0) return answer
      left--
      if (how === 'times out') return new Promise<Response>(() => {})
      return Response.json(
        { type: 'x', title: 'Internal Server Error', status: 500, detail: 'boom', trace: [] },
        { status: 500 },
      )
    }
  }

  const ordersWithCode = (relay: RelayHarness, code: string) =>
    relay.tenantState.orders.filter((o) => o.detail.code === code)

  const checkout = (relay: RelayHarness, key: string, headers: Record<string, string> = {}) =>
    relay.send('POST', '/api/checkout', validCheckout(), { 'Idempotency-Key': key, ...headers })

  it.each<LostAnswer>(['times out', 'answers 500'])(
    'a guest: the service %s after creating; the same key answers 409 order_outcome_unknown and creates nothing; only a new key makes a second order',
    async (how) => {
      const relay = buildRelay({ timeoutMs: 50, upstream: createsThenLosesAnswer(how) })
      const key = idempotencyKey()
      const code = await saleCode(relay.tenant.origin, key)

      const first = await checkout(relay, key)
      expect(first.status).toBe(how === 'times out' ? 504 : 502)
      const firstBody = await json(first)
      expect(firstBody).toMatchObject({ code: 'order_maybe_created' })
      expect(String(firstBody.detail)).toContain('pode ter sido criado')
      expect(ordersWithCode(relay, code)).toHaveLength(1)

      for (let retry = 0; retry < 2; retry++) {
        const again = await checkout(relay, key)
        expect(again.status).toBe(409)
        expect(await json(again)).toMatchObject({
          status: 409,
          code: 'order_outcome_unknown',
          detail: OUTCOME_UNKNOWN,
        })
        expect(again.headers.get('retry-after')).toBeNull()
      }
      expect(relay.callsTo('POST', '/order-external')).toHaveLength(1)
      expect(ordersWithCode(relay, code)).toHaveLength(1)

      // "Tentar mesmo assim": the buyer's conscious second attempt, with a new key.
      const secondKey = idempotencyKey()
      const second = await checkout(relay, secondKey)
      expect(second.status).toBe(201)
      const created = (await second.json()) as Created
      const secondCode = await saleCode(relay.tenant.origin, secondKey)
      expect(created.data.orderCode).toBe(secondCode)
      expect(secondCode).not.toBe(code)
      expect(relay.callsTo('POST', '/order-external')).toHaveLength(2)
      expect(ordersWithCode(relay, code)).toHaveLength(1)
      expect(ordersWithCode(relay, secondCode)).toHaveLength(1)
    },
  )

  describe.each(['spec', 'docs'] as const)('logged in (%s dialect)', (dialect) => {
    it.each<LostAnswer>(['times out', 'answers 500'])(
      'the service %s after creating: the same key finds the order (201 order_found), one order upstream, and a third try replays it',
      async (how) => {
        const relay = buildRelay({
          offlineDialect: dialect,
          timeoutMs: 50,
          upstream: createsThenLosesAnswer(how),
        })
        const cookie = await relay.login(MARIA)
        const key = idempotencyKey()
        const code = await saleCode(relay.tenant.origin, key)

        const first = await checkout(relay, key, { Cookie: cookie })
        expect(first.status).toBe(how === 'times out' ? 504 : 502)
        const [made] = ordersWithCode(relay, code)
        expect(made).toBeDefined()

        const retry = await checkout(relay, key, { Cookie: cookie })
        expect(retry.status).toBe(201)
        expect(retry.headers.get('cache-control')).toBe('no-store')
        const found = await json(retry)
        expect(found).toMatchObject({
          code: 'order_found',
          status: 201,
          data: { orderId: String(made!.detail.id), orderCode: code },
        })
        expect(relay.callsTo('POST', '/order-external')).toHaveLength(1)
        expect(ordersWithCode(relay, code)).toHaveLength(1)

        const third = await checkout(relay, key, { Cookie: cookie })
        expect(third.status).toBe(201)
        expect(third.headers.get('idempotent-replayed')).toBe('true')
        expect(await json(third)).toEqual(found)
        expect(relay.callsTo('POST', '/order-external')).toHaveLength(1)
        expect(ordersWithCode(relay, code)).toHaveLength(1)
      },
    )
  })

  it('logged in, the create failed before reaching the service: once the service had time to write it, the retry creates exactly one order', async () => {
    let fail = true
    const relay = buildRelay({
      upstream: async (request, offline) => {
        if (fail && isCreate(request)) {
          fail = false
          return Response.json({ title: 'Internal Server Error' }, { status: 500 })
        }
        return offline(request)
      },
    })
    const cookie = await relay.login(MARIA)
    const key = idempotencyKey()
    const code = await saleCode(relay.tenant.origin, key)
    expect((await checkout(relay, key, { Cookie: cookie })).status).toBe(502)
    expect(ordersWithCode(relay, code)).toHaveLength(0)

    // Not in the list yet, but a slow service may still be writing it: wait, do not create.
    const early = await checkout(relay, key, { Cookie: cookie })
    expect(early.status).toBe(409)
    expect(await json(early)).toMatchObject({ code: 'order_in_progress' })
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(1)

    relay.clock.now += 5_000
    const retry = await checkout(relay, key, { Cookie: cookie })
    expect(retry.status).toBe(201)
    const created = (await retry.json()) as Created
    expect(created.code).toBe('SUCCESS_ORDER_CREATED')
    expect(created.data.orderCode).toBe(code)
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(2)
    expect(ordersWithCode(relay, code)).toHaveLength(1)

    const replay = await checkout(relay, key, { Cookie: cookie })
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(2)
  })

  it('sends the same relay-made code on both attempts, and never one from the browser', async () => {
    const sent: unknown[] = []
    let fail = true
    const relay = buildRelay({
      upstream: async (request, offline) => {
        if (isCreate(request)) {
          sent.push(((await request.clone().json()) as { code?: unknown }).code)
          if (fail) {
            fail = false
            return Response.json({ title: 'Internal Server Error' }, { status: 500 })
          }
        }
        return offline(request)
      },
    })
    const cookie = await relay.login(MARIA)
    const key = idempotencyKey()
    expect((await checkout(relay, key, { Cookie: cookie })).status).toBe(502)
    relay.clock.now += 5_000
    expect((await checkout(relay, key, { Cookie: cookie })).status).toBe(201)

    const code = await saleCode(relay.tenant.origin, key)
    expect(code).toMatch(READABLE_CODE)
    expect(sent).toEqual([code, code])
    // Another tenant's relay would derive another code from the same key.
    expect(await saleCode('https://outra-loja.example', key)).not.toBe(code)

    const forged = await relay.send('POST', '/api/checkout', validCheckout({ code }), {
      'Idempotency-Key': idempotencyKey(),
      Cookie: cookie,
    })
    expect(forged.status).toBe(422)
    const refused = (await forged.json()) as { errors: { path: string }[] }
    expect(refused.errors.map((e) => e.path)).toContain('code')
    expect(sent).toHaveLength(2)
  })

  it('logged in, but the order list cannot be read whole: 409 order_outcome_unknown, nothing created', async () => {
    let listReads = 0
    let failFrom = Infinity
    const lost = createsThenLosesAnswer('times out')
    const relay = buildRelay({
      offlineDialect: 'docs',
      timeoutMs: 50,
      upstream: async (request, offline) => {
        if (request.method === 'GET' && new URL(request.url).pathname === '/order') {
          listReads++
          if (listReads >= failFrom) {
            return Response.json({ title: 'Internal Server Error' }, { status: 500 })
          }
        }
        return lost(request, offline)
      },
    })
    const cookie = await relay.login(MARIA)
    const key = idempotencyKey()
    const code = await saleCode(relay.tenant.origin, key)
    expect((await checkout(relay, key, { Cookie: cookie })).status).toBe(504)
    relay.clock.now += 60_000
    // The retry's own session check reads page 1; the search's read of the list fails.
    failFrom = listReads + 2
    const retry = await checkout(relay, key, { Cookie: cookie })
    expect(retry.status).toBe(409)
    expect(await json(retry)).toMatchObject({ code: 'order_outcome_unknown' })
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(1)
    expect(ordersWithCode(relay, code)).toHaveLength(1)

    // The list is back: the same key now finds the order.
    failFrom = Infinity
    const found = await checkout(relay, key, { Cookie: cookie })
    expect(found.status).toBe(201)
    expect(await json(found)).toMatchObject({ code: 'order_found' })
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(1)
  })

  it('a service that does not keep the given code: its list can no longer prove an order absent', async () => {
    let lose = false
    const relay = buildRelay({
      timeoutMs: 50,
      upstream: async (request, offline) => {
        if (!isCreate(request)) return offline(request)
        const { code: _dropped, ...body } = (await request.json()) as Record<string, unknown>
        const answer = await offline(
          new Request(request.url, {
            method: 'POST',
            headers: request.headers,
            body: JSON.stringify(body),
          }),
        )
        return lose ? new Promise<Response>(() => {}) : answer
      },
    })
    const cookie = await relay.login(MARIA)
    expect((await checkout(relay, idempotencyKey(), { Cookie: cookie })).status).toBe(201)
    expect(relay.logs.some((e) => e.msg === 'upstream did not keep the sale code')).toBe(true)

    lose = true
    const key = idempotencyKey()
    expect((await checkout(relay, key, { Cookie: cookie })).status).toBe(504)
    relay.clock.now += 60_000
    const retry = await checkout(relay, key, { Cookie: cookie })
    expect(retry.status).toBe(409)
    expect(await json(retry)).toMatchObject({ code: 'order_outcome_unknown' })
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(2)
  })

  it('two retries at once: one searches the list, the other hears "still processing"', async () => {
    const gate = deferred<void>()
    let listReads = 0
    let holdAt = Infinity
    const lost = createsThenLosesAnswer('times out')
    const relay = buildRelay({
      timeoutMs: 500,
      upstream: async (request, offline) => {
        if (request.method === 'GET' && new URL(request.url).pathname === '/order') {
          if (++listReads === holdAt) await gate.promise
        }
        return lost(request, offline)
      },
    })
    const cookie = await relay.login(MARIA)
    const key = idempotencyKey()
    const code = await saleCode(relay.tenant.origin, key)
    expect((await checkout(relay, key, { Cookie: cookie })).status).toBe(504)

    // The first retry's session check reads page 1; its search of the list waits at the gate.
    holdAt = listReads + 2
    const first = checkout(relay, key, { Cookie: cookie })
    await expect.poll(() => listReads).toBe(holdAt)
    const second = await checkout(relay, key, { Cookie: cookie })
    expect(second.status).toBe(409)
    expect(await json(second)).toMatchObject({ code: 'order_in_progress' })
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0)

    gate.resolve()
    const found = await first
    expect(found.status).toBe(201)
    expect(await json(found)).toMatchObject({ code: 'order_found' })
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(1)
    expect(ordersWithCode(relay, code)).toHaveLength(1)
  })
})

describe('POST /api/checkout, a company buyer', () => {
  it.each(['spec', 'docs'] as const)(
    'sends the razão social as nameLaw where the dialect has it (%s)',
    async (dialect) => {
      const relay = buildRelay({ offlineDialect: dialect })
      const company = validCheckout({
        orderItems: [{ product: 'ECNPJ-A1-12', quantity: 1, price: 239.9, discount: 0 }],
      })
      company.user = {
        ...company.user,
        document: '11222333000181',
        name: 'Horizonte Azul Comércio Ltda',
        nameLaw: 'Horizonte Azul Comércio Ltda',
        stateRegistration: 'ISENTO',
      }
      const res = await relay.send('POST', '/api/checkout', company, {
        'Idempotency-Key': idempotencyKey(),
      })
      expect(res.status).toBe(201)
      const created = (await res.json()) as Created
      const stored = relay.offline.model.orderById(relay.tenantState, created.data.orderId)
      expect(stored?.payload?.user).toMatchObject({
        document: '11222333000181',
        name: 'Horizonte Azul Comércio Ltda',
        stateRegistration: 'ISENTO',
      })
      expect(stored?.payload?.user.nameLaw).toBe(
        dialect === 'docs' ? 'Horizonte Azul Comércio Ltda' : undefined,
      )
    },
  )
})

describe('POST /api/checkout when the idempotency store fails', () => {
  it('a store that cannot claim answers 503 before anything is sent: no order', async () => {
    const store = new MemoryIdempotencyStore()
    store.claim = async () => {
      throw new SharedStateUnavailableError(new Error('Connection is closed.'))
    }
    const relay = buildRelay({ idempotency: store })
    const res = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': idempotencyKey(),
    })
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('5')
    expect(await json(res)).toMatchObject({ code: 'store_unavailable' })
    expect(relay.calls.filter((c) => isCreateCall(c))).toHaveLength(0)
  })

  it('a record lost after the service created the order still answers 201, and a retry makes none', async () => {
    const store = new MemoryIdempotencyStore()
    store.complete = async () => {
      throw new SharedStateUnavailableError(new Error('Connection is closed.'))
    }
    const relay = buildRelay({ idempotency: store })
    const key = idempotencyKey()
    const first = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': key,
    })
    expect(first.status).toBe(201)
    const retry = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': key,
    })
    expect(retry.status).toBe(409)
    expect(relay.calls.filter((c) => isCreateCall(c))).toHaveLength(1)
    expect(relay.logs).toContainEqual(
      expect.objectContaining({ msg: 'idempotency record not written', op: 'complete' }),
    )
  })
})

function isCreateCall(call: { method: string; url: URL }) {
  return call.method === 'POST' && call.url.pathname === '/order-external'
}

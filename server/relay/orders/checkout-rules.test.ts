import { describe, expect, it } from 'vitest'
import { buildRelay, validCheckout } from '../testing/test-helpers'

/** The relay is the trust boundary in front of the ERP key: what it refuses before the service. */

const key = () => `k-${crypto.randomUUID()}`
const errorsOf = async (res: Response) =>
  ((await res.json()) as { errors?: { path: string; message: string }[] }).errors ?? []

describe('storefront rules on POST /api/checkout', () => {
  it('refuses a forged price with the listing’s price, without calling the service', async () => {
    const relay = buildRelay()
    const res = await relay.send(
      'POST',
      '/api/checkout',
      validCheckout({
        orderItems: [{ product: 'ECPF-A1-12', quantity: 1, price: 0.01, discount: 0 }],
      }),
      { 'Idempotency-Key': key() },
    )
    expect(res.status).toBe(422)
    expect(await errorsOf(res)).toEqual([
      { path: 'orderItems.0.price', message: 'O preço mudou: agora é R$\u00a0159,90.' },
    ])
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(0)
  })

  it('refuses an unknown or not-on-sale product', async () => {
    const relay = buildRelay()
    const res = await relay.send(
      'POST',
      '/api/checkout',
      validCheckout({
        orderItems: [
          { product: 'NAO-EXISTE', quantity: 1, price: 1, discount: 0 },
          { product: 'NFE-A1-12', quantity: 1, price: 219.9, discount: 0 },
        ],
      }),
      { 'Idempotency-Key': key() },
    )
    expect(res.status).toBe(422)
    expect((await errorsOf(res)).map((e) => e.path)).toEqual([
      'orderItems.0.product',
      'orderItems.1.product',
    ])
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(0)
  })

  it('refuses what the store never sends: a discount, a sale code, a date, a note', async () => {
    const relay = buildRelay()
    const res = await relay.send(
      'POST',
      '/api/checkout',
      validCheckout({
        orderItems: [{ product: 'ECPF-A1-12', quantity: 1, price: 159.9, discount: 159.9 }],
        code: 'V2026-001001',
        date: '2001-01-01 00:00:00',
        note: 'x',
      }),
      { 'Idempotency-Key': key() },
    )
    expect(res.status).toBe(422)
    expect((await errorsOf(res)).map((e) => e.path)).toEqual([
      'orderItems.0.discount',
      'code',
      'date',
      'note',
    ])
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(0)
  })

  it('checks prices against the listing of the link the order carries', async () => {
    const relay = buildRelay()
    const res = await relay.send('POST', '/api/checkout', validCheckout({ uri: 'i99_nope' }), {
      'Idempotency-Key': key(),
    })
    expect(res.status).toBe(422)
    expect((await errorsOf(res)).map((e) => e.path)).toEqual(['uri'])
  })

  it('where the tenant requires login, a guest gets 401 and a logged-in buyer gets the order', async () => {
    const relay = buildRelay({ tenantIndex: 1 })
    const order = validCheckout({
      user: { ...validCheckout().user, document: '390.533.447-05' },
      orderItems: [{ product: 'DS-ECPF-A1', quantity: 1, price: 144, discount: 0 }],
      negotiationType: 21,
      uri: 'u3_sul1',
    })
    const guest = await relay.send('POST', '/api/checkout', order, { 'Idempotency-Key': key() })
    expect(guest.status).toBe(401)
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(0)

    const cookie = await relay.login({ document: '39053344705', password: 'Ana@2026' })
    const member = await relay.send('POST', '/api/checkout', order, {
      'Idempotency-Key': key(),
      Cookie: cookie,
    })
    expect(member.status).toBe(201)
  })

  it('a 201 the relay cannot read keeps its key: the retry gets the same answer, not a second order', async () => {
    const relay = buildRelay({
      upstream: async (request, offline) => {
        const res = await offline(request)
        if (request.method !== 'POST') return res
        return Response.json(
          { ...((await res.json()) as object), data: { orderId: null } },
          { status: 201 },
        )
      },
    })
    const k = key()
    const first = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': k,
    })
    const again = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': k,
    })
    expect(first.status).toBe(502)
    expect(again.status).toBe(502)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(1)
  })
})

describe('the relay owns the numbers (attacks on price, method and plan)', () => {
  function recording() {
    const sent: Record<string, unknown>[] = []
    const relay = buildRelay({
      upstream: async (request, offline) => {
        if (request.method === 'POST' && new URL(request.url).pathname === '/order-external') {
          sent.push((await request.clone().json()) as Record<string, unknown>)
        }
        return offline(request)
      },
    })
    return { relay, sent }
  }

  it('sends the listing’s price, not a browser price that only rounds to it', async () => {
    const { relay, sent } = recording()
    const res = await relay.send(
      'POST',
      '/api/checkout',
      validCheckout({
        orderItems: [{ product: 'ECPF-A1-12', quantity: 1, price: 159.895001, discount: 0 }],
      }),
      { 'Idempotency-Key': key() },
    )
    expect(res.status).toBe(201)
    expect(sent).toHaveLength(1)
    expect((sent[0]!.orderItems as { price: number }[])[0]!.price).toBe(159.9)
  })

  it('never forwards an installment count it is given: the option is the plan the service records', async () => {
    const { relay, sent } = recording()
    // An older page asking 1x of the 6x card option, or a forged body asking 13x.
    for (const installments of [1, 13]) {
      const res = await relay.send(
        'POST',
        '/api/checkout',
        { ...validCheckout({ negotiationType: 4 }), installments },
        { 'Idempotency-Key': key() },
      )
      expect(res.status).toBe(201)
    }
    expect(sent).toHaveLength(2)
    for (const body of sent) {
      expect(body).not.toHaveProperty('installments')
      expect(body.negotiationType).toBe(4)
    }
    const recorded = relay.tenantState.orders.slice(-2).map((o) => o.detail.negotiationType)
    expect(recorded.map((n) => n.paymentSettings.installments)).toEqual([6, 6])
    expect(recorded.map((n) => n.installments.length)).toEqual([6, 6])
  })

  it.each([
    ['a payment option of another link', { negotiationType: 3 }],
    ['a payment option that does not exist', { negotiationType: 999 }],
    // Offered by Unidade Paulista, but paid at its counter: not an online order.
    ['cash (no payment method)', { negotiationType: 8, uri: 'u12_ab3f' }],
  ])('refuses %s with 422 before the ERP key is used', async (_name, overrides) => {
    const { relay, sent } = recording()
    const res = await relay.send('POST', '/api/checkout', validCheckout(overrides), {
      'Idempotency-Key': key(),
    })
    expect(res.status).toBe(422)
    expect((await errorsOf(res)).map((e) => e.path)).toEqual(['negotiationType'])
    expect(sent).toHaveLength(0)
  })

  it('a method the store does not know (debit at the counter) is refused the same way', async () => {
    const { relay, sent } = recording()
    const res = await relay.send(
      'POST',
      '/api/checkout',
      validCheckout({ negotiationType: 9, uri: 'u15_balcao' }),
      { 'Idempotency-Key': key() },
    )
    expect(res.status).toBe(422)
    const body = (await res.json()) as { detail: string }
    expect(body.detail).toBe('Esta forma de pagamento é combinada com a loja. Escolha outra.')
    expect(sent).toHaveLength(0)
  })
})

describe('a logged-in checkout is the account’s (attack: an order in someone else’s name)', () => {
  it('refuses another person’s CPF from a logged-in buyer, before the service', async () => {
    const relay = buildRelay()
    const cookie = await relay.login()
    const res = await relay.send(
      'POST',
      '/api/checkout',
      validCheckout({
        user: {
          ...validCheckout().user,
          document: '111.444.777-35',
          email: 'atacante@exemplo.com',
        },
      }),
      { 'Idempotency-Key': key(), Cookie: cookie },
    )
    expect(res.status).toBe(422)
    expect(await res.clone().json()).toMatchObject({ code: 'document_not_account' })
    expect((await errorsOf(res)).map((e) => e.path)).toEqual(['user.document'])
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(0)
  })

  it('lets the logged-in buyer order in their own CPF, and a guest keeps ordering for anyone', async () => {
    const relay = buildRelay()
    const guest = await relay.send(
      'POST',
      '/api/checkout',
      validCheckout({ user: { ...validCheckout().user, document: '111.444.777-35' } }),
      { 'Idempotency-Key': key() },
    )
    expect(guest.status).toBe(201)
    const cookie = await relay.login()
    const own = await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': key(),
      Cookie: cookie,
    })
    expect(own.status).toBe(201)
  })

  it('checks the session live: a token the service refused ends the session and orders nothing', async () => {
    let revoked = false
    const relay = buildRelay({
      tenantIndex: 1,
      upstream: async (request, offline) =>
        revoked && request.headers.get('authorization')
          ? Response.json({ title: 'Unauthorized', status: 401, detail: 'x' }, { status: 401 })
          : offline(request),
    })
    const cookie = await relay.login({ document: '39053344705', password: 'Ana@2026' })
    revoked = true
    const res = await relay.send(
      'POST',
      '/api/checkout',
      validCheckout({
        user: { ...validCheckout().user, document: '390.533.447-05' },
        orderItems: [{ product: 'DS-ECPF-A1', quantity: 1, price: 144, discount: 0 }],
        negotiationType: 21,
        uri: 'u3_sul1',
      }),
      { 'Idempotency-Key': key(), Cookie: cookie },
    )
    expect(res.status).toBe(401)
    expect(relay.callsTo('POST', '/order-external')).toHaveLength(0)
    revoked = false
    const session = await relay.send('GET', '/api/session', undefined, { Cookie: cookie })
    expect(await session.json()).toMatchObject({ authenticated: false })
  })
})

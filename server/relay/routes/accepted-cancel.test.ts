/**
 * A cancel that holds: once the service accepted a buyer's cancel (200), every read of that order
 * through the relay shows it cancelled — the account's order and history, its public link, the
 * first view (which reads the public link's API), the live streams — and it can no longer be paid
 * or cancelled again, whatever `statusPayment` the service goes on sending. The live service
 * leaves it `PENDENTE` (the docs' offline service does the same); a spec service that did the
 * same is simulated by putting `PENDENTE` back after its cancel.
 */
import { describe, expect, it } from 'vitest'
import type { Dialect } from '../../../common/contract/upstream/dialect'
import { MemoryOrderChanges } from '../orders/order-changes'
import {
  buildRelay,
  JOAO,
  JOAO_PENDING_ORDER,
  json,
  MARIA_PENDING_ORDER,
} from '../testing/test-helpers'
import { hookFor, postHook, sseReader, storedOrder, webhookRelay } from '../testing/webhook-kit'
import { TEST_CARDS } from '../../../offline/handlers/order-checkout'

const card = {
  holderName: 'JOAO PEREIRA',
  cardNumber: TEST_CARDS.approved,
  expirationMonth: '05',
  expirationYear: String(new Date().getFullYear() + 3),
  securityCode: '123',
}

type Detail = { data: { id: number; statusPayment: string | null } }
type OrderList = { _embedded: { order: { id: number; statusPayment: string | null }[] } }

function cancelledRelay(dialect: Dialect) {
  const hub = new MemoryOrderChanges()
  const relay = buildRelay({
    offlineDialect: dialect,
    orderChanges: hub,
    realTime: true,
    // The service accepts the cancel and goes on saying PENDENTE, as the live one does: set
    // before its answer reaches the relay, so no read after it sees anything else.
    upstream: async (request, offline) => {
      const res = await offline(request)
      if (request.method === 'DELETE' && res.ok) order().detail.statusPayment = 'PENDENTE'
      return res
    },
  })
  const order = () => storedOrder(relay, JOAO_PENDING_ORDER)
  /** The cancel as the account page sends it. */
  const cancel = (cookie: string) =>
    relay.send('DELETE', `/api/my-orders/${JOAO_PENDING_ORDER}`, {}, { Cookie: cookie })
  return { relay, order, cancel }
}

describe.each(['docs', 'spec'] as const)('a cancel the service accepted (%s)', (dialect) => {
  it('reads as cancelled on the account’s order, its history and its public link', async () => {
    const { relay, order, cancel } = cancelledRelay(dialect)
    const cookie = await relay.login(JOAO)
    const history = async () =>
      (
        (await json(
          await relay.request('/api/my-orders', { headers: { Cookie: cookie } }),
        )) as unknown as OrderList
      )._embedded.order
    const before = await history()
    expect((await cancel(cookie)).status).toBe(200)
    expect(order().detail.statusPayment).toBe('PENDENTE')

    const detail = (await json(
      await relay.request(`/api/my-orders/${JOAO_PENDING_ORDER}`, { headers: { Cookie: cookie } }),
    )) as unknown as Detail
    expect(detail.data.statusPayment).toBe('CANCELADO')
    const entries = await history()
    expect(entries.find((o) => String(o.id) === JOAO_PENDING_ORDER)?.statusPayment).toBe(
      'CANCELADO',
    )
    // Only that order: the account's others read as the service says.
    expect(entries.filter((o) => String(o.id) !== JOAO_PENDING_ORDER)).toEqual(
      before.filter((o) => String(o.id) !== JOAO_PENDING_ORDER),
    )
    // Anyone with the link, logged in or not.
    const onLink = (await json(
      await relay.request(`/api/orders/${order().publicToken}`),
    )) as unknown as Detail
    expect(onLink.data.statusPayment).toBe('CANCELADO')
  })

  it('cannot be paid by card nor cancelled again: refused before the service is asked', async () => {
    const { relay, order, cancel } = cancelledRelay(dialect)
    const cookie = await relay.login(JOAO)
    await cancel(cookie)
    const pay = await relay.send('POST', `/api/orders/${order().publicToken}/payment`, card, {
      'Idempotency-Key': crypto.randomUUID(),
    })
    expect(pay.status).toBe(409)
    expect(await json(pay)).toMatchObject({ code: 'order_not_payable' })
    expect(relay.callsTo('PATCH', '/order/checkout')).toHaveLength(0)

    const again = await relay.send(
      'DELETE',
      `/api/my-orders/${JOAO_PENDING_ORDER}`,
      {},
      {
        Cookie: cookie,
      },
    )
    expect(again.status).toBe(409)
    expect(relay.callsTo('DELETE', `/order-external/${JOAO_PENDING_ORDER}`)).toHaveLength(1)
  })

  it('an open page on the order’s link hears it at once, without waiting for a webhook', async () => {
    const { relay, order, cancel } = cancelledRelay(dialect)
    const cookie = await relay.login(JOAO)
    const stream = sseReader(await relay.request(`/api/orders/${order().publicToken}/events`))
    const first = await stream.nextEvent()
    if (typeof first === 'string') throw new Error(`no first event: ${first}`)
    expect((JSON.parse(first.data!) as Detail).data.statusPayment).toBe('PENDENTE')

    await cancel(cookie)
    const next = await stream.nextEvent()
    if (typeof next === 'string') throw new Error(`no event after the cancel: ${next}`)
    expect((JSON.parse(next.data!) as Detail).data.statusPayment).toBe('CANCELADO')
    await stream.cancel()
  })

  it('a cancel the service refused marks nothing', async () => {
    const { relay, order } = cancelledRelay(dialect)
    const cookie = await relay.login(JOAO)
    // Settled meanwhile (a boleto paid): the relay refuses the cancel, the order stays payable.
    order().detail.financialItems[0]!.status = 'LIQUIDADO'
    const res = await relay.send(
      'DELETE',
      `/api/my-orders/${JOAO_PENDING_ORDER}`,
      {},
      {
        Cookie: cookie,
      },
    )
    expect(res.status).toBe(409)
    const onLink = (await json(
      await relay.request(`/api/orders/${order().publicToken}`),
    )) as unknown as Detail
    expect(onLink.data.statusPayment).toBe('PENDENTE')
  })
})

describe('a cancel the ERP made, told by the service’s ORDER_CANCEL webhook (docs)', () => {
  const publicRead = async (relay: ReturnType<typeof webhookRelay>) =>
    (
      (await json(
        await relay.request(`/api/orders/${storedOrder(relay, MARIA_PENDING_ORDER).publicToken}`),
      )) as unknown as Detail
    ).data.statusPayment

  it('reads as cancelled though the service still says PENDENTE', async () => {
    const relay = webhookRelay({ offlineDialect: 'docs' })
    const order = storedOrder(relay, MARIA_PENDING_ORDER)
    relay.offline.model.cancelOrder(order, 'Cancelado pela loja')
    expect(order.detail.statusPayment).toBe('PENDENTE')
    expect(await publicRead(relay)).toBe('PENDENTE')
    const hook = hookFor(relay, 'ORDER_CANCEL', MARIA_PENDING_ORDER)
    expect((await postHook(relay, hook)).status).toBe(202)
    expect(await publicRead(relay)).toBe('CANCELADO')
  })

  it('forged without the secret, or naming another order’s code, marks nothing', async () => {
    const relay = webhookRelay({ offlineDialect: 'docs' })
    const hook = hookFor(relay, 'ORDER_CANCEL', MARIA_PENDING_ORDER)
    expect((await postHook(relay, hook, { key: 'not-the-secret' })).status).toBe(404)
    expect((await postHook(relay, hook, { key: null })).status).toBe(404)
    const otherCode = { ...hook, data: { ...hook.data, code: 'V2026-001002' } }
    expect((await postHook(relay, otherCode)).status).toBe(202)
    expect(await publicRead(relay)).toBe('PENDENTE')
  })
})

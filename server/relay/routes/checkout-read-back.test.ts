import { describe, expect, it } from 'vitest'
import { readBackSchema } from '../../../common/contract/schemas/read-back'
import type { Dialect } from '../../../common/contract/upstream/dialect'
import { recordInstallments } from '../../../offline/data/build-order'
import { createPromMetrics } from '../../host/metrics'
import { READ_BACK_TIMEOUT_MS } from '../orders/order-read-back'
import {
  buildRelay,
  deferred,
  idempotencyKey,
  validCheckout,
  type RelayHarness,
  type RelayHarnessOptions,
} from '../testing/test-helpers'

/**
 * After a create the relay reads the order back (operation 5 with the ERP key) and compares
 * the plan and total the service recorded with what the buyer confirmed: a difference reaches
 * the browser, the log and a metric; a read-back that fails never costs the order page or
 * makes a second order.
 */

const CREATE = '/order-external'
const isCreate = (r: Request) => r.method === 'POST' && new URL(r.url).pathname === CREATE
const isReadBack = (r: Request) =>
  r.method === 'GET' && new URL(r.url).pathname.startsWith(`${CREATE}/`)

function harness(dialect: Dialect, options: RelayHarnessOptions = {}) {
  const metrics = createPromMetrics({ defaultMetrics: false })
  const relay = buildRelay({ offlineDialect: dialect, metrics, ...options })
  const counted = async () => {
    const text = (await metrics.expose()).body
    return Object.fromEntries(
      [...text.matchAll(/^checkout_order_read_back_total\{outcome="(\w+)"\} (\d+)$/gm)].map((m) => [
        m[1],
        Number(m[2]),
      ]),
    )
  }
  const checkout = (key = idempotencyKey(), body: unknown = validCheckout()) =>
    relay.send('POST', '/api/checkout', body, { 'Idempotency-Key': key })
  const readBackOf = async (res: Response) =>
    readBackSchema.parse(((await res.json()) as { readBack: unknown }).readBack)
  return { relay, counted, checkout, readBackOf }
}

describe.each(['spec', 'docs'] as const)('the read-back after a create (%s dialect)', (dialect) => {
  it('reads the order with the ERP key and finds the plan and total the buyer confirmed', async () => {
    const { relay, counted, checkout, readBackOf } = harness(dialect)
    const res = await checkout()
    expect(res.status).toBe(201)
    const readBack = await readBackOf(res)
    expect(readBack).toEqual({
      outcome: 'match',
      confirmed: {
        negotiationTypeId: 7,
        description: 'Cartão de crédito 3x',
        paymentMethod: 'CARTAO_CREDITO',
        installments: 3,
        amounts: [5330, 5330, 5330],
        totalCents: 15990,
      },
      recorded: readBack.confirmed,
    })
    const reads = relay.calls.filter((c) => c.method === 'GET' && c.url.pathname.startsWith(CREATE))
    expect(reads).toHaveLength(1)
    expect(reads[0]!.headers.get('x-api-key')).toBe(relay.tenant.erpKey)
    expect(await counted()).toEqual({ match: 1 })
    expect(relay.logs.filter((l) => l.level !== 'info')).toEqual([])
  })

  it('a service that records another plan: the answer says so with its plan, warned and counted', async () => {
    // A service that files the order under its 12x card option, whatever the store chose.
    const { relay, counted, checkout, readBackOf } = harness(dialect, {
      upstream: async (request, offline) => {
        if (!isCreate(request)) return offline(request)
        const body = (await request.json()) as Record<string, unknown>
        return offline(
          new Request(request.url, {
            method: 'POST',
            headers: request.headers,
            body: JSON.stringify({ ...body, negotiationType: 1 }),
          }),
        )
      },
    })
    const res = await checkout()
    expect(res.status).toBe(201)
    const readBack = await readBackOf(res)
    expect(readBack.outcome).toBe('differs')
    expect(readBack.confirmed).toMatchObject({ negotiationTypeId: 7, installments: 3 })
    expect(readBack.recorded).toMatchObject({
      negotiationTypeId: 1,
      description: 'Cartão de crédito 12x',
      installments: 12,
      totalCents: 15990,
    })
    expect(await counted()).toEqual({ plan_differs: 1 })
    const warning = relay.logs.find(
      (l) => l.msg === 'order recorded differs from what was confirmed',
    )
    expect(warning).toMatchObject({
      level: 'warn',
      confirmedOption: 7,
      recordedOption: 1,
      confirmedInstallments: 3,
      recordedInstallments: 12,
    })
    // No personal data: not the CPF, the name or the e-mail the order carries.
    const logged = JSON.stringify(relay.logs)
    for (const personal of ['52998224725', '529.982.247-25', 'Maria', 'maria.santos'])
      expect(logged).not.toContain(personal)
  })

  it.each([
    { option: 7, plan: '3x', amounts: [5330, 5330, 5330], charged: false },
    { option: 4, plan: '6x', amounts: [2665, 2665, 2665, 2665, 2665, 2665], charged: true },
  ])(
    'a service that records one installment under the $plan option (charges generated: $charged): another plan, warned and counted',
    async ({ option, plan, amounts, charged }) => {
      // A service that picks the count itself (the store sends the option, never a count):
      // under the option the buyer chose, one rule of 100 % and, once generated, one charge.
      const held: { state?: RelayHarness['tenantState'] } = {}
      const { relay, counted, checkout, readBackOf } = harness(dialect, {
        upstream: async (request, offline) => {
          const res = await offline(request)
          if (!isCreate(request) || !res.ok) return res
          const { data } = (await res.clone().json()) as { data: { orderId: string } }
          const order = held.state?.orders.find((o) => String(o.detail.id) === data.orderId)
          if (!order) throw new Error(`order ${data.orderId} not stored`)
          if (!charged) order.detail.financialItems = []
          recordInstallments(order.detail, 1)
          return res
        },
      })
      held.state = relay.tenantState
      const res = await checkout(idempotencyKey(), validCheckout({ negotiationType: option }))
      expect(res.status).toBe(201)
      const readBack = await readBackOf(res)
      expect(readBack.outcome).toBe('differs')
      expect(readBack.confirmed).toMatchObject({
        negotiationTypeId: option,
        description: `Cartão de crédito ${plan}`,
        installments: amounts.length,
        amounts,
        totalCents: 15990,
      })
      expect(readBack.recorded).toMatchObject({
        negotiationTypeId: option,
        description: `Cartão de crédito ${plan}`,
        installments: 1,
        amounts: [15990],
        totalCents: 15990,
      })
      expect(await counted()).toEqual({ plan_differs: 1 })
      expect(
        relay.logs.find((l) => l.msg === 'order recorded differs from what was confirmed'),
      ).toMatchObject({
        level: 'warn',
        confirmedOption: option,
        recordedOption: option,
        confirmedInstallments: amounts.length,
        recordedInstallments: 1,
        confirmedAmountsCents: amounts,
        recordedAmountsCents: [15990],
      })
    },
  )

  it('a total the service recorded otherwise is a difference too', async () => {
    const { counted, checkout, readBackOf } = harness(dialect, {
      upstream: async (request, offline) => {
        const res = await offline(request)
        if (!isReadBack(request)) return res
        const body = (await res.json()) as { data: Record<string, unknown> }
        return Response.json({ ...body, data: { ...body.data, orderTotal: 199.9 } })
      },
    })
    const readBack = await readBackOf(await checkout())
    expect(readBack.outcome).toBe('differs')
    expect(readBack.recorded).toMatchObject({ negotiationTypeId: 7, totalCents: 19990 })
    expect(await counted()).toEqual({ total_differs: 1 })
  })

  it('a read-back that fails: the order is answered as created, and a retry replays it, never a second create', async () => {
    const { relay, counted, checkout } = harness(dialect, {
      upstream: async (request, offline) =>
        isReadBack(request)
          ? Response.json(
              { title: 'Internal Server Error', status: 500, detail: 'x', trace: [] },
              { status: 500 },
            )
          : offline(request),
    })
    const key = idempotencyKey()
    const first = await checkout(key)
    expect(first.status).toBe(201)
    const body = (await first.json()) as { data: { publicToken: string }; readBack: unknown }
    expect(body.data.publicToken).toMatch(/\S/)
    expect(readBackSchema.parse(body.readBack)).toMatchObject({
      outcome: 'unavailable',
      confirmed: { negotiationTypeId: 7, installments: 3, totalCents: 15990 },
    })
    const again = await checkout(key)
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await again.json()).toEqual(body)
    expect(relay.callsTo('POST', CREATE)).toHaveLength(1)
    expect(relay.tenantState.orders.filter((o) => o.payload)).toHaveLength(1)
    expect(await counted()).toEqual({ failed: 1 })
    expect(relay.logs.find((l) => l.msg === 'order read-back failed')).toMatchObject({
      level: 'warn',
    })
  })
})

it('a read-back that does not answer is given up after READ_BACK_TIMEOUT_MS, not the upstream timeout', async () => {
  const never = deferred<Response>()
  const { relay, counted, checkout, readBackOf } = harness('spec', {
    // Ten seconds for any other call: the buyer must not wait that long for a read-back.
    timeoutMs: 10_000,
    realTime: true,
    upstream: async (request, offline) => (isReadBack(request) ? never.promise : offline(request)),
  })
  const started = Date.now()
  const res = await checkout()
  expect(res.status).toBe(201)
  expect(Date.now() - started).toBeLessThan(READ_BACK_TIMEOUT_MS + 1_500)
  expect((await readBackOf(res)).outcome).toBe('unavailable')
  expect(await counted()).toEqual({ timeout: 1 })
  expect(relay.callsTo('POST', CREATE)).toHaveLength(1)
})

import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../common/contract/api-error'
import { NetworkError } from '../../api/http'
import type { OrderDetail } from '../../../common/contract/schemas/order'
import { mayHaveCharged, NO_ATTEMPT, orderChanged, paymentView, type Attempt } from './payment-view'

const order = (statusPayment: string | null, method = 'CARTAO_CREDITO') =>
  ({
    statusPayment,
    negotiationType: { paymentSettings: { paymentMethod: method } },
  }) as unknown as OrderDetail

const PENDING = order('PENDENTE')
const PAID = order('CONCLUIDO')
const CANCELLED = order('CANCELADO')
const closed = { open: false, hasToken: true }

const view = (o: OrderDetail, attempt: Attempt, opts = closed) => paymentView(o, attempt, opts).kind

describe('paymentView', () => {
  it('offers the card only on a pending card order, and only with a token to pay by', () => {
    expect(view(PENDING, NO_ATTEMPT)).toBe('offer')
    expect(view(PENDING, NO_ATTEMPT, { open: true, hasToken: true })).toBe('form')
    expect(view(PENDING, NO_ATTEMPT, { open: true, hasToken: false })).toBe('link-needed')
    expect(view(order('PENDENTE', 'BOLETO'), NO_ATTEMPT)).toBe('hidden')
    expect(view(PAID, NO_ATTEMPT, { open: true, hasToken: true })).toBe('hidden')
    expect(view(CANCELLED, NO_ATTEMPT)).toBe('hidden')
  })

  it('says paid only when the order says so, whatever the relay answered', () => {
    expect(paymentView(PAID, { kind: 'approved' }, closed)).toEqual({ kind: 'paid', here: true })
    // The relay approved it, the order read since still waits: no "confirmed" beside that badge.
    expect(view(PENDING, { kind: 'approved' })).toBe('approved-unconfirmed')
  })

  it('after a possible charge offers no way to pay until the order was read again and is unpaid', () => {
    const unchecked: Attempt = { kind: 'maybe-charged', checked: false }
    const checked: Attempt = { kind: 'maybe-charged', checked: true }
    // Even with the form asked for (landing with `pay`), nothing to pay with yet.
    expect(view(PENDING, unchecked, { open: true, hasToken: true })).toBe('maybe-charged')
    expect(view(PENDING, checked, { open: true, hasToken: true })).toBe('still-unpaid')
    expect(paymentView(PAID, unchecked, closed)).toEqual({ kind: 'paid', here: true })
    expect(paymentView(PAID, checked, closed)).toEqual({ kind: 'paid', here: true })
    // Cancelled meanwhile: the page's own sections say so; nothing here to pay or wait for.
    expect(view(CANCELLED, checked)).toBe('hidden')
  })

  it('an order changed meanwhile: paid elsewhere, or the relay’s words why not', () => {
    const stale: Attempt = { kind: 'stale', changed: 'Este pedido não pode mais ser pago.' }
    expect(paymentView(PAID, stale, closed)).toEqual({ kind: 'paid', here: false })
    expect(paymentView(CANCELLED, stale, closed)).toEqual({
      kind: 'not-payable',
      detail: 'Este pedido não pode mais ser pago.',
    })
  })
})

const problem = (status: number, code?: string) =>
  new ApiError({ status, title: 'x', detail: 'y', code })

describe('mayHaveCharged', () => {
  it('is true for the relay’s "may have been charged" answers and its unhandled error', () => {
    expect(mayHaveCharged(problem(504, 'payment_outcome_unknown'))).toBe(true)
    expect(mayHaveCharged(problem(409, 'payment_outcome_unknown'))).toBe(true)
    expect(mayHaveCharged(problem(409, 'payment_maybe_charged'))).toBe(true)
    expect(mayHaveCharged(problem(409, 'payment_in_progress'))).toBe(true)
    expect(mayHaveCharged(problem(500))).toBe(true)
    expect(mayHaveCharged(problem(504))).toBe(true)
    expect(mayHaveCharged(problem(502))).toBe(true)
  })

  it('is false for refusals, the store’s own limits and a lost answer (its key replays it)', () => {
    expect(mayHaveCharged(problem(402, 'payment_declined'))).toBe(false)
    expect(mayHaveCharged(problem(502, 'card_store_refused'))).toBe(false)
    expect(mayHaveCharged(problem(503, 'store_unavailable'))).toBe(false)
    expect(mayHaveCharged(problem(503))).toBe(false)
    expect(mayHaveCharged(problem(429))).toBe(false)
    expect(mayHaveCharged(new NetworkError('offline'))).toBe(false)
  })
})

describe('orderChanged', () => {
  it('is true when the order was paid or stopped being payable meanwhile', () => {
    expect(orderChanged(problem(409, 'payment_already_done'))).toBe(true)
    expect(orderChanged(problem(409, 'order_not_payable'))).toBe(true)
    expect(orderChanged(problem(409, 'payment_outcome_unknown'))).toBe(false)
  })
})

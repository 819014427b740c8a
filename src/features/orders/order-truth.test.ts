import { describe, expect, it } from 'vitest'
import { seededOrder, STATE_TOKENS } from '../../testing/seeded-orders'
import { readOrderTruth } from './order-truth'

const withDueDate = (token: string, iso: string) => {
  const order = seededOrder(token)
  const [first] = order.financialItems
  if (first) first.dueDate = new Date(iso)
  return order
}

describe('readOrderTruth', () => {
  it('a cancelled order has nothing to pay and nothing overdue, however old its boletos', () => {
    const truth = readOrderTruth(seededOrder(STATE_TOKENS.cancelled), '2027-01-01')
    expect(truth.state).toBe('cancelled')
    expect(truth.overdue).toEqual([])
    expect(truth.installments.every((i) => !i.overdue && i.payableOn === null)).toBe(true)
  })

  it('flags an unpaid boleto once its due date has passed (São Paulo day)', () => {
    const order = seededOrder(STATE_TOKENS.overdue) // due Wednesday 10/06/2026
    expect(readOrderTruth(order, '2026-06-10').overdue).toEqual([])
    const truth = readOrderTruth(order, '2026-06-11')
    expect(truth.state).toBe('pending')
    expect(truth.overdue.map((i) => i.item.installment)).toEqual([1])
  })

  it('an unpaid boleto is due today on its due date, and on the business day it moves to', () => {
    const order = seededOrder(STATE_TOKENS.overdue) // due Wednesday 10/06/2026
    const on = (today: string) => readOrderTruth(order, today).installments[0]?.dueToday
    expect([on('2026-06-09'), on('2026-06-10'), on('2026-06-11')]).toEqual([false, true, false])
    const saturday = withDueDate(STATE_TOKENS.overdue, '2026-11-28T00:00:00Z')
    // On Saturday there is still Monday: today is not the last day.
    expect(readOrderTruth(saturday, '2026-11-28').installments[0]?.dueToday).toBe(false)
    const monday = readOrderTruth(saturday, '2026-11-30').installments[0]
    expect(monday).toMatchObject({ dueToday: true, overdue: false })
    expect(
      readOrderTruth(seededOrder(STATE_TOKENS.paidBoletos), '2026-08-20').installments[0]?.dueToday,
    ).toBe(false)
  })

  it('a paid order is never overdue', () => {
    const truth = readOrderTruth(seededOrder(STATE_TOKENS.paidBoletos), '2030-01-01')
    expect(truth.state).toBe('paid')
    expect(truth.overdue).toEqual([])
  })

  it('a boleto due on a Saturday can be paid on Monday: not overdue until Monday has passed', () => {
    const order = withDueDate(STATE_TOKENS.overdue, '2026-11-28T00:00:00Z')
    expect(readOrderTruth(order, '2026-11-27').installments[0]).toMatchObject({
      overdue: false,
      payableOn: '2026-11-30',
    })
    expect(readOrderTruth(order, '2026-11-30').installments[0]?.overdue).toBe(false)
    expect(readOrderTruth(order, '2026-12-01').installments[0]?.overdue).toBe(true)
  })

  it('a boleto due on a national holiday moves to the next business day', () => {
    // 20/11/2026 (Consciência Negra) is a Friday: payable on Monday 23/11.
    const order = withDueDate(STATE_TOKENS.overdue, '2026-11-20T00:00:00Z')
    expect(readOrderTruth(order, '2026-11-19').installments[0]?.payableOn).toBe('2026-11-23')
  })

  it('a boleto due on a business day gives no next-business-day hint', () => {
    const order = withDueDate(STATE_TOKENS.overdue, '2026-11-25T00:00:00Z')
    expect(readOrderTruth(order, '2026-11-23').installments[0]?.payableOn).toBeNull()
  })
})

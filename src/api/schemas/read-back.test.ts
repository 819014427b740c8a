import { describe, expect, it } from 'vitest'
import { planDifference, readBackSchema, recordedPlanOf, type PlanFacts } from './read-back'

const confirmed: PlanFacts = {
  negotiationTypeId: 7,
  description: 'Cartão de crédito 3x',
  paymentMethod: 'CARTAO_CREDITO',
  installments: 3,
  totalCents: 15990,
}

const order = (changes: { id?: number; installments?: number; total?: number | null } = {}) => ({
  orderTotal: changes.total === undefined ? 15990 : changes.total,
  negotiationType: {
    id: changes.id ?? 7,
    description: 'Cartão de crédito 3x',
    paymentSettings: { paymentMethod: 'CARTAO_CREDITO', installments: changes.installments ?? 3 },
  },
})

describe('the read-back’s comparison', () => {
  it('the same option, count and total: no difference', () => {
    expect(planDifference(confirmed, recordedPlanOf(order()))).toEqual({
      plan: false,
      total: false,
    })
  })

  it('another option, or the same option with another count, is another plan', () => {
    expect(planDifference(confirmed, recordedPlanOf(order({ id: 1 }))).plan).toBe(true)
    expect(planDifference(confirmed, recordedPlanOf(order({ installments: 6 }))).plan).toBe(true)
  })

  it('another total is a difference; a total the service did not give is not one', () => {
    expect(planDifference(confirmed, recordedPlanOf(order({ total: 15991 })))).toEqual({
      plan: false,
      total: true,
    })
    expect(planDifference(confirmed, recordedPlanOf(order({ total: null }))).total).toBe(false)
  })
})

describe('readBackSchema', () => {
  it('reads what the relay answers, with or without the recorded plan', () => {
    expect(readBackSchema.parse({ outcome: 'unavailable', confirmed }).recorded).toBeUndefined()
    const differs = readBackSchema.parse({
      outcome: 'differs',
      confirmed,
      recorded: { ...confirmed, negotiationTypeId: 1, installments: 12 },
    })
    expect(differs.recorded?.installments).toBe(12)
  })

  it('refuses an outcome it does not know, or a plan without its count', () => {
    expect(readBackSchema.safeParse({ outcome: 'maybe', confirmed }).success).toBe(false)
    const { installments: _n, ...noCount } = confirmed
    expect(readBackSchema.safeParse({ outcome: 'match', confirmed: noCount }).success).toBe(false)
  })
})

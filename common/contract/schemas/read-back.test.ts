import { describe, expect, it } from 'vitest'
import { readBackSchema, type PlanFacts } from './read-back'
import { planDifference, recordedPlanOf } from './read-back-plan'

/** Card in 3x on R$ 159,90, as checkout showed it: 1ª parcela de R$ 53,30 e 2 de R$ 53,30. */
const confirmed: PlanFacts = {
  negotiationTypeId: 7,
  description: 'Cartão de crédito 3x',
  paymentMethod: 'CARTAO_CREDITO',
  installments: 3,
  amounts: [5330, 5330, 5330],
  totalCents: 15990,
}

const rule = (installment: number, installments: number, installmentPercent: number) => ({
  installment,
  installments,
  installmentPercent,
})
const evenRules = (n: number) =>
  Array.from({ length: n }, (_, i) => rule(i + 1, n, i === 0 ? 100 - 33.33 * (n - 1) : 33.33))
const charges = (amounts: (number | null)[]) =>
  amounts.map((amount, i) => ({ installment: i + 1, amount }))

/**
 * An order detail as the service records the 3x option (api/private-erp/list_order_info.md):
 * the option with its own count, the rules it split the order by and, once generated, the
 * charges. Each can be changed alone.
 */
const order = (
  changes: {
    id?: number
    optionCount?: number
    rules?: ReturnType<typeof rule>[]
    charged?: (number | null)[]
    total?: number | null
  } = {},
) => ({
  orderTotal: changes.total === undefined ? 15990 : changes.total,
  negotiationType: {
    id: changes.id ?? 7,
    description: 'Cartão de crédito 3x',
    paymentSettings: { paymentMethod: 'CARTAO_CREDITO', installments: changes.optionCount ?? 3 },
    installments: changes.rules ?? evenRules(3),
  },
  financialItems: charges(changes.charged ?? []),
})

const differenceWith = (changes: Parameters<typeof order>[0]) =>
  planDifference(confirmed, recordedPlanOf(order(changes)))

describe('the read-back’s comparison', () => {
  it('the same option, installments and total: no difference, with or without charges', () => {
    expect(differenceWith({})).toEqual({ plan: false, total: false })
    expect(differenceWith({ charged: [5330, 5330, 5330] })).toEqual({ plan: false, total: false })
  })

  it('another option is another plan', () => {
    expect(differenceWith({ id: 1 })).toEqual({ plan: true, total: false })
  })

  it('another count in the rules is another plan, though the option still says 3x', () => {
    // A service that picks the count itself: one rule of 100% under the 3x option.
    const recorded = recordedPlanOf(order({ rules: [rule(1, 1, 100)] }))
    expect(recorded).toMatchObject({ installments: 1, amounts: [15990], totalCents: 15990 })
    expect(planDifference(confirmed, recorded)).toEqual({ plan: true, total: false })
  })

  it('another count in the charges is another plan, whatever the rules and the option say', () => {
    const recorded = recordedPlanOf(order({ charged: [15990] }))
    expect(recorded).toMatchObject({ installments: 1, amounts: [15990] })
    expect(planDifference(confirmed, recorded)).toEqual({ plan: true, total: false })
  })

  it('the same count with other amounts is another plan: by the rules, or by the charges', () => {
    const uneven = recordedPlanOf(
      order({ rules: [rule(1, 3, 50), rule(2, 3, 25), rule(3, 3, 25)] }),
    )
    expect(uneven.amounts).toEqual([7994, 3998, 3998])
    expect(planDifference(confirmed, uneven)).toEqual({ plan: true, total: false })
    expect(differenceWith({ charged: [5332, 5329, 5329] })).toEqual({ plan: true, total: false })
  })

  it('another total is a difference, not also another plan when the split only scales with it', () => {
    expect(differenceWith({ total: 15991 })).toEqual({ plan: false, total: true })
    expect(differenceWith({ total: 19990 })).toEqual({ plan: false, total: true })
    expect(differenceWith({ total: 19990, charged: [6664, 6663, 6663] })).toEqual({
      plan: false,
      total: true,
    })
    // Charges that add up to another total than the order's: what the buyer pays differs.
    expect(differenceWith({ charged: [6664, 6663, 6663] })).toEqual({ plan: false, total: true })
    expect(differenceWith({ total: 19990, charged: [5330, 5330, 5330] })).toEqual({
      plan: false,
      total: true,
    })
    // Another total split otherwise is both.
    expect(differenceWith({ total: 19990, charged: [9995, 4998, 4997] })).toEqual({
      plan: true,
      total: true,
    })
  })

  it('a total the service did not give is not a difference; its charges are still compared', () => {
    expect(differenceWith({ total: null })).toEqual({ plan: false, total: false })
    expect(differenceWith({ total: null, charged: [15990] })).toEqual({ plan: true, total: false })
    // Neither charges nor a total: the rules still say the count.
    const unsaid = recordedPlanOf(order({ total: null, rules: [rule(1, 1, 100)] }))
    expect(unsaid).toMatchObject({ installments: 1, totalCents: null })
    expect(unsaid.amounts).toBeUndefined()
    expect(planDifference(confirmed, unsaid).plan).toBe(true)
  })

  it('a plan confirmed by an older relay (the option’s count, no amounts) is compared by count', () => {
    // As navigation state may still hold it: the schema reads it without amounts.
    const { confirmed: older } = readBackSchema.parse({
      outcome: 'match',
      confirmed: {
        negotiationTypeId: 2,
        description: 'Boleto bancário à vista',
        paymentMethod: 'BOLETO',
        installments: 0,
        totalCents: 15990,
      },
    })
    const atOnce = recordedPlanOf(order({ id: 2, optionCount: 0, rules: [rule(1, 1, 100)] }))
    expect(planDifference(older, atOnce)).toEqual({ plan: false, total: false })
    const inThree = recordedPlanOf(order({ id: 2, optionCount: 0 }))
    expect(planDifference(older, inThree)).toEqual({ plan: true, total: false })
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

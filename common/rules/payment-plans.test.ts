import { describe, expect, it } from 'vitest'
import {
  describePlan,
  planAmounts,
  recordedAmounts,
  recordedCount,
  restatesPlan,
} from './payment-plans'

/** Intl writes a non-breaking space after "R$"; the assertions read as a person writes them. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ')

const card = (n: number, description = `Cartão de crédito ${n}x`) => ({
  description,
  paymentSettings: { paymentMethod: 'CARTAO_CREDITO', installments: n },
})
const boleto = (n: number, description = n ? `Boleto em ${n}x` : 'Boleto à vista') => ({
  description,
  paymentSettings: { paymentMethod: 'BOLETO', installments: n },
})
const cash = { description: 'Dinheiro', paymentSettings: { paymentMethod: null, installments: 0 } }

describe('describePlan: the option is the plan, with its money', () => {
  it('a card plan of 3 on R$ 119,49: three equal installments', () => {
    expect(plain(describePlan(card(3).paymentSettings, 11949))).toBe(
      'Cartão de crédito 3x: 3 parcelas de R$ 39,83',
    )
  })

  it('an uneven split says the first installment apart, so the parts add up to the total', () => {
    expect(plain(describePlan(card(3).paymentSettings, 11950))).toBe(
      'Cartão de crédito 3x: 1ª parcela de R$ 39,84 e 2 de R$ 39,83',
    )
  })

  it('one card installment, boleto at once (count 0) and boleto in 2x', () => {
    expect(plain(describePlan(card(1).paymentSettings, 11950))).toBe(
      'Cartão de crédito à vista: R$ 119,50',
    )
    expect(plain(describePlan(boleto(0).paymentSettings, 23990))).toBe('Boleto à vista: R$ 239,90')
    expect(plain(describePlan(boleto(2).paymentSettings, 15991))).toBe(
      'Boleto em 2x: 1º boleto de R$ 79,96 e 1 de R$ 79,95',
    )
  })

  it('from the rules the service gives: each installment its share of the total', () => {
    const rules = [
      { installment: 2, installmentPercent: 70 },
      { installment: 1, installmentPercent: 30 },
    ]
    expect(planAmounts(card(2).paymentSettings, 10000, rules)).toEqual([3000, 7000])
    expect(plain(describePlan(card(2).paymentSettings, 10000, rules))).toBe(
      'Cartão de crédito 2x: 1ª parcela de R$ 30,00 e 1 de R$ 70,00',
    )
    const three = [20, 30, 50].map((p, i) => ({ installment: i + 1, installmentPercent: p }))
    expect(plain(describePlan(card(3).paymentSettings, 10000, three))).toBe(
      'Cartão de crédito 3x: parcelas de R$ 20,00, R$ 30,00 e R$ 50,00',
    )
    // api/public/order_details_public.md: the 2x option of R$ 150,00, 50% at 0 and 30 days.
    const docs = [
      { installment: 1, installmentPercent: 50 },
      { installment: 2, installmentPercent: 50 },
    ]
    expect(plain(describePlan(card(2).paymentSettings, 15000, docs))).toBe(
      'Cartão de crédito 2x: 2 parcelas de R$ 75,00',
    )
  })

  it('thirds written with two decimals (33,34 + 33,33 + 33,33) are an even split, not cents apart', () => {
    const rules = [33.34, 33.33, 33.33].map((p, i) => ({
      installment: i + 1,
      installmentPercent: p,
    }))
    // R$ 159,90 in thirds is R$ 53,30 each; read as percents it would be 53,32 + 53,29 + 53,29.
    expect(planAmounts(card(3).paymentSettings, 15990, rules)).toEqual([5330, 5330, 5330])
    expect(planAmounts(card(3).paymentSettings, 11950, rules)).toEqual([3984, 3983, 3983])
  })

  it('uneven shares that round add up exactly: the first takes what rounding left', () => {
    const rules = [12.5, 37.5, 50].map((p, i) => ({ installment: i + 1, installmentPercent: p }))
    const amounts = planAmounts(card(3).paymentSettings, 999, rules)
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(999)
    expect(amounts).toEqual([124, 375, 500])
  })

  it('rules that do not add up to 100% are not believed: the count is', () => {
    const broken = [{ installment: 1, installmentPercent: 40 }]
    expect(planAmounts(card(2).paymentSettings, 10000, broken)).toEqual([5000, 5000])
  })

  it('an option the store cannot take is named, never a crash or a code on its own', () => {
    expect(plain(describePlan(cash.paymentSettings, 10000))).toBe(
      'Forma de pagamento não informada: R$ 100,00',
    )
  })
})

describe('recordedAmounts: the installments an order was recorded with', () => {
  /** Recorded under the 6x option: its rules and, once generated, its charges. */
  const order = (
    rules: number[],
    charged: (number | null)[],
    orderTotal: number | null = 11900,
  ) => ({
    orderTotal,
    negotiationType: {
      paymentSettings: card(6).paymentSettings,
      installments: rules.map((installmentPercent, i) => ({
        installment: i + 1,
        installmentPercent,
      })),
    },
    // Out of order on purpose: the service does not promise one.
    financialItems: charged.map((amount, i) => ({ installment: i + 1, amount })).reverse(),
  })
  const sixths = [16.67, 16.67, 16.67, 16.67, 16.66, 16.66]

  it('its charges once generated, in the order they are paid, whatever its rules and option say', () => {
    expect(recordedAmounts(order(sixths, [11900]))).toEqual([11900])
    expect(recordedCount(order(sixths, [11900]))).toBe(1)
    expect(recordedAmounts(order([100], [5000, 6900]))).toEqual([5000, 6900])
  })

  it('before any charge (or with one unreadable), its rules’ split of the total', () => {
    expect(recordedAmounts(order([100], []))).toEqual([11900])
    expect(recordedAmounts(order(sixths, [11900, null]))).toEqual([
      1985, 1983, 1983, 1983, 1983, 1983,
    ])
    expect(recordedAmounts(order([100], []), 23800)).toEqual([23800])
  })

  it('without charges or a total there are no amounts, but the count is still the rules’', () => {
    expect(recordedAmounts(order([100], [], null))).toBeNull()
    expect(recordedCount(order([100], [], null))).toBe(1)
    expect(recordedCount(order(sixths, [], null))).toBe(6)
  })
})

describe('restatesPlan', () => {
  it('a name that only says the plan adds nothing; one that says more is kept', () => {
    expect(restatesPlan('Cartão de crédito 3x', card(3).paymentSettings)).toBe(true)
    expect(restatesPlan('Cartão de crédito à vista', card(1).paymentSettings)).toBe(true)
    expect(restatesPlan('Cartão de crédito 1x', card(1).paymentSettings)).toBe(true)
    expect(restatesPlan('Boleto bancário à vista', boleto(0).paymentSettings)).toBe(true)
    expect(restatesPlan('Boleto', boleto(0).paymentSettings)).toBe(true)
    expect(restatesPlan('Boleto bancário em 2x', boleto(2).paymentSettings)).toBe(true)
    expect(restatesPlan('Cartão de crédito 10x sem juros', card(10).paymentSettings)).toBe(false)
    expect(restatesPlan('E-commerce - Cartão de crédito 3x', card(3).paymentSettings)).toBe(false)
    // A name that says another count than the plan is never hidden.
    expect(restatesPlan('Cartão de crédito em até 6x', card(6).paymentSettings)).toBe(false)
    expect(restatesPlan('Cartão de crédito 2x', card(3).paymentSettings)).toBe(false)
  })
})

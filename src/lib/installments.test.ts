import { describe, expect, it } from 'vitest'
import { describeOffer, maxInstallments, splitInstallments } from './installments'
import { formatBRL } from './money'

/** Intl writes a non-breaking space after "R$"; the assertions read as a person writes them. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ')

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

describe('splitInstallments', () => {
  it.each([
    [39990, 12],
    [15990, 3],
    [100, 3],
    [1, 12],
    [0, 6],
    [54900, 7],
    [99999, 11],
  ])('%i cents in %i installments add up exactly', (total, count) => {
    const plan = splitInstallments(total, count)
    expect(plan.count).toBe(count)
    expect(plan.amounts).toHaveLength(count)
    expect(sum(plan.amounts)).toBe(total)
    for (const amount of plan.amounts) expect(Number.isInteger(amount)).toBe(true)
    // installments differ by less than the count (the first absorbs the remainder)
    expect(Math.max(...plan.amounts) - Math.min(...plan.amounts)).toBeLessThan(count)
  })

  it('puts the remainder on the first installment', () => {
    expect(splitInstallments(100, 3).amounts).toEqual([34, 33, 33])
    expect(splitInstallments(39990, 12).amounts).toEqual([3338, ...Array<number>(11).fill(3332)])
  })

  it('treats 0, negative and fractional counts as at least one whole installment', () => {
    expect(splitInstallments(500, 0)).toEqual({ count: 1, amounts: [500] })
    expect(splitInstallments(500, -3)).toEqual({ count: 1, amounts: [500] })
    expect(splitInstallments(500, 2.9)).toEqual({ count: 2, amounts: [250, 250] })
  })
})

describe('maxInstallments', () => {
  it('boleto is a single payment, whatever the setting says', () => {
    expect(maxInstallments({ paymentMethod: 'BOLETO', installments: 0 })).toBe(1)
    expect(maxInstallments({ paymentMethod: 'BOLETO', installments: 2 })).toBe(1)
  })
  it('card allows the configured count, at least one', () => {
    expect(maxInstallments({ paymentMethod: 'CARTAO_CREDITO', installments: 12 })).toBe(12)
    expect(maxInstallments({ paymentMethod: 'CARTAO_CREDITO', installments: 0 })).toBe(1)
  })
})

describe('describeOffer', () => {
  const card12 = { paymentMethod: 'CARTAO_CREDITO', installments: 12 }

  it('R$ 399,90 in 12x on the card → "em até 12x de R$ 33,33 no cartão"', () => {
    expect(plain(describeOffer(card12, 39990))).toBe('em até 12x de R$ 33,33 no cartão')
    expect(describeOffer(card12, 39990)).toBe(`em até 12x de ${formatBRL(3333)} no cartão`)
  })

  it('card in 6x', () => {
    expect(plain(describeOffer({ paymentMethod: 'CARTAO_CREDITO', installments: 6 }, 15990))).toBe(
      'em até 6x de R$ 26,65 no cartão',
    )
  })

  it('card with a single installment is "à vista no cartão"', () => {
    expect(plain(describeOffer({ paymentMethod: 'CARTAO_CREDITO', installments: 1 }, 15990))).toBe(
      'R$ 159,90 à vista no cartão',
    )
    expect(plain(describeOffer({ paymentMethod: 'CARTAO_CREDITO', installments: 0 }, 15990))).toBe(
      'R$ 159,90 à vista no cartão',
    )
  })

  it('boleto with 0 or 1 installment is "boleto à vista"', () => {
    expect(describeOffer({ paymentMethod: 'BOLETO', installments: 0 }, 39990)).toBe(
      'boleto à vista',
    )
    expect(describeOffer({ paymentMethod: 'BOLETO', installments: 1 }, 39990)).toBe(
      'boleto à vista',
    )
  })

  it('boleto in 2x', () => {
    expect(plain(describeOffer({ paymentMethod: 'BOLETO', installments: 2 }, 39990))).toBe(
      'boleto em até 2x de R$ 199,95',
    )
  })

  it('rounds the per-installment figure to the nearest cent', () => {
    // 10000 / 3 = 3333.33… → R$ 33,33; 20000 / 3 = 6666.67 → R$ 66,67
    expect(plain(describeOffer({ paymentMethod: 'CARTAO_CREDITO', installments: 3 }, 10000))).toBe(
      'em até 3x de R$ 33,33 no cartão',
    )
    expect(plain(describeOffer({ paymentMethod: 'CARTAO_CREDITO', installments: 3 }, 20000))).toBe(
      'em até 3x de R$ 66,67 no cartão',
    )
  })

  it('formats thousands the Brazilian way', () => {
    expect(plain(describeOffer({ paymentMethod: 'CARTAO_CREDITO', installments: 2 }, 246913))).toBe(
      'em até 2x de R$ 1.234,57 no cartão',
    )
  })

  it('an unknown method is shown as it comes, never a crash', () => {
    expect(describeOffer({ paymentMethod: 'PIX', installments: 0 }, 1000)).toBe('PIX')
  })
})

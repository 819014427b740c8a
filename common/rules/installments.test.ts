import { describe, expect, it } from 'vitest'
import { bestPreview } from '../../src/features/product/best-preview'
import { cardPreview, isPayableOnline, offerLines } from './installments'
import { splitInstallments } from './payment-plans'

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

const card = (n: number, description = `Cartão de crédito ${n}x`) => ({
  description,
  paymentSettings: { paymentMethod: 'CARTAO_CREDITO', installments: n },
})
const boleto = (n: number, description = n ? `Boleto em ${n}x` : 'Boleto à vista') => ({
  description,
  paymentSettings: { paymentMethod: 'BOLETO', installments: n },
})
const cash = { description: 'Dinheiro', paymentSettings: { paymentMethod: null, installments: 0 } }
const debit = {
  description: 'Cartão de débito',
  paymentSettings: { paymentMethod: 'CARTAO_DEBITO', installments: 1 },
}

describe('isPayableOnline', () => {
  it('card and boleto are taken online; no method (cash) or an unknown one (debit) is not', () => {
    expect(isPayableOnline(card(3).paymentSettings)).toBe(true)
    expect(isPayableOnline(boleto(0).paymentSettings)).toBe(true)
    expect(isPayableOnline(cash.paymentSettings)).toBe(false)
    expect(isPayableOnline(debit.paymentSettings)).toBe(false)
  })
})

describe('previews derive from the plans that exist', () => {
  it('the largest card plan, "em até" when a smaller one is offered too', () => {
    expect(plain(cardPreview([card(1), card(3), card(12), boleto(0)], 15990) ?? '')).toBe(
      'em até 12x a partir de R$ 13,32 no cartão',
    )
  })

  it('a link with one card plan previews that plan, not "em até"', () => {
    expect(plain(cardPreview([card(6)], 11950) ?? '')).toBe('em 6x a partir de R$ 19,91 no cartão')
  })

  it('no card preview when the card plans are all at once, or there is no card', () => {
    expect(cardPreview([card(1), boleto(0)], 100)).toBeNull()
    expect(cardPreview([boleto(2), cash], 100)).toBeNull()
  })

  it('the best preview: card before boleto at the same count; unpayable plans never count', () => {
    expect(plain(bestPreview([boleto(2), card(2)], 15990)?.text ?? '')).toBe(
      'em 2x de R$ 79,95 no cartão',
    )
    expect(plain(bestPreview([boleto(0), boleto(2)], 15990)?.text ?? '')).toBe(
      'boleto em até 2x de R$ 79,95',
    )
    expect(
      bestPreview(
        [cash, { ...debit, paymentSettings: { ...debit.paymentSettings, installments: 3 } }],
        100,
      ),
    ).toBeNull()
  })

  it('writes thousands the Brazilian way', () => {
    expect(plain(cardPreview([card(2)], 246912) ?? '')).toBe('em 2x de R$ 1.234,56 no cartão')
  })

  it('never states an installment that, multiplied, is not the price: "a partir de" the smallest', () => {
    // R$ 139,90 in 6x is charged as R$ 23,35 and 5 of R$ 23,31 (6 × 23,32 would be 139,92).
    expect(plain(cardPreview([card(1), card(6)], 13990) ?? '')).toBe(
      'em até 6x a partir de R$ 23,31 no cartão',
    )
    expect(plain(cardPreview([card(6)], 13980) ?? '')).toBe('em 6x de R$ 23,30 no cartão')
    expect(plain(offerLines([boleto(3)], 20000)[0] ?? '')).toBe('boleto em 3x a partir de R$ 66,66')
  })

  it.each([
    [13990, 6],
    [15990, 12],
    [20000, 3],
    [11950, 6],
    [13980, 6],
    [100, 3],
    [246913, 2],
  ])('%i cents in %ix: the line names what splitInstallments charges', (total, n) => {
    const amounts = splitInstallments(total, n).amounts
    const line = plain(cardPreview([card(n)], total) ?? '')
    const figure = /(a partir de|de) R\$ ([\d.]+,\d{2})/.exec(line)
    const cents = Number(figure?.[2]?.replace(/\D/g, ''))
    if (amounts.every((a) => a === amounts[0])) {
      expect(figure?.[1]).toBe('de')
      expect(cents * n).toBe(total)
    } else {
      expect(figure?.[1]).toBe('a partir de')
      expect(cents).toBe(Math.min(...amounts))
    }
  })
})

describe('offerLines: the link’s options in a few lines', () => {
  const options = [card(1), card(2), card(3), card(12), boleto(0), boleto(2), cash]

  it('without an amount (the catalog) names the plans, and where to pay the rest', () => {
    expect(offerLines(options)).toEqual([
      'Cartão de crédito em 1x, 2x, 3x ou 12x',
      'Boleto à vista',
      'Boleto em 2x',
      'Dinheiro: combine com a loja',
    ])
    expect(offerLines([card(1)])).toEqual(['Cartão de crédito à vista'])
  })

  it('with an amount (the cart) carries the money', () => {
    expect(offerLines(options, 20900).map(plain)).toEqual([
      'em até 12x a partir de R$ 17,41 no cartão',
      'boleto à vista',
      'boleto em 2x de R$ 104,50',
      'Dinheiro: combine com a loja',
    ])
    expect(offerLines([card(1)], 15990).map(plain)).toEqual(['R$ 159,90 à vista no cartão'])
  })
})

import { describe, expect, it } from 'vitest'
import {
  describeDueOffset,
  describeInstallmentRule,
  formatPercent,
  sortRules,
} from './installment-rules'

/** Intl writes a non-breaking space after "R$"; the assertions read as a person writes them. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ')

const rule = (
  installment: number,
  installments: number,
  installmentPercent: number,
  installmentDueDate: number,
) => ({
  installment,
  installments,
  installmentPercent,
  installmentDueDate,
})

describe('describeInstallmentRule', () => {
  it('describes a two-boleto plan: position, share and due-day offset', () => {
    expect(describeInstallmentRule(rule(1, 2, 50, 0))).toBe(
      '1ª parcela de 2: 50% do total, vence na data do pedido',
    )
    expect(describeInstallmentRule(rule(2, 2, 50, 30))).toBe(
      '2ª parcela de 2: 50% do total, vence 30 dias após o pedido',
    )
  })

  it('keeps two decimals of an uneven share with a pt-BR comma', () => {
    expect(describeInstallmentRule(rule(1, 3, 33.34, 0))).toBe(
      '1ª parcela de 3: 33,34% do total, vence na data do pedido',
    )
    expect(describeInstallmentRule(rule(3, 3, 33.33, 60))).toBe(
      '3ª parcela de 3: 33,33% do total, vence 60 dias após o pedido',
    )
  })

  it('calls a single installment "Parcela única"', () => {
    expect(describeInstallmentRule(rule(1, 1, 100, 0))).toBe(
      'Parcela única: 100% do total, vence na data do pedido',
    )
  })

  it('never says "parcela 3 de 2" when the service sends an inconsistent total', () => {
    expect(describeInstallmentRule(rule(3, 2, 10, 0))).toMatch(/^3ª parcela de 3:/)
  })
})

describe('describeInstallmentRule with the order total known', () => {
  it('says each rule in reais, not in percent of a total the buyer must work out', () => {
    expect(plain(describeInstallmentRule(rule(1, 3, 33.34, 0), 5334))).toBe(
      '1ª parcela de 3: R$ 53,34, vence na data do pedido',
    )
    expect(plain(describeInstallmentRule(rule(2, 2, 50, 30), 15990))).toBe(
      '2ª parcela de 2: R$ 159,90, vence 30 dias após o pedido',
    )
  })
})

describe('describeDueOffset', () => {
  it.each([
    [0, 'vence na data do pedido'],
    [-5, 'vence na data do pedido'],
    [1, 'vence 1 dia após o pedido'],
    [30, 'vence 30 dias após o pedido'],
  ])('%i days → %s', (days, text) => {
    expect(describeDueOffset(days)).toBe(text)
  })
})

describe('formatPercent', () => {
  it('reads the service value as percent, not as a fraction', () => {
    expect(formatPercent(50)).toBe('50%')
    expect(formatPercent(100)).toBe('100%')
    expect(formatPercent(12.5)).toBe('12,5%')
  })
})

describe('sortRules', () => {
  it('orders rules by position without touching the input', () => {
    const input = [rule(2, 2, 50, 30), rule(1, 2, 50, 0)]
    expect(sortRules(input).map((r) => r.installment)).toEqual([1, 2])
    expect(input[0]?.installment).toBe(2)
  })
})

import { describe, expect, it } from 'vitest'
import { describeOffer } from './installments'
import {
  financialStatusLabel,
  isCancelledStatus,
  paymentMethodLabel,
  paymentStatusLabel,
  paymentStatusTone,
  paymentWords,
} from './payment-words'

describe('payment words: one module for every screen', () => {
  it('names the methods', () => {
    expect(paymentMethodLabel('BOLETO')).toBe('Boleto bancário')
    expect(paymentMethodLabel('CARTAO_CREDITO')).toBe('Cartão de crédito')
    expect(paymentMethodLabel(null)).toBe('Forma de pagamento não informada')
    expect(paymentMethodLabel('PIX')).toBe('PIX')
  })

  it('names the order statuses, cancelled however the service spells it', () => {
    expect(paymentStatusLabel('PENDENTE')).toBe('Aguardando pagamento')
    expect(paymentStatusLabel('CONCLUIDO')).toBe('Pago')
    expect(paymentStatusLabel(null)).toBe('Sem cobrança')
    for (const s of ['CANCELADO', 'CANCELADA', 'cancelled', 'CANCELED']) {
      expect(isCancelledStatus(s)).toBe(true)
      expect(paymentStatusLabel(s)).toBe('Cancelado')
      expect(paymentStatusTone(s)).toBe('cancelled')
    }
    expect(isCancelledStatus(null)).toBe(false)
    expect(isCancelledStatus('PENDENTE')).toBe(false)
  })

  it('names the installment statuses', () => {
    expect(financialStatusLabel('LIQUIDADO')).toBe('Pago')
    expect(financialStatusLabel('ABERTO')).toBe('Em aberto')
    expect(financialStatusLabel(null)).toBe('Não informado')
  })

  it('is where the offers and the checkout plan get their words', () => {
    expect(describeOffer({ paymentMethod: 'BOLETO', installments: 0 }, 10000)).toBe(
      paymentWords.offer.boletoAtOnce,
    )
    expect(describeOffer({ paymentMethod: 'CARTAO_CREDITO', installments: 3 }, 30000)).toBe(
      paymentWords.offer.cardUpTo(3, 'R$\u00a0100,00'),
    )
    expect(paymentWords.plan.boletoSplit(2, 'R$ 10,01', 'R$ 10,00')).toBe(
      '2 boletos: 1º de R$ 10,01 e 1 de R$ 10,00',
    )
    expect(paymentWords.plan.cardInstallments(1, 'R$ 5,00', 'R$ 5,00')).toBe(
      '1x de R$ 5,00 (à vista)',
    )
  })

  it('never claims "sem juros" or "com juros": the service does not say whether there is interest', () => {
    expect(JSON.stringify(paymentWords)).not.toMatch(/juros/)
  })
})

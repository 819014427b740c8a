import { describe, expect, it } from 'vitest'
import { offerLines } from '../rules/installments'
import { describePlan } from '../rules/payment-plans'
import {
  financialStatusLabel,
  isCancelledStatus,
  paymentMethodLabel,
  paymentStatusLabel,
  paymentStatusTone,
} from './payment-labels'
import { paymentWords } from './payment-words'
import { planWords } from './plan-words'

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
    const boleto = {
      description: 'Boleto',
      paymentSettings: { paymentMethod: 'BOLETO', installments: 0 },
    }
    expect(offerLines([boleto], 10000)).toEqual([paymentWords.offer.boletoAtOnce])
    expect(describePlan({ paymentMethod: 'CARTAO_CREDITO', installments: 3 }, 30000)).toBe(
      planWords.card(3, planWords.equal(3, 'R$\u00a0100,00', 'parcelas')),
    )
    expect(planWords.firstDiffers(2, 'R$ 10,01', 'R$ 10,00', 'boletos')).toBe(
      '1º boleto de R$ 10,01 e 1 de R$ 10,00',
    )
    expect(paymentWords.offer.cardPlans([1, 3, 6])).toBe('Cartão de crédito em 1x, 3x ou 6x')
  })

  it('never claims "sem juros" or "com juros": the service does not say whether there is interest', () => {
    expect(JSON.stringify(paymentWords)).not.toMatch(/juros/)
  })
})

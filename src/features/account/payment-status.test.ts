import { describe, expect, it } from 'vitest'
import {
  financialStatusLabel,
  paymentMethodLabel,
  paymentStatusLabel,
  paymentStatusTone,
} from '../../../common/words/payment-labels'
import { NO_CHARGE_KEY, paymentStatusKey } from './payment-status'

describe('paymentStatusLabel', () => {
  it.each([
    ['PENDENTE', 'Aguardando pagamento'],
    ['CONCLUIDO', 'Pago'],
    [null, 'Sem cobrança'],
  ])('%j → %s', (status, label) => {
    expect(paymentStatusLabel(status)).toBe(label)
  })

  it.each(['ESTORNADO', 'pendente', ''])(
    'shows an unknown value %j exactly as received',
    (status) => {
      expect(paymentStatusLabel(status)).toBe(status)
    },
  )
})

describe('paymentStatusTone', () => {
  it.each([
    ['PENDENTE', 'pending'],
    ['CONCLUIDO', 'paid'],
    [null, 'none'],
    ['CANCELADO', 'cancelled'],
    ['ESTORNADO', 'other'],
  ] as const)('%j → %s', (status, tone) => {
    expect(paymentStatusTone(status)).toBe(tone)
  })
})

describe('financialStatusLabel', () => {
  it('reads LIQUIDADO as paid and ABERTO as open', () => {
    expect(financialStatusLabel('LIQUIDADO')).toBe('Pago')
    expect(financialStatusLabel('ABERTO')).toBe('Em aberto')
  })

  it('keeps an unknown installment status as received', () => {
    expect(financialStatusLabel('VENCIDO')).toBe('VENCIDO')
  })
})

describe('paymentMethodLabel', () => {
  it('names the known methods and keeps unknown ones', () => {
    expect(paymentMethodLabel('CARTAO_CREDITO')).toBe('Cartão de crédito')
    expect(paymentMethodLabel('BOLETO')).toBe('Boleto bancário')
    expect(paymentMethodLabel('PIX')).toBe('PIX')
  })
})

describe('paymentStatusKey', () => {
  it('gives null a URL-safe key and keeps the others', () => {
    expect(paymentStatusKey(null)).toBe(NO_CHARGE_KEY)
    expect(paymentStatusKey('PENDENTE')).toBe('PENDENTE')
  })
})

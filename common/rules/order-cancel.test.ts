import { describe, expect, it } from 'vitest'
import { cancelBlock, hasSettledInstallment } from './order-cancel'

const item = (status: string | null, amountPaid: number | null = 0) => ({ status, amountPaid })

describe('cancelBlock', () => {
  it('a pending order with nothing settled can be cancelled', () => {
    expect(
      cancelBlock({ statusPayment: 'PENDENTE', financialItems: [item('ABERTO'), item(null)] }),
    ).toBeNull()
    expect(cancelBlock({ statusPayment: 'PENDENTE', financialItems: [] })).toBeNull()
  })

  it('a pending order with one installment LIQUIDADO is partly paid', () => {
    expect(
      cancelBlock({
        statusPayment: 'PENDENTE',
        financialItems: [item('LIQUIDADO', 19950), item('ABERTO')],
      }),
    ).toBe('partly_paid')
  })

  it('money received on an installment not yet marked settled counts too', () => {
    expect(hasSettledInstallment({ financialItems: [item('ABERTO', 1000)] })).toBe(true)
    expect(hasSettledInstallment({ financialItems: [item('ABERTO', null)] })).toBe(false)
  })

  it.each(['CONCLUIDO', 'CANCELADO', null])('an order %s is not pending', (statusPayment) => {
    expect(cancelBlock({ statusPayment, financialItems: [item('ABERTO')] })).toBe('not_pending')
  })
})

import { describe, expect, it } from 'vitest'
import type { NegotiationType } from '../../../common/contract/schemas/payment'
import { bestInstallmentOffer } from './product-offer'

const option = (
  id: number,
  description: string,
  paymentMethod: string | null,
  installments: number,
): NegotiationType => ({ id, description, paymentSettings: { paymentMethod, installments } })

const card12 = option(1, 'Cartão de crédito em até 12x', 'CARTAO_CREDITO', 12)
const boleto = option(2, 'Boleto bancário à vista', 'BOLETO', 0)
const boleto2 = option(3, 'Boleto bancário em 2x', 'BOLETO', 2)
const card6 = option(4, 'Cartão de crédito em até 6x', 'CARTAO_CREDITO', 6)

describe('bestInstallmentOffer', () => {
  it('takes the plan that splits the price the most, "em até" when smaller ones of it exist', () => {
    expect(bestInstallmentOffer([boleto, card6, card12], 15990)).toEqual({
      text: 'em até 12x a partir de R$\u00a013,32 no cartão',
      interestFree: false,
    })
    // One card plan only: that plan, not "em até" (it does not sell in fewer).
    expect(bestInstallmentOffer([boleto, card6], 15990)?.text).toBe(
      'em 6x de R$\u00a026,65 no cartão',
    )
  })

  it('a boleto in parts counts; a card wins a tie', () => {
    expect(bestInstallmentOffer([boleto, boleto2], 15990)?.text).toBe(
      'boleto em até 2x de R$\u00a079,95',
    )
    const card2 = option(5, 'Cartão em 2x', 'CARTAO_CREDITO', 2)
    expect(bestInstallmentOffer([boleto2, card2], 15990)?.text).toBe(
      'em 2x de R$\u00a079,95 no cartão',
    )
  })

  it('an option the store cannot take online is never previewed', () => {
    expect(bestInstallmentOffer([option(9, 'Dinheiro', null, 3)], 15990)).toBeNull()
  })

  it('"sem juros" only when the option’s own description says so, in any case or accent', () => {
    const free = option(6, 'Cartão em até 12x SEM JUROS', 'CARTAO_CREDITO', 12)
    expect(bestInstallmentOffer([free], 15990)?.interestFree).toBe(true)
    expect(bestInstallmentOffer([card12], 15990)?.interestFree).toBe(false)
  })

  it('nothing to preview when every option is paid at once, or the method is unknown', () => {
    expect(
      bestInstallmentOffer([boleto, option(7, 'Cartão à vista', 'CARTAO_CREDITO', 1)], 100),
    ).toBeNull()
    expect(bestInstallmentOffer([option(8, 'Pix em 3x', 'PIX', 3)], 100)).toBeNull()
    expect(bestInstallmentOffer(undefined, 100)).toBeNull()
    expect(bestInstallmentOffer([], 100)).toBeNull()
  })
})

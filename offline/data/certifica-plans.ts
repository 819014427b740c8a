import type { NegotiationTypeWire, PlaceSeed } from './types'

/**
 * Certifica Brasil's payment options: one option per plan, as the docs list them
 * (api/public/payment_options_indicator.md: "E-commerce - Cartão de crédito 1x / 2x / 3x",
 * "Boleto"); the count is the plan's, never a maximum. "Dinheiro" has no method
 * (api/private/order_details.md) and debit is a method the store does not take: both are paid
 * with the store, never online.
 */
export const certificaPlans: NegotiationTypeWire[] = [
  {
    id: 1,
    description: 'Cartão de crédito 12x',
    paymentSettings: { paymentMethod: 'CARTAO_CREDITO', installments: 12 },
  },
  {
    id: 2,
    description: 'Boleto bancário à vista',
    paymentSettings: { paymentMethod: 'BOLETO', installments: 0 },
  },
  {
    id: 3,
    description: 'Boleto bancário em 2x',
    paymentSettings: { paymentMethod: 'BOLETO', installments: 2 },
  },
  {
    id: 4,
    description: 'Cartão de crédito 6x',
    paymentSettings: { paymentMethod: 'CARTAO_CREDITO', installments: 6 },
  },
  {
    id: 5,
    description: 'Cartão de crédito 1x',
    paymentSettings: { paymentMethod: 'CARTAO_CREDITO', installments: 1 },
  },
  {
    id: 6,
    description: 'Cartão de crédito 2x',
    paymentSettings: { paymentMethod: 'CARTAO_CREDITO', installments: 2 },
  },
  {
    id: 7,
    description: 'Cartão de crédito 3x',
    paymentSettings: { paymentMethod: 'CARTAO_CREDITO', installments: 3 },
  },
  {
    id: 8,
    description: 'Dinheiro',
    paymentSettings: { paymentMethod: null, installments: 0 },
  },
  {
    id: 9,
    description: 'Cartão de débito na loja',
    paymentSettings: { paymentMethod: 'CARTAO_DEBITO', installments: 1 },
  },
]

/** `u15_balcao` takes only what is paid at its counter: a link the store cannot check out online. */
export const balcaoSe: PlaceSeed = {
  number: 15,
  key: 'balcao',
  description: 'Balcão Sé – São Paulo/SP',
  image: {
    name: 'certifica.svg',
    description: 'Logotipo da Certifica Brasil',
    href: '/parceiros/certifica.svg',
  },
  negotiationTypeIds: [8, 9],
}

import * as z from 'zod/mini'
import {
  cardNumberProblem,
  cvvProblem,
  expiryProblem,
  normalizeExpiry,
  type CardNumberProblem,
  type CvvProblem,
  type ExpiryProblem,
} from '../../rules/card-rules'
import { onlyDigits } from '../../rules/masks'

/**
 * What the card form posts to `POST /api/orders/:publicToken/payment`, checked by the relay
 * with the same rules (common/rules/card-rules.ts) and words as the form, so a message next to a
 * field and one from the relay never disagree.
 */

export const CARD_MESSAGES = {
  holderName: {
    required: 'Informe o nome como está impresso no cartão.',
    tooLong: 'Nome longo demais (máximo 60 caracteres).',
  },
  cardNumber: {
    required: 'Informe o número do cartão.',
    brand: 'Número de cartão não reconhecido. Confira os dígitos.',
    length: 'O número do cartão está com a quantidade errada de dígitos.',
    luhn: 'Número de cartão inválido. Confira os dígitos.',
  } satisfies Record<CardNumberProblem, string>,
  expiry: {
    required: 'Informe a validade (MM/AA).',
    invalid: 'Validade inválida. Use MM/AA, como 05/31.',
    expired: 'Este cartão está vencido.',
  } satisfies Record<ExpiryProblem, string>,
  securityCode: {
    required: 'Informe o código de segurança (CVV).',
    length: 'O código de segurança deve ter os dígitos do verso do cartão (3 ou 4).',
  } satisfies Record<CvvProblem, string>,
  installments: 'Número de parcelas diferente do combinado no pedido.',
} as const

const text = z.string({ error: 'Campo obrigatório.' })

export const cardPaymentSchema = z
  .object({
    holderName: text.check(
      z.trim(),
      z.minLength(2, CARD_MESSAGES.holderName.required),
      z.maxLength(60, CARD_MESSAGES.holderName.tooLong),
    ),
    cardNumber: text,
    expirationMonth: text,
    expirationYear: text,
    securityCode: text,
    installments: z.optional(z.int().check(z.gte(1), z.lte(24))),
  })
  .check(
    z.superRefine((card, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message })
      const number = cardNumberProblem(card.cardNumber)
      if (number) issue('cardNumber', CARD_MESSAGES.cardNumber[number])
      const expiry = expiryProblem(card.expirationMonth, card.expirationYear)
      if (expiry) issue('expirationMonth', CARD_MESSAGES.expiry[expiry])
      const cvv = cvvProblem(card.securityCode, card.cardNumber)
      if (cvv) issue('securityCode', CARD_MESSAGES.securityCode[cvv])
    }),
  )

export type CardPaymentInput = z.input<typeof cardPaymentSchema>

/** The checked card as the service's `cardData` spells it: digits only, 2-digit month, 4-digit year. */
export function toCardData(card: z.output<typeof cardPaymentSchema>) {
  const expiry = normalizeExpiry(card.expirationMonth, card.expirationYear)!
  return {
    holderName: card.holderName,
    expirationMonth: expiry.month,
    expirationYear: expiry.year,
    securityCode: card.securityCode.trim(),
    cardNumber: onlyDigits(card.cardNumber),
  }
}

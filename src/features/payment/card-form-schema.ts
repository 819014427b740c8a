import * as z from 'zod/mini'
import { CARD_MESSAGES, type CardPaymentInput } from '../../../common/contract/schemas/card-payment'
import type { OrderDetail } from '../../../common/contract/schemas/order'
import {
  cardNumberProblem,
  cvvProblem,
  expiryProblem,
  splitExpiry,
} from '../../../common/rules/card-rules'
import { onlyDigits } from '../../../common/rules/masks'

/**
 * The card form's fields as typed (masked number, one "MM/AA" field), checked with the same
 * rules and words the relay uses, so every problem shows next to its field before anything
 * leaves the page.
 */
export interface CardFormValues {
  holderName: string
  cardNumber: string
  expiry: string
  securityCode: string
}

export const EMPTY_CARD_FORM: CardFormValues = {
  holderName: '',
  cardNumber: '',
  expiry: '',
  securityCode: '',
}

export const CARD_FIELD_ORDER = ['holderName', 'cardNumber', 'expiry', 'securityCode'] as const

export const cardFormSchema = z
  .object({
    holderName: z
      .string()
      .check(
        z.trim(),
        z.minLength(2, CARD_MESSAGES.holderName.required),
        z.maxLength(60, CARD_MESSAGES.holderName.tooLong),
      ),
    cardNumber: z.string(),
    expiry: z.string(),
    securityCode: z.string(),
  })
  .check(
    z.superRefine((card, ctx) => {
      const issue = (path: keyof CardFormValues, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message })
      const number = cardNumberProblem(card.cardNumber)
      if (number) issue('cardNumber', CARD_MESSAGES.cardNumber[number])
      const { month, year } = splitExpiry(card.expiry)
      const expiry = expiryProblem(month, year)
      if (expiry) issue('expiry', CARD_MESSAGES.expiry[expiry])
      const cvv = cvvProblem(card.securityCode, card.cardNumber)
      if (cvv) issue('securityCode', CARD_MESSAGES.securityCode[cvv])
    }),
  )

/** What the relay takes: digits only, the year with its century. */
export function toPaymentBody(values: CardFormValues, installments: number): CardPaymentInput {
  const { month, year } = splitExpiry(values.expiry)
  return {
    holderName: values.holderName.trim(),
    cardNumber: onlyDigits(values.cardNumber),
    expirationMonth: month,
    expirationYear: `20${year}`,
    securityCode: values.securityCode.trim(),
    installments,
  }
}

/** A relay field path → the form field it belongs to. */
export function cardFieldOf(path: string): keyof CardFormValues | null {
  if (path === 'expirationMonth' || path === 'expirationYear') return 'expiry'
  return (CARD_FIELD_ORDER as readonly string[]).includes(path)
    ? (path as keyof CardFormValues)
    : null
}

/** Whether an order can be paid by card now: pending, and its option is a credit card. */
export function isCardPayable(order: OrderDetail): boolean {
  return (
    order.statusPayment === 'PENDENTE' &&
    order.negotiationType.paymentSettings.paymentMethod === 'CARTAO_CREDITO'
  )
}

import * as z from 'zod/mini'
import { linksSchema, maybeImageSchema, nonNegativeInt, openEnum } from './common'

export const PAYMENT_METHODS = ['CARTAO_CREDITO', 'BOLETO'] as const
export const paymentMethodSchema = openEnum(PAYMENT_METHODS)

/**
 * A negotiation type is one fixed plan: `installments` is its count (0 = paid at once, as the
 * spec and the docs show for BOLETO), never a maximum to choose under. `paymentMethod` is null
 * on an option the ERP takes at its counter ("Dinheiro", api/private/order_details.md) and may be
 * a method the store does not know (debit): such an option is read, never a failed answer, and
 * left out of online checkout (common/rules/installments.ts, `isPayableOnline`).
 */
const paymentSettingsSchema = z.looseObject({
  paymentMethod: z.nullable(paymentMethodSchema),
  installments: nonNegativeInt(),
})

/** Installment rule: one installment of an order's payment plan. */
export const installmentRuleSchema = z.looseObject({
  id: z.int(),
  paymentMethod: z.nullable(paymentMethodSchema),
  generatePaymentBoleto: z.nullable(z.boolean()),
  generatePaymentCreditCard: z.nullable(z.boolean()),
  /** Days after the order date. */
  installmentDueDate: z.int(),
  /** Share of the total, in percent; the rules of one plan add up to 100. */
  installmentPercent: z.number().check(z.gte(0), z.lte(100)),
  installmentsType: z.nullable(z.int()),
  installments: z.int(),
  installment: z.int(),
})
export type InstallmentRule = z.output<typeof installmentRuleSchema>

/** Negotiation type: a payment option as listed for a unit or referrer. */
export const negotiationTypeSchema = z.looseObject({
  id: z.int(),
  description: z.string(),
  paymentSettings: paymentSettingsSchema,
})
export type NegotiationType = z.output<typeof negotiationTypeSchema>

/**
 * The negotiation type inside an order detail also carries its plan's rules (share and due day
 * of each installment). On orders made in the ERP ("Dinheiro" and the like) its payment method
 * is null: the order page says the method was not given.
 */
export const orderNegotiationTypeSchema = z.extend(negotiationTypeSchema, {
  installments: z.array(installmentRuleSchema),
})

const PAYMENT_OPTION_ORIGINS = ['VENDA_ONLINE_UNIDADE', 'VENDA_ONLINE_INDICADOR'] as const

const idText = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((v: string | number) => String(v)),
)

/** Payment options of a unit (`p=u…`) or a referrer (`p=i…`), operations 7 and 9. */
export const paymentOptionsSchema = z.looseObject({
  negotiationTypes: z.array(negotiationTypeSchema),
  image: maybeImageSchema,
  description: z.string(),
  origin: openEnum(PAYMENT_OPTION_ORIGINS),
  id: idText,
  _links: linksSchema,
})
export type PaymentOptions = z.output<typeof paymentOptionsSchema>

import * as z from 'zod/mini'
import { linksSchema, maybeImageSchema, nonNegativeInt, openEnum } from './common'

export const PAYMENT_METHODS = ['CARTAO_CREDITO', 'BOLETO'] as const
export const paymentMethodSchema = openEnum(PAYMENT_METHODS)
export type PaymentMethod = z.output<typeof paymentMethodSchema>

export const paymentSettingsSchema = z.looseObject({
  paymentMethod: paymentMethodSchema,
  /** Maximum number of installments; 0 for BOLETO (paid at once). */
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
 * The negotiation type inside an order detail also carries its installment rules. On orders
 * made in the ERP ("Dinheiro" and the like) its payment method is null: the order page says the
 * method was not given. An option offered for sale (above) always has one.
 */
export const orderNegotiationTypeSchema = z.extend(negotiationTypeSchema, {
  paymentSettings: z.looseObject({
    paymentMethod: z.nullable(paymentMethodSchema),
    installments: nonNegativeInt(),
  }),
  installments: z.array(installmentRuleSchema),
})
export type OrderNegotiationType = z.output<typeof orderNegotiationTypeSchema>

export const PAYMENT_OPTION_ORIGINS = ['VENDA_ONLINE_UNIDADE', 'VENDA_ONLINE_INDICADOR'] as const

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

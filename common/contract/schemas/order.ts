import * as z from 'zod/mini'
import { digitableLineOf } from '../../rules/boleto-line'
import {
  anyMoneySchema,
  anyTextSchema,
  envelopeSchema,
  linksSchema,
  maybeImageSchema,
  openEnum,
  optionalTextSchema,
  serviceDateSchema,
} from './common'
import { orderNegotiationTypeSchema, paymentMethodSchema } from './payment'

const PAYMENT_STATUSES = ['PENDENTE', 'CONCLUIDO'] as const
/** `PENDENTE`, `CONCLUIDO`, any other value the service may add, or null (no charge). */
const statusPaymentSchema = z.nullable(openEnum(PAYMENT_STATUSES))

/**
 * The buyer. Read leniently: the live service sends PHP output (`phone` "", `addressDetail`
 * null, `number` 0 or text) and no screen should fail an order over a contact detail.
 */
export const userSchema = z.looseObject({
  id: z.optional(z.nullable(z.int())),
  document: anyTextSchema,
  name: anyTextSchema,
  stateRegistration: optionalTextSchema,
  email: anyTextSchema,
  phone: optionalTextSchema,
  cellphone: optionalTextSchema,
  state: anyTextSchema,
  city: anyTextSchema,
  address: anyTextSchema,
  neighborhood: anyTextSchema,
  /** A house number, or "S/N"; "" when absent (PHP sends 0 for none). */
  number: z.pipe(
    anyTextSchema,
    z.transform((v: string) => (v === '0' ? '' : v)),
  ),
  addressDetail: anyTextSchema,
  zipCode: anyTextSchema,
})

export const orderItemSchema = z.looseObject({
  id: z.int(),
  quantity: z.int(),
  /** Cents, or null when the service sent none readable (the row shows "—"). */
  price: anyMoneySchema,
  description: z.string(),
  image: maybeImageSchema,
})

const FINANCIAL_ITEM_STATUSES = ['LIQUIDADO'] as const

/**
 * A boleto's digitable line, when the item carries one. Neither the public docs nor the spec
 * show such a field (docs/dialects.md): it is looked for under the names Brazilian APIs give it
 * (`linhaDigitavel`, a bank barcode `codigoBarras`…, also in `payment` records), normalised to
 * its digits, and absent otherwise. Never a reason to refuse an item.
 */
function withDigitableLine<T extends Record<string, unknown>>(
  item: T,
): T & { digitableLine?: string } {
  const line = digitableLineOf(item)
  return line ? { ...item, digitableLine: line } : item
}

export const financialItemSchema = z.pipe(
  z.looseObject({
    id: z.int(),
    code: z.string(),
    dueDate: serviceDateSchema,
    /** Installment number, starting at 1. */
    installment: z.int(),
    amountPaid: anyMoneySchema,
    amount: anyMoneySchema,
    type: z.nullable(paymentMethodSchema),
    status: z.nullable(openEnum(FINANCIAL_ITEM_STATUSES)),
    payment: z.optional(z.unknown()),
  }),
  z.transform(withDigitableLine),
)
export type FinancialItem = z.output<typeof financialItemSchema>

/** Attachment type 0 is a boleto. */
export const ATTACHMENT_TYPE_BOLETO = 0

export const attachmentItemSchema = z.pipe(
  z.looseObject({
    id: z.int(),
    description: z.string(),
    type: z.int(),
    typeDescription: z.string(),
    name: z.string(),
    /** Download URL with `forceDownload` and a signed `q`. */
    href: z.string(),
  }),
  z.transform(withDigitableLine),
)
export type AttachmentItem = z.output<typeof attachmentItemSchema>

/**
 * Element of the order list (operation 2): money as text (number_format on the live service),
 * null on orders made in the ERP.
 */
export const orderSummarySchema = z.looseObject({
  id: z.int(),
  type: z.string(),
  code: z.string(),
  date: serviceDateSchema,
  status: z.int(),
  orderDiscount: anyMoneySchema,
  orderTotal: anyMoneySchema,
  statusPayment: statusPaymentSchema,
  _links: linksSchema,
})
export type OrderSummary = z.output<typeof orderSummarySchema>

/**
 * Operation 2: the bearer's own orders. The live service pages them (HAL: `page`, `page_count`,
 * `page_size`); the relay joins every page and says whether the list is `complete`.
 */
export const orderListSchema = z.looseObject({
  _links: linksSchema,
  _embedded: z.looseObject({ order: z.array(orderSummarySchema) }),
  total_items: z.int(),
  page: z.optional(z.int()),
  page_count: z.optional(z.int()),
  page_size: z.optional(z.int()),
  complete: z.optional(z.boolean()),
})
export type OrderList = z.output<typeof orderListSchema>

/** Order detail (operations 5 and 8): money as numbers in the spec, anything on the live service. */
export const orderDetailSchema = z.looseObject({
  id: z.int(),
  type: z.string(),
  code: z.string(),
  date: serviceDateSchema,
  status: z.int(),
  orderDiscount: anyMoneySchema,
  orderTotal: anyMoneySchema,
  statusPayment: statusPaymentSchema,
  user: userSchema,
  orderItems: z.array(orderItemSchema),
  financialItems: z.array(financialItemSchema),
  attachmentItems: z.array(attachmentItemSchema),
  negotiationType: orderNegotiationTypeSchema,
})
export type OrderDetail = z.output<typeof orderDetailSchema>

/** `data` plus the envelope, as operations 5 and 8 answer. */
export const orderDetailResponseSchema = z.extend(envelopeSchema, {
  data: orderDetailSchema,
})
export type OrderDetailResponse = z.output<typeof orderDetailResponseSchema>

import * as z from 'zod/mini'
import {
  envelopeSchema,
  imageSchema,
  linksSchema,
  moneyNumberSchema,
  moneyTextSchema,
  openEnum,
  serviceDateSchema,
} from './common'
import { orderNegotiationTypeSchema, paymentMethodSchema } from './payment'

export const PAYMENT_STATUSES = ['PENDENTE', 'CONCLUIDO'] as const
/** `PENDENTE`, `CONCLUIDO`, any other value the service may add, or null (no charge). */
export const statusPaymentSchema = z.nullable(openEnum(PAYMENT_STATUSES))
export type StatusPayment = z.output<typeof statusPaymentSchema>

export const userSchema = z.looseObject({
  id: z.int(),
  document: z.string(),
  name: z.string(),
  stateRegistration: z.nullable(z.string()),
  email: z.string(),
  phone: z.nullable(z.string()),
  cellphone: z.string(),
  state: z.string(),
  city: z.string(),
  address: z.string(),
  neighborhood: z.string(),
  number: z.int(),
  addressDetail: z.string(),
  zipCode: z.string(),
})
export type User = z.output<typeof userSchema>

export const orderItemSchema = z.looseObject({
  id: z.int(),
  quantity: z.int(),
  price: moneyNumberSchema,
  description: z.string(),
  image: imageSchema,
})
export type OrderItem = z.output<typeof orderItemSchema>

export const FINANCIAL_ITEM_STATUSES = ['LIQUIDADO'] as const

export const financialItemSchema = z.looseObject({
  id: z.int(),
  code: z.string(),
  dueDate: serviceDateSchema,
  /** Installment number, starting at 1. */
  installment: z.int(),
  amountPaid: moneyNumberSchema,
  amount: moneyNumberSchema,
  type: paymentMethodSchema,
  status: openEnum(FINANCIAL_ITEM_STATUSES),
  payment: z.array(z.unknown()),
})
export type FinancialItem = z.output<typeof financialItemSchema>

/** Attachment type 0 is a boleto. */
export const ATTACHMENT_TYPE_BOLETO = 0

export const attachmentItemSchema = z.looseObject({
  id: z.int(),
  description: z.string(),
  type: z.int(),
  typeDescription: z.string(),
  name: z.string(),
  /** Download URL with `forceDownload` and a signed `q`. */
  href: z.string(),
})
export type AttachmentItem = z.output<typeof attachmentItemSchema>

/** Element of the order list (operation 2): money as text here. */
export const orderSummarySchema = z.looseObject({
  id: z.int(),
  type: z.string(),
  code: z.string(),
  date: serviceDateSchema,
  status: z.int(),
  orderDiscount: moneyTextSchema,
  orderTotal: moneyTextSchema,
  statusPayment: statusPaymentSchema,
  _links: linksSchema,
})
export type OrderSummary = z.output<typeof orderSummarySchema>

/** Operation 2: the bearer's own orders. */
export const orderListSchema = z.looseObject({
  _links: linksSchema,
  _embedded: z.looseObject({ order: z.array(orderSummarySchema) }),
  total_items: z.int(),
})
export type OrderList = z.output<typeof orderListSchema>

/** Order detail (operations 5 and 8): money as numbers here. */
export const orderDetailSchema = z.looseObject({
  id: z.int(),
  type: z.string(),
  code: z.string(),
  date: serviceDateSchema,
  status: z.int(),
  orderDiscount: moneyNumberSchema,
  orderTotal: moneyNumberSchema,
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

import type { z } from 'zod'
import type { imageSchema } from '../../api/schemas/common'
import type { negotiationTypeSchema } from '../../api/schemas/payment'
import type { orderDetailSchema } from '../../api/schemas/order'
import type { productPriceSchema } from '../../api/schemas/catalog'

/** Wire shapes: what the service sends, typed from the contract's schemas. */
export type ImageWire = z.input<typeof imageSchema>
export type NegotiationTypeWire = z.input<typeof negotiationTypeSchema>
export type ProductPriceWire = z.input<typeof productPriceSchema>
export type OrderDetailWire = z.input<typeof orderDetailSchema>
export type UserWire = OrderDetailWire['user']

/** A unit (`u<number>_<key>`) or a referrer (`i<number>_<key>`). */
export interface PlaceSeed {
  number: number
  key: string
  description: string
  image: ImageWire
  /** Ids of the tenant's negotiation types this place offers. */
  negotiationTypeIds: number[]
}

export interface UserSeed {
  password: string
  user: UserWire
}

export interface OrderSeed {
  id: number
  code: string
  publicToken: string
  /** CPF of the buyer (digits); the order belongs to the user with that document. */
  document: string
  /** ISO instant (UTC). */
  date: string
  status: number
  statusPayment: string | null
  items: { sku: string; quantity: number }[]
  discountCents: number
  negotiationTypeId: number
  installments: number
  /** Financial items are settled (paid) when true. */
  paid: boolean
  uri?: string
}

export interface TenantSeed {
  origin: string
  name: string
  erpKey: string
  /** Client id accepted by the password grant (the spec shows the constant `app`). */
  clientId: string
  /** Reference of the default unit, as a link writes it (`u1_loja`). */
  defaultUnitRef: string
  parameters: Record<string, string>
  products: ProductPriceWire[]
  negotiationTypes: NegotiationTypeWire[]
  units: PlaceSeed[]
  referrers: PlaceSeed[]
  users: UserSeed[]
  orders: OrderSeed[]
}

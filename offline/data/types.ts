/*
 * Wire shapes: what the offline service sends in the spec's dialect. Written out rather than
 * taken from the contract's schemas: those read leniently (PHP nulls, text money), so their input
 * type is `unknown` almost everywhere, while the seeds must stay exactly what the spec shows.
 */

interface ImageWire {
  name: string
  description: string | null
  href: string
}

interface ServiceDateWire {
  date: string
  timezone_type: number
  timezone: string
}

/**
 * A payment option: one fixed plan, `installments` its count (0 = at once). No method on one the
 * ERP takes at its counter ("Dinheiro"), as api/private/order_details.md shows.
 */
export interface NegotiationTypeWire {
  id: number
  description: string
  paymentSettings: { paymentMethod: string | null; installments: number }
}

export interface ProductPriceWire {
  id: number
  sku: string
  description: string
  status: number
  /** Reais as a JSON number. */
  price: number
  image: ImageWire
  groupDescription: string
}

export interface UserWire {
  id?: number | null
  document: string
  name: string
  stateRegistration: string | null
  email: string
  phone: string | null
  cellphone: string
  state: string
  city: string
  address: string
  neighborhood: string
  number: number | string
  addressDetail: string | null
  zipCode: string
}

export interface InstallmentRuleWire {
  id: number
  paymentMethod: string | null
  generatePaymentBoleto: boolean | null
  generatePaymentCreditCard: boolean | null
  installmentDueDate: number
  installmentPercent: number
  installmentsType: number | null
  installments: number
  installment: number
}

export interface FinancialItemWire {
  id: number
  code: string
  dueDate: ServiceDateWire
  installment: number
  amountPaid: number
  amount: number
  type: string | null
  status: string | null
  payment?: unknown
}

interface AttachmentItemWire {
  id: number
  description: string
  type: number
  typeDescription: string
  name: string
  href: string
}

export interface OrderDetailWire {
  id: number
  type: string
  code: string
  date: ServiceDateWire
  status: number
  orderDiscount: number
  orderTotal: number
  statusPayment: string | null
  user: UserWire
  orderItems: {
    id: number
    quantity: number
    price: number
    description: string
    image: ImageWire
  }[]
  financialItems: FinancialItemWire[]
  attachmentItems: AttachmentItemWire[]
  negotiationType: NegotiationTypeWire & { installments: InstallmentRuleWire[] }
}

/*
 * PHP shapes of the docs' dialect. The live service prints what its PHP model holds: `null` where
 * an order made in the ERP never had a total or a payment method, `""`/`0` for customer fields
 * nobody typed, `[]` for a missing picture (an empty PHP array). The contract's schemas describe
 * what the spec promises, so these stay local wire types rather than loosening the seeds' types.
 */

/** An empty PHP array where an object was expected (a product or item without picture). */
type PhpEmptyArray = never[]

/** A product as a docs-dialect listing may carry it: a price the ERP never set is `null`. */
interface PhpProductWire {
  id: number
  sku: string
  description: string
  status: number
  price: number | null
  image: ImageWire | PhpEmptyArray
  groupDescription: string
}

/** An order made in the ERP, as the docs' service answers it (api/private/order_details.md). */
export interface ErpOrderWire {
  id: number
  type: string
  code: string
  date: ServiceDateWire
  status: number
  orderDiscount: number | null
  orderTotal: number | null
  statusPayment: string | null
  /** The ERP always keeps the customer's id and a numeric house number (0 for none). */
  user: UserWire & { id: number; number: number }
  orderItems: {
    id: number
    quantity: number
    price: number
    description: string
    image: ImageWire | PhpEmptyArray
  }[]
  financialItems: OrderDetailWire['financialItems']
  attachmentItems: OrderDetailWire['attachmentItems']
  negotiationType: {
    id: number
    description: string
    paymentSettings: { paymentMethod: string | null; installments: number }
    installments: InstallmentRuleWire[]
  }
}

/** What the offline service keeps for an order: the spec's shape, or an ERP order's PHP shape. */
export type StoredDetailWire = OrderDetailWire | ErpOrderWire

/** A unit (`u<number>_<key>`) or a referrer (`i<number>_<key>`). */
export interface PlaceSeed {
  number: number
  key: string
  description: string
  image: ImageWire
  /** Ids of the tenant's negotiation types this place offers. */
  negotiationTypeIds: number[]
  /** Listed after the catalog at this place, by the docs dialect only (PHP nulls inside). */
  docsOnlyProducts?: PhpProductWire[]
}

export interface UserSeed {
  password: string
  user: UserWire
}

export interface OrderSeed {
  id: number
  code: string
  publicToken: string
  /** CPF or CNPJ of the buyer (digits); the order belongs to the user with that document. */
  document: string
  /** ISO instant (UTC). */
  date: string
  status: number
  statusPayment: string | null
  items: { sku: string; quantity: number }[]
  discountCents: number
  /** The option is the plan: its count and rules are the order's (build-order.ts). */
  negotiationTypeId: number
  /** Financial items are settled (paid) when true. */
  paid: boolean
  /** The first N financial items settled, the rest open: a partly paid order (paid false). */
  settledInstallments?: number
  uri?: string
}

/** The store's company details as the docs show them (api/public/business_details_token.md). */
interface CompanyWire {
  name: string
  nameLaw: string
  document: string
  email: string
  cellphone: string
  phone: string
  state: string
  city: string
  address: string
  number: number
  neighborhood: string
  addressDetail: string
  zipCode: string
  image: { name: string; description: string | null; href: string } | []
}

/** A lead as `GET /user-indication` prints it (api/private/list_indications.md). */
interface IndicationWire {
  id: number
  /** CPF or CNPJ, digits. */
  document: string
  name: string
  email: string | null
  phone: string | null
  cellphone: string | null
}

/**
 * A referral partner's account (docs dialect only): the user who logs in with `document`, the
 * people they referred and what that earned them. The docs show no earning entry
 * (api/private/indication_profit.md), so `gains` are written as the service prints its other
 * records (number_format money, DateTime objects) and read leniently by the store.
 */
export interface PartnerSeed {
  document: string
  leads: IndicationWire[]
  gains: Record<string, unknown>[]
}

export interface TenantSeed {
  origin: string
  name: string
  /** Answered by `GET /order/info?q=data&p=&t=company`; a tenant without one answers 404. */
  company?: CompanyWire
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
  /**
   * Orders made in the ERP, held by the docs dialect only: their PHP nulls have no place in the
   * spec's shape. The owner is the user whose document `detail.user.document` carries.
   */
  docsOnlyOrders?: { publicToken: string; detail: ErpOrderWire }[]
  /** Referral partners and their leads (`GET /user-indication`, docs dialect only). */
  partners?: PartnerSeed[]
  /**
   * The service's partner portal for this company (portal/README.md: the ERP's address with
   * `/portal`): not something the service answers, but what its operator would configure as
   * PORTAL_URL; the relay over the offline service takes it from here.
   */
  portal?: string
}

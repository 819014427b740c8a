import { boletoHref, buildOrderDetail } from './data/build-order'
import { certificaBrasil } from './data/tenant-certifica'
import { digitalSul } from './data/tenant-digital-sul'
import type { PlaceSeed, StoredDetailWire, TenantSeed, UserWire } from './data/types'
import type { ValidCreationPayload } from '../common/contract/schemas/checkout'
import type { Dialect } from '../common/contract/upstream/dialect'
import { onlyDigits } from '../common/rules/masks'
import { P_SEPARATORS, parseServiceRef } from './service-ref'
import { OfflineRecovery } from './recovery'
import { OfflineWebhooks, type WebhookEvent } from './webhooks'

/**
 * The offline service's in-memory state: tenants keyed by `Origin`, each with its users,
 * catalog, units, referrers, parameters, orders and issued tokens. One instance per test or
 * per process; seeds are deep-copied so nothing leaks between instances.
 */

export const DEFAULT_SEEDS: readonly TenantSeed[] = [certificaBrasil, digitalSul]

export const ACCESS_TOKEN_SECONDS = 43_200

/** The attachment type of an invoice here (the docs document 0, the boleto, only). */
export const INVOICE_ATTACHMENT_TYPE = 1

export interface StoredOrder {
  publicToken: string
  /** The spec's shape; in the docs dialect an order made in the ERP keeps its PHP nulls. */
  detail: StoredDetailWire
  uri?: string
  utm?: Partial<Record<'utmCampaign' | 'utmId' | 'utmMedium' | 'utmSource', string>>
  note?: string
  cancelReason?: string
  /**
   * Cancelled through `DELETE /order-external/:id`. Kept apart from `statusPayment` because the
   * docs' dialect leaves that `PENDENTE` (cancelOrder): the service itself still knows.
   */
  cancelled?: boolean
  /** The creation payload as received, for tests that check what reached the service. */
  payload?: ValidCreationPayload
}

interface IssuedToken {
  document: string
  expiresAt: number
}

export interface TenantState {
  seed: TenantSeed
  users: { password: string | null; user: UserWire }[]
  orders: StoredOrder[]
  tokens: Map<string, IssuedToken>
  refreshTokens: Map<string, string>
}

export interface ServiceModelOptions {
  /** Absolute base URL the service is reached at; used in `_links` and download hrefs. */
  baseUrl: string
  seeds?: readonly TenantSeed[]
  /** Clock, injectable so tests can expire tokens. */
  now?: () => number
  /**
   * The dialect the service speaks (default `spec`). The model only uses it for what exists in
   * one dialect: the ERP's orders with PHP nulls and the place products without a price.
   */
  dialect?: Dialect
}

/** Random hex for tokens and ids the offline service hands out. */
function randomHex(bytes: number): string {
  const buf = new Uint8Array(bytes)
  crypto.getRandomValues(buf)
  return Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('')
}

export class ServiceModel {
  readonly baseUrl: string
  readonly dialect: Dialect
  /** Password recoveries and the dev-only mailbox their PINs land in (recovery.ts). */
  readonly recovery: OfflineRecovery
  /** The webhooks it sends when an order changes (webhooks.ts). */
  readonly webhooks = new OfflineWebhooks()
  private readonly now: () => number
  private readonly tenants = new Map<string, TenantState>()
  private readonly aliases = new Map<string, string>()
  private nextUserId = 9000

  constructor({
    baseUrl,
    seeds = DEFAULT_SEEDS,
    now = Date.now,
    dialect = 'spec',
  }: ServiceModelOptions) {
    this.baseUrl = baseUrl.replace(/\/$/, '')
    this.now = now
    this.recovery = new OfflineRecovery(now)
    this.dialect = dialect
    for (const original of seeds) {
      const seed = structuredClone(original)
      const users = seed.users.map((u) => ({ password: u.password, user: { ...u.user } }))
      const orders: StoredOrder[] = seed.orders.map((order) => {
        const owner = users.find((u) => u.user.document === order.document)
        if (!owner) throw new Error(`order ${order.id}: no user ${order.document}`)
        return {
          publicToken: order.publicToken,
          uri: order.uri,
          detail: buildOrderDetail({
            baseUrl: this.baseUrl,
            tenant: seed,
            seed: order,
            user: owner.user,
          }),
        }
      })
      if (dialect === 'docs') {
        for (const erp of seed.docsOnlyOrders ?? []) {
          const document = onlyDigits(erp.detail.user.document)
          if (!users.some((u) => onlyDigits(u.user.document) === document)) {
            throw new Error(`order ${erp.detail.id}: no user ${erp.detail.user.document}`)
          }
          orders.push({ publicToken: erp.publicToken, detail: erp.detail })
        }
      }
      this.tenants.set(seed.origin, {
        seed,
        users,
        orders,
        tokens: new Map(),
        refreshTokens: new Map(),
      })
    }
  }

  get allTenants(): TenantState[] {
    return [...this.tenants.values()]
  }

  /** The tenant an `Origin` header selects, or undefined for a missing or unknown origin. */
  tenant(origin: string | null | undefined): TenantState | undefined {
    if (!origin) return undefined
    const normalised = origin.replace(/\/$/, '')
    return this.tenants.get(this.aliases.get(normalised) ?? normalised)
  }

  /** Lets another origin (the page's own, in the browser) stand for a tenant. */
  aliasOrigin(alias: string, tenantOrigin: string): void {
    if (!this.tenants.has(tenantOrigin)) throw new Error(`unknown tenant ${tenantOrigin}`)
    this.aliases.set(alias.replace(/\/$/, ''), tenantOrigin)
  }

  link(path: string): { self: { href: string } } {
    return { self: { href: `${this.baseUrl}${path}` } }
  }

  // --- places (units and referrers) ---

  /**
   * The unit or referrer a `p` value names. Without `separators` it reads both of the spec's
   * forms, as a creation payload's `uri` (`u12_ab3f`) needs; handlers pass their dialect's.
   */
  place(
    tenant: TenantState,
    ref: string,
    separators: readonly string[] = P_SEPARATORS.spec,
  ): { kind: 'unit' | 'referrer'; place: PlaceSeed } | null {
    const parsed = parseServiceRef(ref, separators)
    if (!parsed) return null
    const list = parsed.kind === 'unit' ? tenant.seed.units : tenant.seed.referrers
    const place = list.find((p) => p.number === parsed.number && p.key === parsed.key)
    return place ? { kind: parsed.kind, place } : null
  }

  // --- auth ---

  login(tenant: TenantState, username: string, password: string) {
    const account = tenant.users.find(
      (u) =>
        u.password !== null &&
        onlyDigits(u.user.document) === onlyDigits(username) &&
        u.password === password,
    )
    if (!account || onlyDigits(username) === '') return null
    const accessToken = randomHex(20)
    const refreshToken = randomHex(20)
    tenant.tokens.set(accessToken, {
      document: account.user.document,
      expiresAt: this.now() + ACCESS_TOKEN_SECONDS * 1000,
    })
    tenant.refreshTokens.set(refreshToken, account.user.document)
    return { accessToken, refreshToken }
  }

  /** The user a bearer token belongs to, or null when unknown or expired. */
  userForToken(tenant: TenantState, token: string): UserWire | null {
    const issued = tenant.tokens.get(token)
    if (!issued) return null
    if (issued.expiresAt <= this.now()) {
      tenant.tokens.delete(token)
      return null
    }
    return tenant.users.find((u) => u.user.document === issued.document)?.user ?? null
  }

  /** Forgets every issued token (used by tests to simulate a revoked session). */
  revokeTokens(tenant: TenantState): void {
    tenant.tokens.clear()
  }

  findAccount(tenant: TenantState, document: string, email: string) {
    return tenant.users.find(
      (u) =>
        onlyDigits(u.user.document) === onlyDigits(document) &&
        u.user.email.toLowerCase() === email.trim().toLowerCase(),
    )
  }

  // --- orders ---

  ordersOf(tenant: TenantState, document: string): StoredOrder[] {
    return tenant.orders.filter((o) => onlyDigits(o.detail.user.document) === onlyDigits(document))
  }

  orderById(tenant: TenantState, id: string): StoredOrder | undefined {
    return tenant.orders.find((o) => String(o.detail.id) === id)
  }

  orderByPublicToken(tenant: TenantState, token: string): StoredOrder | undefined {
    return tenant.orders.find((o) => o.publicToken === token)
  }

  /**
   * Creates an order from a validated payload. Returns an error text for a payload the service
   * would refuse (unknown sku, a payment option the link does not offer). The order's plan is
   * the option's own: an installment count in the body is no field of the contract (the shared
   * schema drops it), so a body asking 1x of a 6x option is recorded in 6x, as a service that
   * documents no such field would.
   */
  createOrder(tenant: TenantState, payload: ValidCreationPayload): StoredOrder | string {
    for (const item of payload.orderItems) {
      const product = tenant.seed.products.find((p) => p.sku === item.product)
      if (!product) return `Produto ${item.product} não encontrado.`
      if (product.status !== 1) return `Produto ${item.product} indisponível para venda.`
      // The service prices from its own catalog: a stale or forged price is refused.
      if (Math.round(item.price * 100) !== Math.round(product.price * 100)) {
        return `O preço de ${product.description} mudou: agora é ${product.price.toFixed(2)}.`
      }
      if (item.discount > item.price * item.quantity)
        return `Desconto maior que o valor de ${product.description}.`
    }
    const placeRef = payload.uri || tenant.seed.defaultUnitRef
    const found = this.place(tenant, placeRef)
    if (!found) return `Referência ${placeRef} desconhecida.`
    if (!found.place.negotiationTypeIds.includes(payload.negotiationType)) {
      return `Forma de pagamento ${payload.negotiationType} não disponível para ${placeRef}.`
    }

    const user = this.upsertCustomer(tenant, payload.user)
    const id = Math.max(0, ...tenant.orders.map((o) => o.detail.id)) + 1
    const publicToken = randomHex(16)
    // `discount` is per order line (docs/design.md leaves it open; README says so).
    const discountCents = payload.orderItems.reduce(
      (sum, item) => sum + Math.round(item.discount * 100),
      0,
    )
    // The spec's `code` is the sale's identification code: a given one becomes the order's code
    // (the list, the detail and the creation result's `orderCode` show it). The spec says
    // nothing of uniqueness, so a repeated code is not refused: the relay must not count on it.
    const code =
      payload.code ?? `V${new Date(this.now()).getUTCFullYear()}-${String(id).padStart(6, '0')}`
    const detail = buildOrderDetail({
      baseUrl: this.baseUrl,
      tenant: tenant.seed,
      user,
      priceCents: new Map(
        payload.orderItems.map((item) => [item.product, Math.round(item.price * 100)]),
      ),
      seed: {
        id,
        code,
        publicToken,
        document: user.document,
        date: new Date(this.now()).toISOString(),
        status: 1,
        statusPayment: 'PENDENTE',
        items: payload.orderItems.map((item) => ({ sku: item.product, quantity: item.quantity })),
        discountCents,
        negotiationTypeId: payload.negotiationType,
        paid: false,
      },
    })
    const order: StoredOrder = {
      publicToken,
      detail,
      uri: payload.uri,
      utm: {
        utmCampaign: payload.utmCampaign,
        utmId: payload.utmId,
        utmMedium: payload.utmMedium,
        utmSource: payload.utmSource,
      },
      note: payload.note,
      payload,
    }
    tenant.orders.push(order)
    this.webhooks.emit(tenant.seed.origin, order, 'ORDER_CREATED')
    return order
  }

  cancelOrder(order: StoredOrder, reason: string | undefined): void {
    order.cancelled = true
    // The live service (the docs' dialect) answers 200 and marks the sale by its numeric
    // `status` alone: `statusPayment` stays `PENDENTE` (docs/dialects.md, "A cancel that
    // holds"). The spec leaves the value open; its offline service says `CANCELADO`, so the
    // store is tried on both.
    if (this.dialect !== 'docs') order.detail.statusPayment = 'CANCELADO'
    order.detail.status = 0
    order.cancelReason = reason
    this.emitFor(order, 'ORDER_CANCEL')
  }

  /**
   * The order as the ERP leaves it once paid (a card charged, a boleto settled): concluded, every
   * installment settled. Its webhooks: the settlement (`FINANCIAL_PAYMENT_DISCHARGE`), then the
   * order's payment situation (`FINANCIAL_PAYMENT_STATUS`).
   */
  markPaid(order: StoredOrder): void {
    order.detail.statusPayment = 'CONCLUIDO'
    for (const item of order.detail.financialItems) {
      item.amountPaid = item.amount
      item.status = 'LIQUIDADO'
    }
    this.emitFor(order, 'FINANCIAL_PAYMENT_DISCHARGE', 'FINANCIAL_PAYMENT_STATUS')
  }

  /**
   * An invoice (nota fiscal) issued for the order: an attachment of its own, as the order's
   * documents are. The docs document attachment type 0 (boleto) only; 1 is this service's choice.
   */
  issueInvoice(order: StoredOrder): void {
    const { detail } = order
    const name = `nota-fiscal-${detail.code}.pdf`
    if (!detail.attachmentItems.some((a) => a.name === name)) {
      detail.attachmentItems.push({
        id: detail.id * 100 + 99,
        description: 'Nota fiscal eletrônica',
        type: INVOICE_ATTACHMENT_TYPE,
        typeDescription: 'Nota Fiscal',
        name,
        // Signed like a boleto's link: the same `/arquivo/` serves it (handlers/files.ts).
        href: boletoHref(this.baseUrl, name, this.tenantOf(order)?.seed.erpKey ?? ''),
      })
    }
    this.emitFor(order, 'TAX_INVOICE_CHANGE_STATUS')
  }

  private tenantOf(order: StoredOrder): TenantState | undefined {
    return this.allTenants.find((t) => t.orders.includes(order))
  }

  private emitFor(order: StoredOrder, ...events: WebhookEvent[]): void {
    const tenant = this.tenantOf(order)
    if (tenant) this.webhooks.emit(tenant.seed.origin, order, ...events)
  }

  private upsertCustomer(tenant: TenantState, data: ValidCreationPayload['user']): UserWire {
    const existing = tenant.users.find((u) => onlyDigits(u.user.document) === data.document)
    const fields = {
      document: data.document,
      name: data.name,
      stateRegistration: data.stateRegistration ?? null,
      email: data.email,
      phone: data.phone ? data.phone : null,
      cellphone: data.cellphone,
      state: data.state,
      city: data.city,
      address: data.address,
      neighborhood: data.neighborhood,
      number: data.number,
      addressDetail: data.addressDetail,
      zipCode: data.zipCode,
    }
    if (existing) {
      // The service keeps the account's identity; the order carries the address as typed.
      return { ...existing.user, ...fields, id: existing.user.id }
    }
    const user: UserWire = { id: this.nextUserId++, ...fields }
    tenant.users.push({ password: null, user })
    return user
  }
}

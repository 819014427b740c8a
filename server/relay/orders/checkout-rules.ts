import type { Context } from 'hono'
import { safeParse } from 'zod/mini'
import type { ValidCreationPayload } from '../../../common/contract/schemas/checkout'
import {
  paymentOptionsSchema,
  type NegotiationType,
} from '../../../common/contract/schemas/payment'
import type { PlanFacts } from '../../../common/contract/schemas/read-back'
import { isPayableOnline } from '../../../common/rules/installments'
import { planAmounts } from '../../../common/rules/payment-plans'
import { centsToReais, formatBRL } from '../../../common/rules/money'
import { isLinkRef } from '../../../common/rules/place-ref'
import type { PublicReadDeps } from '../upstream/public-read'
import type { SessionCookieDeps } from '../sessions/session-cookie'
import { MEANINGS, meaningProblem } from '../upstream/error-meanings'
import { problem, type FieldError } from '../http/problem'
import { readAllowGuest, readListing, readPublic, sellsByLink } from '../upstream/public-read'
import { endSession, readSession } from '../sessions/session-cookie'
import type { SessionData } from '../sessions/session-seal'

/** What the checkout's rules read: the store's public reads and the buyer's session. */
export type CheckoutDeps = PublicReadDeps & SessionCookieDeps

type Checked =
  { refusal: Response } | { refusal: null; payload: ValidCreationPayload; confirmed: PlanFacts }

/**
 * What the storefront allows, checked here because the relay sends the order with the ERP key
 * and is the only trust boundary between a browser and the service: fields the store never
 * sends (discounts, a sale code or date, a note) are refused, a guest cannot check out where the
 * tenant requires login, a logged-in buyer orders in their own account's CPF/CNPJ, every item
 * must be on sale in the buyer's listing, and the payment option and installments must be ones
 * the link offers and the store can take online. The relay owns the numbers: the payload it
 * returns carries the listing's prices, never the browser's, and `confirmed` is the plan and
 * total the buyer confirmed, which the order's read-back is compared with (order-read-back.ts).
 * Returns the refusal to send, or the payload to send upstream.
 */
export async function checkStorefront(
  c: Context,
  deps: CheckoutDeps,
  payload: ValidCreationPayload,
): Promise<Checked> {
  const checked = await storefrontRefusal(c, deps, payload)
  if (checked instanceof Response) return { refusal: checked }
  const { cents, option } = checked
  const totalCents = payload.orderItems.reduce(
    (sum, item) => sum + (cents.get(item.product) ?? 0) * item.quantity,
    0,
  )
  return {
    refusal: null,
    payload: {
      ...payload,
      orderItems: payload.orderItems.map((item) => ({
        ...item,
        price: centsToReais(cents.get(item.product) ?? 0),
      })),
    },
    confirmed: confirmedPlan(option, totalCents),
  }
}

/**
 * The plan the buyer confirmed, as checkout showed it: the option, its installments and the
 * split of the total into them (planAmounts with no rules: the options list carries none).
 */
function confirmedPlan(option: NegotiationType, totalCents: number): PlanFacts {
  const amounts = planAmounts(option.paymentSettings, totalCents)
  return {
    negotiationTypeId: option.id,
    description: option.description,
    paymentMethod: option.paymentSettings.paymentMethod,
    installments: amounts.length,
    amounts,
    totalCents,
  }
}

/**
 * With a session, the order is the account's: its CPF/CNPJ, and a token the service still
 * takes (checked live, so a session the service ended cannot order on the ERP key). Name and
 * e-mail stay as typed: the spec's service has no way to read an account's profile.
 */
async function accountRefusal(
  c: Context,
  deps: CheckoutDeps,
  payload: ValidCreationPayload,
  session: SessionData,
): Promise<Response | null> {
  if (payload.user.document !== session.document) {
    const message =
      'Use o CPF/CNPJ da conta conectada, ou saia da conta para comprar para outra pessoa.'
    return problem(c, 422, message, {
      code: 'document_not_account',
      errors: [{ path: 'user.document', message }],
    })
  }
  const live = await deps.upstream.run(
    c.get('tenant'),
    'listOrders',
    { page: 1 },
    { bearer: session.accessToken },
  )
  if (live.kind === 'refused' && live.meaning === 'session_expired') {
    await endSession(c, deps)
    return meaningProblem(c, live)
  }
  if (live.kind !== 'ok') return meaningProblem(c, live)
  return null
}

/**
 * The payment option must be one the link offers and the store can take online. The option is
 * the plan (its count fixed): no count is checked, and none is sent (the payload has none).
 */
async function paymentCheck(
  c: Context,
  deps: CheckoutDeps,
  payload: ValidCreationPayload,
): Promise<Response | NegotiationType> {
  const tenant = c.get('tenant')
  const linkRef = payload.uri ?? tenant.defaultP
  if (linkRef === '') return sellsByLink(c)
  const read = await readPublic(deps, tenant, 'paymentOptions', { linkRef })
  if (read.kind !== 'ok') return problem(c, read.status, read.detail, { code: read.code })
  const options = safeParse(paymentOptionsSchema, JSON.parse(read.json))
  if (!options.success) return problem(c, 502, MEANINGS.erp_key_rejected.detail)
  const option = options.data.negotiationTypes.find((n) => n.id === payload.negotiationType)
  if (!option) {
    return problem(c, 422, 'Esta forma de pagamento não está disponível. Escolha outra.', {
      errors: [{ path: 'negotiationType', message: 'Forma de pagamento indisponível.' }],
    })
  }
  // Cash at the counter, a method the store does not know: paid with the store, not here.
  if (!isPayableOnline(option.paymentSettings)) {
    return problem(c, 422, 'Esta forma de pagamento é combinada com a loja. Escolha outra.', {
      errors: [{ path: 'negotiationType', message: 'Forma de pagamento combinada com a loja.' }],
    })
  }
  return option
}

async function storefrontRefusal(
  c: Context,
  deps: CheckoutDeps,
  payload: ValidCreationPayload,
): Promise<Response | { cents: Map<string, number | null>; option: NegotiationType }> {
  const tenant = c.get('tenant')
  const forbidden: FieldError[] = [
    ...payload.orderItems.flatMap((item, i) =>
      item.discount !== 0
        ? [{ path: `orderItems.${i}.discount`, message: 'Descontos não são aceitos pela loja.' }]
        : [],
    ),
    ...(['code', 'date', 'note'] as const)
      .filter((field) => payload[field] !== undefined)
      .map((field) => ({ path: field, message: 'Campo não aceito pela loja.' })),
  ]
  if (payload.uri !== undefined && !isLinkRef(payload.uri)) {
    forbidden.push({ path: 'uri', message: 'Link de unidade ou indicador inválido.' })
  }
  if (forbidden.length > 0)
    return problem(c, 422, 'A loja não aceita alguns dos dados enviados.', { errors: forbidden })

  const guest = await readAllowGuest(deps, tenant)
  if (!guest.ok) return problem(c, guest.read.status, guest.read.detail, { code: guest.read.code })
  const session = await readSession(c, deps)
  if (!guest.allowGuest && !session) {
    return problem(c, 401, 'Entre na sua conta para finalizar a compra.')
  }
  if (session) {
    const refused = await accountRefusal(c, deps, payload, session)
    if (refused) return refused
  }

  const listing = await readListing(deps, tenant, payload.uri ?? '')
  if (!listing.ok) {
    if (listing.read.code === 'link_rejected') {
      return problem(c, 422, 'Link de unidade ou indicador desconhecido.', {
        errors: [{ path: 'uri', message: 'Link de unidade ou indicador desconhecido.' }],
      })
    }
    return problem(c, listing.read.status, listing.read.detail, { code: listing.read.code })
  }
  const bySku = new Map(listing.listing.prices.map((p) => [p.sku, p]))
  const changed = payload.orderItems.flatMap((item, i): FieldError[] => {
    const product = bySku.get(item.product)
    // A price the service sent unreadable (a PHP null, odd text) is no price: not for sale.
    const price: number | null = product?.price ?? null
    if (!product || product.status !== 1 || price === null)
      return [{ path: `orderItems.${i}.product`, message: 'Produto indisponível.' }]
    if (Math.round(item.price * 100) !== price) {
      return [
        {
          path: `orderItems.${i}.price`,
          message: `O preço mudou: agora é ${formatBRL(price)}.`,
        },
      ]
    }
    return []
  })
  if (changed.length > 0) {
    return problem(c, 422, 'Os preços ou a disponibilidade mudaram. Revise o carrinho.', {
      errors: changed,
    })
  }
  const option = await paymentCheck(c, deps, payload)
  if (option instanceof Response) return option
  return { cents: new Map(listing.listing.prices.map((p) => [p.sku, p.price])), option }
}

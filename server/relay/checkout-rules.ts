import type { Context } from 'hono'
import type { ValidCreationPayload } from '../../src/api/schemas/checkout'
import { formatBRL } from '../../src/lib/money'
import { isLinkRef } from '../../src/lib/place-ref'
import type { RouteDeps } from './deps'
import { problem, type FieldError } from './problem'
import { readAllowGuest, readListing } from './public-read'
import { readSession } from './session-cookie'

/**
 * What the storefront allows, checked here because the relay sends the order with the ERP key
 * and is the only trust boundary between a browser and the service: fields the store never
 * sends (discounts, a sale code or date, a note) are refused, a guest cannot check out where the
 * tenant requires login, and every item must be on sale at the price of the buyer's listing.
 * Returns the answer to send, or null when the order may go on.
 */
export async function storefrontRefusal(
  c: Context,
  deps: RouteDeps,
  payload: ValidCreationPayload,
) {
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
  if (!guest.allowGuest && !(await readSession(c, deps))) {
    return problem(c, 401, 'Entre na sua conta para finalizar a compra.')
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
  return null
}

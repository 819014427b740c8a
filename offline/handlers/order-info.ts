import { http, HttpResponse } from 'msw'
import { operations } from '../../common/contract/upstream/operations'
import type { TenantState } from '../model'
import { P_SEPARATORS, parseServiceRef } from '../service-ref'
import {
  badRequest,
  enveloped,
  forbidden,
  notFound,
  say,
  findTenant,
  unknownOrigin,
  type HandlerContext,
} from './context'

/**
 * Operations 6, 7, 8 and 9 share `GET /order/info` and are told apart by the query:
 * `q=options&t=prices` products; `q=options&t=negotiationTypes` payment options of the unit
 * (`p=u…`) or referrer (`p=i…`); only `t` → one order by its public token.
 *
 * The spec dialect takes `p` as `u12:ab3f` or `u12_ab3f` (404 unknown, 400 malformed) and
 * answers an unknown token 404. The docs dialect takes only `u4_goiere` and refuses anything
 * else — another separator, a malformed or an unknown place — with 403 "Forbidden (indicator
 * scope)", and an unknown token with 403 "Forbidden (Invalid token)" (api/error_messages.md).
 */
export function orderInfoHandlers(ctx: HandlerContext) {
  const { model } = ctx
  const docs = ctx.dialect === 'docs'
  const separators = P_SEPARATORS[ctx.dialect]
  const outOfScope = () => forbidden('Forbidden (indicator scope)')

  function products(tenant: TenantState, url: URL) {
    if (!url.searchParams.has('p')) {
      return badRequest(
        say(ctx, 'O parâmetro p é obrigatório (pode ser vazio).', 'Missing parameter "p"'),
      )
    }
    const p = url.searchParams.get('p') ?? ''
    let description = tenant.seed.name
    let extra: unknown[] = []
    if (p !== '') {
      const found = model.place(tenant, p, separators)
      if (!found) {
        return docs ? outOfScope() : notFound(`Unidade ou indicador não encontrado: ${p}`)
      }
      description = found.place.description
      // A product the ERP left without a price (PHP null): the docs dialect only.
      if (docs) extra = found.place.docsOnlyProducts ?? []
    }
    return HttpResponse.json({
      prices: [...tenant.seed.products, ...extra],
      image: [],
      description,
      origin: 'VENDA_ONLINE',
      id: null,
      _links: model.link(`/order/info?q=options&p=${encodeURIComponent(p)}&t=prices`),
    })
  }

  function paymentOptions(tenant: TenantState, url: URL) {
    const p = url.searchParams.get('p') ?? ''
    if (docs) {
      const found = p === '' ? null : model.place(tenant, p, separators)
      return found ? optionsOf(tenant, p, found) : outOfScope()
    }
    if (p === '') return badRequest('Informe a unidade ou o indicador no parâmetro p.')
    const ref = parseServiceRef(p, separators)
    if (!ref) return badRequest(`Referência inválida: ${p}`)
    const found = model.place(tenant, p, separators)
    if (!found) {
      return notFound(
        ref.kind === 'unit' ? `Unidade não encontrada: ${p}` : `Indicador não encontrado: ${p}`,
      )
    }
    return optionsOf(tenant, p, found)
  }

  function optionsOf(
    tenant: TenantState,
    p: string,
    { kind, place }: NonNullable<ReturnType<typeof model.place>>,
  ) {
    return HttpResponse.json({
      // In the place's own order, as the docs list them (1x, 2x, 3x…).
      negotiationTypes: place.negotiationTypeIds.flatMap((id) =>
        tenant.seed.negotiationTypes.filter((n) => n.id === id),
      ),
      image: place.image,
      description: place.description,
      origin: kind === 'unit' ? 'VENDA_ONLINE_UNIDADE' : 'VENDA_ONLINE_INDICADOR',
      id: String(place.number),
      _links: model.link(`/order/info?q=options&p=${encodeURIComponent(p)}&t=negotiationTypes`),
    })
  }

  // One route for the four operations (they share `operations.products.route`).
  return [
    http.get(`${model.baseUrl}${operations.products.route}`, ({ request }) => {
      const tenant = findTenant(ctx, request)
      if (!tenant) return unknownOrigin(ctx, request)
      const url = new URL(request.url)
      const q = url.searchParams.get('q')
      const t = url.searchParams.get('t')
      if (q !== null) {
        if (q !== 'options') {
          return badRequest(say(ctx, `Valor de q não suportado: ${q}`, `Invalid query "${q}"`))
        }
        if (t === 'prices') return products(tenant, url)
        if (t === 'negotiationTypes') return paymentOptions(tenant, url)
        return badRequest(
          say(
            ctx,
            'Com q=options, t deve ser prices ou negotiationTypes.',
            'Invalid parameter "t"',
          ),
        )
      }
      if (!t) {
        return badRequest(
          say(ctx, 'Informe o identificador do pedido no parâmetro t.', 'Missing parameter "t"'),
        )
      }
      const order = model.orderByPublicToken(tenant, t)
      if (!order)
        return docs ? forbidden('Forbidden (Invalid token)') : notFound('Pedido não encontrado.')
      return enveloped(200, 'Unknown', 'ok', { data: order.detail })
    }),
  ]
}

import { http, HttpResponse } from 'msw'
import { parsePlaceRef } from '../../lib/place-ref'
import type { TenantState } from '../model'
import {
  badRequest,
  enveloped,
  notFound,
  findTenant,
  unknownOrigin,
  type HandlerContext,
} from './context'

/**
 * Operations 6, 7, 8 and 9 share `GET /order/info` and are told apart by the query:
 * `q=options&t=prices` products; `q=options&t=negotiationTypes` payment options of the unit
 * (`p=u…`) or referrer (`p=i…`); only `t` → one order by its public token.
 */
export function orderInfoHandlers(ctx: HandlerContext) {
  const { model } = ctx

  function products(tenant: TenantState, url: URL) {
    if (!url.searchParams.has('p'))
      return badRequest('O parâmetro p é obrigatório (pode ser vazio).')
    const p = url.searchParams.get('p') ?? ''
    let description = tenant.seed.name
    if (p !== '') {
      const found = model.place(tenant, p)
      if (!found) return notFound(`Unidade ou indicador não encontrado: ${p}`)
      description = found.place.description
    }
    return HttpResponse.json({
      prices: tenant.seed.products,
      image: [],
      description,
      origin: 'VENDA_ONLINE',
      id: null,
      _links: model.link(`/order/info?q=options&p=${encodeURIComponent(p)}&t=prices`),
    })
  }

  function paymentOptions(tenant: TenantState, url: URL) {
    const p = url.searchParams.get('p') ?? ''
    if (p === '') return badRequest('Informe a unidade ou o indicador no parâmetro p.')
    const ref = parsePlaceRef(p)
    if (!ref) return badRequest(`Referência inválida: ${p}`)
    const found = model.place(tenant, p)
    if (!found) {
      return notFound(
        ref.kind === 'unit' ? `Unidade não encontrada: ${p}` : `Indicador não encontrado: ${p}`,
      )
    }
    const { kind, place } = found
    return HttpResponse.json({
      negotiationTypes: tenant.seed.negotiationTypes.filter((n) =>
        place.negotiationTypeIds.includes(n.id),
      ),
      image: place.image,
      description: place.description,
      origin: kind === 'unit' ? 'VENDA_ONLINE_UNIDADE' : 'VENDA_ONLINE_INDICADOR',
      id: String(place.number),
      _links: model.link(`/order/info?q=options&p=${encodeURIComponent(p)}&t=negotiationTypes`),
    })
  }

  return [
    http.get(`${model.baseUrl}/order/info`, ({ request }) => {
      const tenant = findTenant(ctx, request)
      if (!tenant) return unknownOrigin(ctx, request)
      const url = new URL(request.url)
      const q = url.searchParams.get('q')
      const t = url.searchParams.get('t')
      if (q !== null) {
        if (q !== 'options') return badRequest(`Valor de q não suportado: ${q}`)
        if (t === 'prices') return products(tenant, url)
        if (t === 'negotiationTypes') return paymentOptions(tenant, url)
        return badRequest('Com q=options, t deve ser prices ou negotiationTypes.')
      }
      if (!t) return badRequest('Informe o identificador do pedido no parâmetro t.')
      const order = model.orderByPublicToken(tenant, t)
      if (!order) return notFound('Pedido não encontrado.')
      return enveloped(200, 'Unknown', 'ok', { data: order.detail })
    }),
  ]
}

import { productListingSchema } from '../../../common/contract/schemas/catalog'
import { describe, expect, it } from 'vitest'
import { buildRelay, json } from '../testing/test-helpers'

const PROBLEM_TYPE = 'http://www.w3.org/Protocols/rfc2616/rfc2616-sec10.html'

describe('GET /api/parameters', () => {
  it("answers the tenant's parameters", async () => {
    const relay = buildRelay()
    const res = await relay.request('/api/parameters')
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      _embedded: { parameter: { dataKey: string; dataValue: string }[] }
    }
    const allowGuest = body._embedded.parameter.find(
      (p) => p.dataKey === 'public.parameters.checkout.allowGuest',
    )
    expect(allowGuest?.dataValue).toBe('1')
    expect(relay.callsTo('GET', '/parameter')).toHaveLength(1)
  })

  // The attack: markup the service holds for the tenant (terms, scheduling legend) carrying a
  // script, an event handler and a javascript: link. None of it may reach a browser.
  it.each(['spec', 'docs'] as const)(
    'sanitises the tenant markup before it leaves the relay (%s dialect)',
    async (dialect) => {
      const hostile =
        '<p>Prazo de 90 dias.</p><script>steal()</script>' +
        '<img src="/x.png" alt="" onerror="steal()">' +
        '<p><a href="javascript:steal()">Clique aqui</a> ou <a href="https://ajuda.example/">ajuda</a></p>'
      const parameters = {
        'public.parameters.termos': hostile,
        'public.parameters.legendaAgendamento': hostile,
        // Not markup: a URL and a label pass byte for byte, even with characters markup escapes.
        'public.parameters.agendarValidacaoPresencial': 'https://agenda.example/?a=1&b=<2>',
        'public.parameters.dadosIndicador': 'parceiro & <amigo>',
      }
      const relay = buildRelay({
        offlineDialect: dialect,
        upstream: async (request, offline) =>
          new URL(request.url).pathname.endsWith('/parameter')
            ? Response.json({
                _links: { self: { href: '/parameter' } },
                _embedded: {
                  parameter: Object.entries(parameters).map(([dataKey, dataValue]) => ({
                    dataKey,
                    dataValue,
                  })),
                },
                total_items: 4,
              })
            : offline(request),
      })
      const res = await relay.request('/api/parameters')
      expect(res.status).toBe(200)
      const body = (await res.json()) as {
        _embedded: { parameter: { dataKey: string; dataValue: string }[] }
      }
      const value = (key: string) =>
        body._embedded.parameter.find((p) => p.dataKey === key)?.dataValue
      for (const key of ['public.parameters.termos', 'public.parameters.legendaAgendamento']) {
        const markup = value(key) ?? ''
        expect(markup).not.toMatch(/<script|onerror|javascript:|steal/i)
        // What a reader needs stays: the text, the safe link.
        expect(markup).toContain('<p>Prazo de 90 dias.</p>')
        expect(markup).toContain('Clique aqui')
        expect(markup).toContain('href="https://ajuda.example/"')
      }
      expect(value('public.parameters.agendarValidacaoPresencial')).toBe(
        parameters['public.parameters.agendarValidacaoPresencial'],
      )
      expect(value('public.parameters.dadosIndicador')).toBe('parceiro & <amigo>')
    },
  )

  it('turns an upstream 5xx into a 502 envelope', async () => {
    const relay = buildRelay({
      upstream: async () =>
        Response.json(
          { title: 'Internal Server Error', detail: 'SQLSTATE[HY000] /var/www/x.php' },
          { status: 503 },
        ),
    })
    const res = await relay.request('/api/parameters')
    expect(res.status).toBe(502)
    const body = await json(res)
    expect(body).toMatchObject({ type: PROBLEM_TYPE, status: 502 })
    expect(JSON.stringify(body)).not.toMatch(/SQLSTATE|\.php/)
  })

  it('turns an upstream that answers non-JSON into a 502 envelope', async () => {
    const relay = buildRelay({
      upstream: async () => new Response('<html>gateway</html>', { status: 200 }),
    })
    const res = await relay.request('/api/parameters')
    expect(res.status).toBe(502)
    expect(await json(res)).toMatchObject({ status: 502 })
  })
})

describe('GET /api/products', () => {
  it('with an empty p lists the company catalog (p sent empty upstream)', async () => {
    const relay = buildRelay()
    const res = await relay.request('/api/products?p=')
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      description: string
      prices: { sku: string; price: number }[]
    }
    expect(body.description).toBe('Certifica Brasil')
    expect(body.prices.find((p) => p.sku === 'ECPF-A1-12')?.price).toBe(159.9)
    const [call] = relay.callsTo('GET', '/order/info')
    expect(call?.url.searchParams.get('p')).toBe('')
    expect(call?.url.searchParams.get('q')).toBe('options')
    expect(call?.url.searchParams.get('t')).toBe('prices')
  })

  it('without p at all behaves as an empty p', async () => {
    const relay = buildRelay()
    const res = await relay.request('/api/products')
    expect(res.status).toBe(200)
    expect(relay.callsTo('GET', '/order/info')[0]?.url.searchParams.has('p')).toBe(true)
  })

  it("with u12_ab3f lists the unit's catalog, sending the service form u12:ab3f", async () => {
    const relay = buildRelay()
    const res = await relay.request('/api/products?p=u12_ab3f')
    expect(res.status).toBe(200)
    expect(await json(res)).toMatchObject({ description: 'Unidade Paulista – São Paulo/SP' })
    expect(relay.callsTo('GET', '/order/info')[0]?.url.searchParams.get('p')).toBe('u12:ab3f')
  })

  it.each(['x12_ab3f', 'u12', 'u12_ab$f', "u1_loja' OR 1=1"])(
    'refuses the invalid link %j with 400 and field errors, without calling upstream',
    async (p) => {
      const relay = buildRelay()
      const res = await relay.request(`/api/products?p=${encodeURIComponent(p)}`)
      expect(res.status).toBe(400)
      const body = await json(res)
      expect(body).toMatchObject({ type: PROBLEM_TYPE, status: 400 })
      expect(body.errors).toEqual([expect.objectContaining({ path: 'p' })])
      expect(relay.calls).toHaveLength(0)
    },
  )

  it('answers an unknown reference with 404 in the envelope', async () => {
    const relay = buildRelay()
    const res = await relay.request('/api/products?p=u99_nada')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/json/)
    expect(await json(res)).toMatchObject({
      type: PROBLEM_TYPE,
      title: 'Not Found',
      status: 404,
      detail: expect.any(String),
    })
  })

  it('reads an unreadable or missing price as no price: the rest of the listing still sells', async () => {
    const relay = buildRelay({
      upstream: async (request, offline) => {
        const body = (await (await offline(request)).json()) as {
          prices: Record<string, unknown>[]
        }
        body.prices[0]!.price = 'cento e cinquenta'
        delete body.prices[1]!.price
        return Response.json(body)
      },
    })
    const res = await relay.request('/api/products?p=')
    expect(res.status).toBe(200)
    // The relay passes the listing on as the service wrote it; the store reads it the same way.
    const { prices } = productListingSchema.parse(await json(res))
    expect(prices[0]!.price).toBeNull()
    expect(prices[1]!.price).toBeNull()
    expect(prices[2]!.price).toEqual(expect.any(Number))
  })

  it('answers 502 (contract violation) when the listing has no list of prices', async () => {
    const relay = buildRelay({
      upstream: async (request, offline) => {
        const res = await offline(request)
        const body = (await res.json()) as { prices: unknown }
        body.prices = 'nenhum'
        return Response.json(body, { status: res.status })
      },
    })
    const res = await relay.request('/api/products?p=')
    expect(res.status).toBe(502)
    expect(await json(res)).toMatchObject({ type: PROBLEM_TYPE, status: 502 })
    expect(relay.logs).toContainEqual(
      expect.objectContaining({ level: 'error', msg: 'upstream contract violation' }),
    )
  })
})

describe('GET /api/payment-options', () => {
  type Options = {
    origin: string
    description: string
    negotiationTypes: { id: number; paymentSettings: { paymentMethod: string | null } }[]
  }

  it("lists a unit's options", async () => {
    const relay = buildRelay()
    const res = await relay.request('/api/payment-options?p=u12_ab3f')
    expect(res.status).toBe(200)
    const body = (await res.json()) as Options
    expect(body.origin).toBe('VENDA_ONLINE_UNIDADE')
    expect(body.negotiationTypes.map((n) => n.id)).toEqual([5, 4, 8])
    // Cash at its counter has no method (api/private/order_details.md): answered, not a 502.
    expect(body.negotiationTypes.find((n) => n.id === 8)).toMatchObject({
      description: 'Dinheiro',
      paymentSettings: { paymentMethod: null, installments: 0 },
    })
    const [call] = relay.callsTo('GET', '/order/info')
    expect(call?.url.searchParams.get('p')).toBe('u12:ab3f')
    expect(call?.url.searchParams.get('t')).toBe('negotiationTypes')
  })

  it("lists a referrer's options, including BOLETO", async () => {
    const relay = buildRelay()
    const res = await relay.request('/api/payment-options?p=i34_k9x')
    expect(res.status).toBe(200)
    const body = (await res.json()) as Options
    expect(body.origin).toBe('VENDA_ONLINE_INDICADOR')
    expect(body.description).toBe('Contabilidade Ribeiro & Associados')
    expect(body.negotiationTypes.some((n) => n.paymentSettings.paymentMethod === 'BOLETO')).toBe(
      true,
    )
  })

  it.each(['', '?p='])("with no link (%j) uses the tenant's default unit", async (query) => {
    const relay = buildRelay()
    const res = await relay.request(`/api/payment-options${query}`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as Options
    expect(body.origin).toBe('VENDA_ONLINE_UNIDADE')
    expect(body.description).toBe('Certifica Brasil – Loja Online')
    expect(relay.callsTo('GET', '/order/info')[0]?.url.searchParams.get('p')).toBe('u1:loja')
  })

  it('refuses an invalid link with 400 and a field error on p', async () => {
    const relay = buildRelay()
    const res = await relay.request('/api/payment-options?p=z1_loja')
    expect(res.status).toBe(400)
    expect((await json(res)).errors).toEqual([expect.objectContaining({ path: 'p' })])
    expect(relay.calls).toHaveLength(0)
  })

  it('answers an unknown referrer with 404 in the envelope', async () => {
    const relay = buildRelay()
    const res = await relay.request('/api/payment-options?p=i99_nope')
    expect(res.status).toBe(404)
    expect(await json(res)).toMatchObject({ type: PROBLEM_TYPE, status: 404, title: 'Not Found' })
  })
})

describe('a refusal of the store’s own listing', () => {
  const indicatorScope = () =>
    Response.json(
      {
        type: PROBLEM_TYPE,
        title: 'Forbidden',
        status: 403,
        detail: 'Forbidden (indicator scope)',
      },
      { status: 403 },
    )

  it('is a configuration problem, not "link not found", when no visitor link was sent', async () => {
    const relay = buildRelay({ upstream: async () => indicatorScope() })
    const res = await relay.request('/api/products?p=')
    expect(res.status).toBe(502)
    const body = await json(res)
    expect(body).toMatchObject({ code: 'store_misconfigured' })
    expect(String(body.detail)).toMatch(/problema de configuração/)
    expect(relay.logs).toContainEqual(
      expect.objectContaining({ level: 'error', msg: 'upstream refused the store listing' }),
    )
  })

  it('is still the link notice when the visitor came by a link the service refuses', async () => {
    const relay = buildRelay({ upstream: async () => indicatorScope() })
    const res = await relay.request('/api/products?p=i99_desconhecido')
    expect(res.status).toBe(404)
    expect(await json(res)).toMatchObject({ code: 'link_rejected' })
  })
})

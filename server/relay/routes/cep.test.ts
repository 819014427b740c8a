import { describe, expect, it } from 'vitest'
import { parseEnv } from '../../host/config'
import { relayOptionsFromEnv } from '../../host/setup'
import { createRelayApp } from '../app'
import { createCepLookup, networkCepProviders } from '../upstream/cep-lookup'
import { buildRelay, json, type RelayHarness } from '../testing/test-helpers'
import type { Fetcher } from '../http/types'

type Provider = 'brasilapi' | 'viacep'
type Handler = (request: Request) => Response | Promise<Response>

/** Answers of the two services as they really come (cep-promise's fixtures, ViaCEP's docs). */
const BRASILAPI_PAULISTA = {
  cep: '01310100',
  state: 'SP',
  city: 'São Paulo',
  neighborhood: 'Bela Vista',
  street: 'Avenida Paulista',
  service: 'correios',
  location: { type: 'Point', coordinates: { longitude: '-46.65', latitude: '-23.56' } },
}
const BRASILAPI_NOT_FOUND = {
  name: 'CepPromiseError',
  message: 'Todos os serviços de CEP retornaram erro.',
  type: 'service_error',
  errors: [
    { name: 'ServiceError', message: 'CEP INVÁLIDO', service: 'correios' },
    { name: 'ServiceError', message: 'CEP não encontrado na base do ViaCEP.', service: 'viacep' },
  ],
}
const VIACEP_PAULISTA = {
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  complemento: 'de 612 a 1510 - lado par',
  bairro: 'Bela Vista',
  localidade: 'São Paulo',
  uf: 'SP',
  estado: 'São Paulo',
  ibge: '3550308',
  ddd: '11',
}
const PAULISTA = {
  cep: '01310100',
  state: 'SP',
  city: 'São Paulo',
  neighborhood: 'Bela Vista',
  street: 'Avenida Paulista',
}

const hangs: Handler = ({ signal }) =>
  new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)))

/** A relay whose CEP providers answer through `handlers`; a provider without one is unreachable. */
function relayWithProviders(handlers: Partial<Record<Provider, Handler>>) {
  const calls: Provider[] = []
  const fetch: Fetcher = async (request) => {
    const provider: Provider = request.url.startsWith('https://brasilapi.com.br/api/cep/v2/')
      ? 'brasilapi'
      : 'viacep'
    calls.push(provider)
    const handler = handlers[provider]
    if (!handler) throw new TypeError('fetch failed')
    return handler(request)
  }
  // The lookup runs on the relay's clock and writes to its log, as the relay's own parts do.
  const relay: RelayHarness = buildRelay({
    cep: createCepLookup({
      providers: networkCepProviders(['brasilapi', 'viacep'], fetch),
      timeoutMs: 50,
      now: () => relay.clock.now,
      log: (entry) => relay.logs.push(entry),
    }),
  })
  return { relay, calls }
}

describe('GET /api/cep/:cep', () => {
  it('answers the address BrasilAPI found, normalised, and lets caches keep it a day', async () => {
    const { relay, calls } = relayWithProviders({
      brasilapi: () => Response.json(BRASILAPI_PAULISTA),
    })
    const res = await relay.request('/api/cep/01310100')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400')
    expect(await res.json()).toEqual(PAULISTA)
    expect(calls).toEqual(['brasilapi'])
  })

  it('takes the CEP with its dash, and both spellings share one cache entry', async () => {
    const { relay, calls } = relayWithProviders({
      brasilapi: () => Response.json(BRASILAPI_PAULISTA),
    })
    expect(await (await relay.request('/api/cep/01310-100')).json()).toEqual(PAULISTA)
    expect(await (await relay.request('/api/cep/01310100')).json()).toEqual(PAULISTA)
    expect(calls).toEqual(['brasilapi'])
  })

  it('a CEP BrasilAPI does not know is a 404 at once, without asking ViaCEP', async () => {
    const { relay, calls } = relayWithProviders({
      brasilapi: () => Response.json(BRASILAPI_NOT_FOUND, { status: 404 }),
      viacep: () => Response.json(VIACEP_PAULISTA),
    })
    const res = await relay.request('/api/cep/99999999')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = await json(res)
    expect(body).toMatchObject({ status: 404, title: 'Not Found', code: 'cep_not_found' })
    // The store's own words, never the provider's.
    expect(body.detail).toBe('CEP não encontrado. Confira o número ou preencha o endereço.')
    expect(calls).toEqual(['brasilapi'])
  })

  it.each([
    ['a 500', () => new Response('Internal Server Error', { status: 500 })],
    ['a timeout', hangs],
    ['a page that is not JSON', () => new Response('<html>Cloudflare</html>', { status: 200 })],
    [
      'a 404 saying its own services are down (not a "not found")',
      () =>
        Response.json(
          {
            ...BRASILAPI_NOT_FOUND,
            errors: [
              { message: 'Erro ao se conectar com o serviço dos Correios.', service: 'correios' },
              { message: 'Erro ao se conectar com o serviço ViaCEP.', service: 'viacep' },
            ],
          },
          { status: 404 },
        ),
    ],
  ] satisfies [string, Handler][])(
    'after %s from BrasilAPI, ViaCEP answers',
    async (_, failing) => {
      const { relay, calls } = relayWithProviders({
        brasilapi: failing,
        viacep: () => Response.json(VIACEP_PAULISTA),
      })
      const res = await relay.request('/api/cep/01310100')
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual(PAULISTA)
      expect(calls).toEqual(['brasilapi', 'viacep'])
    },
  )

  it.each([true, 'true'])(
    'ViaCEP answering erro: %j is a 404 (BrasilAPI being down)',
    async (erro) => {
      const { relay } = relayWithProviders({
        brasilapi: () => new Response(null, { status: 503 }),
        viacep: () => Response.json({ erro }),
      })
      const res = await relay.request('/api/cep/99999999')
      expect(res.status).toBe(404)
      expect(await json(res)).toMatchObject({ code: 'cep_not_found' })
    },
  )

  it('both providers down is a 503, and the failure is not cached: the next buyer asks again', async () => {
    const { relay, calls } = relayWithProviders({ brasilapi: hangs })
    const res = await relay.request('/api/cep/01310100')
    expect(res.status).toBe(503)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await json(res)).toMatchObject({
      status: 503,
      title: 'Service Unavailable',
      code: 'cep_unavailable',
      detail: 'A busca de CEP está indisponível agora. Preencha o endereço, por favor.',
    })
    expect(calls).toEqual(['brasilapi', 'viacep'])

    await relay.request('/api/cep/01310100')
    expect(calls).toEqual(['brasilapi', 'viacep', 'brasilapi', 'viacep'])
  })

  it.each(['1234567', '123456789', '0131-0100', '01310 100', '01310.100', 'abcdefgh', '01310-10a'])(
    'a malformed CEP %j is a 400 without asking any provider',
    async (cep) => {
      const { relay, calls } = relayWithProviders({
        brasilapi: () => Response.json(BRASILAPI_PAULISTA),
      })
      const res = await relay.request(`/api/cep/${encodeURIComponent(cep)}`)
      expect(res.status).toBe(400)
      expect(await json(res)).toMatchObject({
        status: 400,
        code: 'cep_invalid',
        detail: 'CEP inválido: informe os 8 dígitos, como 01310-100.',
      })
      expect(calls).toEqual([])
    },
  )

  it('keeps a found CEP a week and a "not found" an hour, asking nobody in between', async () => {
    const { relay, calls } = relayWithProviders({
      brasilapi: ({ url }) =>
        url.endsWith('/01310100')
          ? Response.json(BRASILAPI_PAULISTA)
          : Response.json(BRASILAPI_NOT_FOUND, { status: 404 }),
    })
    const status = async (cep: string) => (await relay.request(`/api/cep/${cep}`)).status
    expect([await status('01310100'), await status('99999999')]).toEqual([200, 404])
    expect(calls).toHaveLength(2)

    relay.clock.now += 60 * 60_000 - 1
    expect([await status('01310100'), await status('99999999')]).toEqual([200, 404])
    expect(calls).toHaveLength(2)
    relay.clock.now += 1
    expect(await status('99999999')).toBe(404)
    expect(calls).toHaveLength(3)

    relay.clock.now += 7 * 24 * 60 * 60_000 - 60 * 60_000 - 1
    expect(await status('01310100')).toBe(200)
    expect(calls).toHaveLength(3)
    relay.clock.now += 1
    expect(await status('01310100')).toBe(200)
    expect(calls).toHaveLength(4)
  })

  it('past 30 lookups a minute from one address: 429 with Retry-After; another address goes on', async () => {
    const { relay, calls } = relayWithProviders({
      brasilapi: () => Response.json(BRASILAPI_PAULISTA),
    })
    const from = (ip: string) =>
      relay.request('/api/cep/01310100', { headers: { 'x-test-ip': ip } })
    for (let i = 0; i < 30; i++) expect((await from('203.0.113.9')).status).toBe(200)
    const limited = await from('203.0.113.9')
    expect(limited.status).toBe(429)
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(limited.headers.get('content-type')).toMatch(/application\/problem\+json/)
    expect(await json(limited)).toMatchObject({
      status: 429,
      detail: 'Muitas tentativas. Aguarde um pouco e tente de novo.',
    })
    expect((await from('198.51.100.4')).status).toBe(200)
    expect(calls).toEqual(['brasilapi'])
  })

  it('logs the route and the failing provider, never the CEP', async () => {
    const { relay } = relayWithProviders({
      brasilapi: () => new Response('', { status: 502 }),
      viacep: () => Response.json(VIACEP_PAULISTA),
    })
    await relay.request('/api/cep/01310-100')
    await relay.request('/api/cep/01310100')
    await relay.request('/api/cep/0131010x')
    const requests = relay.logs.filter((e) => e.msg === 'request')
    expect(requests.map((e) => e.path)).toEqual(['/api/cep/:cep', '/api/cep/:cep', '/api/cep/:cep'])
    expect(relay.logs).toContainEqual(
      expect.objectContaining({ msg: 'cep provider failed', provider: 'brasilapi' }),
    )
    const logged = JSON.stringify(relay.logs)
    for (const part of ['01310', '0131010', '310100', '310-100']) expect(logged).not.toContain(part)
  })

  it('without a lookup configured (the relay default) every CEP is a 503', async () => {
    const relay = buildRelay({ cep: null })
    const res = await relay.request('/api/cep/01310100')
    expect(res.status).toBe(503)
    expect(await json(res)).toMatchObject({ code: 'cep_unavailable' })
  })
})

describe('GET /api/cep/:cep as configured from the environment', () => {
  const start = async (env: Record<string, string>) =>
    createRelayApp(await relayOptionsFromEnv(parseEnv({ LOG_LEVEL: 'silent', ...env }), () => {}))
  const get = (app: Awaited<ReturnType<typeof start>>, cep: string) =>
    app.request(`http://localhost/api/cep/${cep}`)

  it('offline, the fixtures answer: found, city-wide, unknown and a provider that is down', async () => {
    const app = await start({})
    const paulista = await get(app, '01310-200')
    expect(paulista.status).toBe(200)
    expect(await paulista.json()).toEqual({
      cep: '01310200',
      state: 'SP',
      city: 'São Paulo',
      neighborhood: 'Bela Vista',
      street: 'Avenida Paulista',
    })
    expect(await (await get(app, '78175-000')).json()).toMatchObject({
      city: 'Poconé',
      state: 'MT',
      street: '',
      neighborhood: '',
    })
    expect((await get(app, '99999-999')).status).toBe(404)
    expect((await get(app, '11111-111')).status).toBe(503)
  })

  it('CEP_PROVIDERS=off turns the lookup off: 503, the buyer types the address', async () => {
    const app = await start({ CEP_PROVIDERS: 'off' })
    const res = await get(app, '01310-200')
    expect(res.status).toBe(503)
    expect(await json(res)).toMatchObject({ code: 'cep_unavailable' })
  })
})

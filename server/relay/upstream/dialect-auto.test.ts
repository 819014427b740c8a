import { describe, expect, it } from 'vitest'
import { buildRelay, json, MARIA } from '../testing/test-helpers'

/**
 * `UPSTREAM_DIALECT=auto`: the relay learns how the service speaks from answers only one
 * dialect gives, remembers it, and says so in its log (never with a secret).
 */

const loginBody = (body: unknown) => body as Record<string, unknown>

async function oauthBodies(relay: ReturnType<typeof buildRelay>) {
  return relay.calls.filter((c) => c.url.pathname === '/oauth').length
}

describe('auto dialect: login field spelling', () => {
  it('tries the live service’s spelling first, falls back once to the spec’s, then remembers it', async () => {
    const seen: Record<string, unknown>[] = []
    const relay = buildRelay({
      upstreamDialect: 'auto',
      upstream: async (request, offline) => {
        if (new URL(request.url).pathname === '/oauth')
          seen.push(loginBody(await request.clone().json()))
        return offline(request)
      },
    })
    await relay.login()
    expect(Object.keys(seen[0]!)).toContain('client_id')
    expect(Object.keys(seen[1]!)).toContain('client:id')
    expect(relay.logs).toContainEqual(
      expect.objectContaining({ msg: 'upstream dialect detected', dialect: 'spec' }),
    )
    await relay.login()
    expect(await oauthBodies(relay)).toBe(3)
    expect(Object.keys(seen[2]!)).toContain('client:id')
  })

  it('a 429 on the retried spelling proves nothing: the dialect stays unknown', async () => {
    const relay = buildRelay({
      upstreamDialect: 'auto',
      upstream: async (request, offline) => {
        if (new URL(request.url).pathname !== '/oauth') return offline(request)
        const body = loginBody(await request.clone().json())
        return 'client:id' in body
          ? Response.json(
              { title: 'Too Many Requests', status: 429, detail: 'slow down' },
              { status: 429 },
            )
          : offline(request)
      },
    })
    const res = await relay.send('POST', '/api/session', {
      document: MARIA.document,
      password: MARIA.password,
    })
    expect(res.status).toBe(429)
    expect(relay.logs).not.toContainEqual(
      expect.objectContaining({ msg: 'upstream dialect detected' }),
    )
  })

  it('a wrong password after the spelling switch is a wrong password (401), not an outage', async () => {
    const relay = buildRelay({ upstreamDialect: 'auto' })
    const res = await relay.send('POST', '/api/session', {
      document: MARIA.document,
      password: 'errada',
    })
    expect(res.status).toBe(401)
    expect(await json(res)).toMatchObject({
      code: 'invalid_credentials',
      detail: 'CPF/CNPJ ou senha incorretos.',
    })
  })

  it('a service that changes spelling mid-way is followed, and the change logged', async () => {
    let speaksDocs = false
    const relay = buildRelay({
      upstreamDialect: 'auto',
      upstream: async (request, offline) => {
        if (speaksDocs && new URL(request.url).pathname === '/oauth') {
          const body = loginBody(await request.clone().json())
          if (!('client_id' in body)) {
            return Response.json(
              {
                title: 'invalid_client',
                status: 400,
                detail: 'The client credentials are invalid',
              },
              { status: 400 },
            )
          }
          // Rewrite to the spelling the offline (spec) service takes: the test only needs the
          // docs spelling to be the one that works now.
          const { client_id, client_secret, grant_type, ...rest } = body
          return offline(
            new Request(request.url, {
              method: 'POST',
              headers: request.headers,
              body: JSON.stringify({
                ...rest,
                'client:id': client_id,
                'client:secret': client_secret,
                'grant:type': grant_type,
              }),
            }),
          )
        }
        return offline(request)
      },
    })
    await relay.login()
    speaksDocs = true
    await relay.login()
    expect(relay.logs).toContainEqual(
      expect.objectContaining({ msg: 'upstream dialect changed', dialect: 'docs', was: 'spec' }),
    )
    for (const entry of relay.logs) expect(JSON.stringify(entry)).not.toContain(MARIA.password)
  })

  it('with the dialect fixed, a refused spelling is logged and told in pt-BR as a store problem', async () => {
    const relay = buildRelay({ upstreamDialect: 'docs' })
    const res = await relay.send('POST', '/api/session', {
      document: MARIA.document,
      password: MARIA.password,
    })
    expect(res.status).toBe(502)
    const body = await json(res)
    expect(body).toMatchObject({ code: 'login_client_rejected' })
    expect(JSON.stringify(body)).not.toMatch(/invalid_client|credentials/i)
    expect(await oauthBodies(relay)).toBe(1)
    expect(relay.logs).toContainEqual(
      expect.objectContaining({ msg: 'upstream refused the login client fields', dialect: 'docs' }),
    )
  })
})

describe('auto dialect: link separator', () => {
  it('a link the service refuses with "_" is tried once with ":" and the dialect learned', async () => {
    const relay = buildRelay({
      upstreamDialect: 'auto',
      // A strict spec service: only the colon form.
      upstream: async (request, offline) => {
        const p = new URL(request.url).searchParams.get('p')
        if (p && p.includes('_'))
          return Response.json(
            { title: 'Not Found', status: 404, detail: 'Not found' },
            { status: 404 },
          )
        return offline(request)
      },
    })
    const res = await relay.send('GET', '/api/payment-options?p=i34_k9x')
    expect(res.status).toBe(200)
    const sent = relay.calls
      .filter((c) => c.url.pathname === '/order/info')
      .map((c) => c.url.searchParams.get('p'))
    expect(sent).toEqual(['i34_k9x', 'i34:k9x'])
    // Learned: the next link goes straight in the colon form.
    await relay.send('GET', '/api/products?p=u1_loja')
    expect(relay.calls.at(-1)!.url.searchParams.get('p')).toBe('u1:loja')
  })

  it('a link neither form opens is the link notice (404 link_rejected), in pt-BR', async () => {
    const relay = buildRelay({ upstreamDialect: 'auto' })
    const res = await relay.send('GET', '/api/payment-options?p=i999_nada')
    expect(res.status).toBe(404)
    const body = await json(res)
    expect(body).toMatchObject({ code: 'link_rejected' })
    expect(String(body.detail)).toMatch(/Link de unidade ou indicador/)
  })
})

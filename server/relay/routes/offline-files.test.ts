import { describe, expect, it } from 'vitest'
import { OFFLINE_SERVICE_ORIGIN, relayFileHref } from '../../../common/rules/offline-files'
import { OFFLINE_BASE_URL } from '../../../offline/offline-service'
import { createRelayApp } from '../app'
import { MemoryIdempotencyStore } from '../stores/idempotency-store'
import { MemoryRateLimiter } from '../stores/rate-limit'
import { buildRelay, type RelayHarness } from '../testing/test-helpers'

/** The seeded order V2026-001004 (two boletos) and its first boleto, as the service links it. */
function seededBoleto(relay: RelayHarness) {
  const order = relay.tenantState.orders.find((o) => o.detail.code === 'V2026-001004')!
  const attachment = order.detail.attachmentItems[0]!
  const path = relayFileHref(new URL(attachment.href))
  if (!path) throw new Error('the seeded boleto has no relay path')
  return { order, attachment, path, q: new URL(attachment.href).searchParams.get('q')! }
}

const latin1 = async (res: Response) => new TextDecoder('latin1').decode(await res.arrayBuffer())

describe('GET /api/arquivo/:name over the offline service', () => {
  it('is where the offline service lives: the shared constant is its base URL', () => {
    expect(OFFLINE_BASE_URL).toBe(OFFLINE_SERVICE_ORIGIN)
  })

  it('answers a boleto as a real PDF from its own origin, to save or to open', async () => {
    const relay = buildRelay()
    const { attachment, path } = seededBoleto(relay)
    expect(path).toMatch(
      /^\/api\/arquivo\/boleto-V2026-001004-1\.pdf\?forceDownload=true&q=[0-9a-f]{16}$/,
    )

    const res = await relay.request(path)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${attachment.name}"`)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    // Chrome's viewer needs its <embed> and inline style: the page's policy would block them.
    expect(res.headers.get('content-security-policy')).toContain("object-src 'self'")
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    const pdf = await latin1(res)
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true)
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true)
    expect(pdf).toContain('(Pedido: V2026-001004)')
    expect(pdf).toContain('(Vencimento: 20/08/2026)')
    // "R$ 159,90" with its no-break space, in WinAnsi (octal 240).
    expect(pdf).toContain('(Valor: R$\\240159,90)')
    expect(pdf).toMatch(/\(99\d{3}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}\)/)

    const [call] = relay.calls
    expect(relay.calls).toHaveLength(1)
    expect(`${call!.url.origin}${call!.url.pathname}`).toBe(
      `${OFFLINE_SERVICE_ORIGIN}/arquivo/${attachment.name}`,
    )
  })

  it('answers inline when the link does not force the download', async () => {
    const relay = buildRelay()
    const { attachment, q } = seededBoleto(relay)
    const res = await relay.request(`/api/arquivo/${attachment.name}?q=${q}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="${attachment.name}"`)
  })

  it('answers a wrong signature and an unknown file alike: 404, nothing to tell apart', async () => {
    const relay = buildRelay()
    const { attachment, q } = seededBoleto(relay)
    const wrong = await relay.request(`/api/arquivo/${attachment.name}?q=0000000000000000`)
    const unknown = await relay.request(`/api/arquivo/boleto-V2099-000001-1.pdf?q=${q}`)
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(404)
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    }
  })
})

describe('GET /api/arquivo/:name, attacks', () => {
  const Q = 'q=0a1b2c3d4e5f6789'

  it.each([
    // Path traversal, however spelled.
    `/api/arquivo/..%2F..%2Fetc%2Fpasswd?${Q}`,
    `/api/arquivo/..%2Forder%2Finfo.pdf?${Q}`,
    `/api/arquivo/%2e%2e%2Fparameter.pdf?${Q}`,
    `/api/arquivo/..%5C..%5Cboleto.pdf?${Q}`,
    `/api/arquivo/....pdf?${Q}`,
    `/api/arquivo/.hidden.pdf?${Q}`,
    `/api/arquivo/../order/info?${Q}`,
    `/api/arquivo/a/../../oauth.pdf?${Q}`,
    `/api/arquivo/boleto.pdf%00.html?${Q}`,
    `/api/arquivo/boleto.pdf%0d%0aSet-Cookie:%20x=1?${Q}`,
    `/api/arquivo/boleto%22.pdf?${Q}`,
    `/api/arquivo/${'a'.repeat(200)}.pdf?${Q}`,
    // Another host, as a name.
    `/api/arquivo/http:%2F%2Fevil.example%2Fb.pdf?${Q}`,
    `/api/arquivo/%2F%2Fevil.example%2Fb.pdf?${Q}`,
    `/api/arquivo/evil.example@b.pdf?${Q}`,
    `/api/arquivo/b.pdf%23@evil.example?${Q}`,
    // Not a PDF name; a signature that is not one.
    `/api/arquivo/order?${Q}`,
    '/api/arquivo/boleto.pdf',
    '/api/arquivo/boleto.pdf?q=..%2F..%2Fx',
    '/api/arquivo/boleto.pdf?q=a%26t%3Dx',
  ])('refuses %s without asking the service anything', async (path) => {
    const relay = buildRelay()
    const res = await relay.request(path)
    expect(res.status).toBe(404)
    expect(relay.calls).toHaveLength(0)
  })

  it('never lets a request choose the host: Host, X-Forwarded-Host and extra parameters are ignored', async () => {
    const relay = buildRelay()
    const { path } = seededBoleto(relay)
    const res = await relay.request(`${path}&host=evil.example&url=https://evil.example/x.pdf`, {
      headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' },
    })
    expect(res.status).toBe(200)
    expect(relay.calls).toHaveLength(1)
    const url = relay.calls[0]!.url
    expect(url.origin).toBe(OFFLINE_SERVICE_ORIGIN)
    expect([...url.searchParams.keys()].sort()).toEqual(['forceDownload', 'q'])
  })

  it('passes on nothing but a PDF, and none of the answer’s own headers', async () => {
    const relay = buildRelay({
      upstream: async () =>
        new Response('<script>alert(1)</script>', {
          headers: { 'Content-Type': 'text/html', 'Set-Cookie': 'x=1' },
        }),
    })
    const html = await relay.request(seededBoleto(relay).path)
    expect(html.status).toBe(404)
    expect(await html.text()).not.toContain('<script>')
    expect(html.headers.get('set-cookie')).toBeNull()

    const withCookie = buildRelay({
      upstream: async (request, offline) => {
        const real = await offline(request)
        const headers = new Headers(real.headers)
        headers.set('Set-Cookie', 'x=1')
        headers.set('Content-Disposition', 'attachment; filename="../../evil.exe"')
        return new Response(real.body, { status: 200, headers })
      },
    })
    const { attachment, path } = seededBoleto(withCookie)
    const pdf = await withCookie.request(path)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('set-cookie')).toBeNull()
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="${attachment.name}"`)
  })

  it('answers 502 when the offline service fails, 404 when it refuses', async () => {
    const failing = buildRelay({ upstream: async () => new Response('boom', { status: 500 }) })
    expect((await failing.request(seededBoleto(failing).path)).status).toBe(502)
    const throwing = buildRelay({
      upstream: async () => {
        throw new TypeError('fetch failed')
      },
    })
    expect((await throwing.request(seededBoleto(throwing).path)).status).toBe(502)
  })

  it('is not there over a real service: its files stay on its own host', async () => {
    const asked: string[] = []
    const app = createRelayApp({
      upstream: {
        baseUrl: 'https://api.exemplo.com.br',
        fetch: async (request) => {
          asked.push(request.url)
          return new Response('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } })
        },
        timeoutMs: 1_000,
      },
      resolveTenant: () => ({ origin: 'https://loja.exemplo', erpKey: 'k', defaultP: '' }),
      sessionSecret: 'test-session-secret-0123456789-abcdefghij',
      idempotency: new MemoryIdempotencyStore(),
      rateLimiter: new MemoryRateLimiter(),
      clientIp: () => 'test',
      log: () => {},
      sanitizeMarkup: (html) => html,
    })
    const res = await app.request('http://localhost/api/arquivo/boleto-1.pdf?q=0a1b2c3d4e5f6789')
    expect(res.status).toBe(404)
    expect(asked).toEqual([])
  })
})

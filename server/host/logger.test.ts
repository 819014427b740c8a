import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLog } from './logger'
import { requestIdOf } from '../relay/http/request-id'
import {
  buildRelay,
  idempotencyKey,
  MARIA,
  SEEDED_PUBLIC_TOKEN,
  validCheckout,
} from '../relay/testing/test-helpers'

/** A pino destination that keeps every line written. */
function capture() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
      done()
    },
  })
  return { lines, stream }
}

const CARD = '5577270004286630'
const CVV = '846'
const CPF_DIGITS = MARIA.document
const CPF_PRINTED = '529.982.247-25'

describe('request ids', () => {
  it('keeps a well-formed incoming id and makes a UUID otherwise', () => {
    expect(requestIdOf('edge-7f3a.b_19')).toBe('edge-7f3a.b_19')
    for (const bad of [undefined, '', 'short', 'has space in it', 'x'.repeat(65), 'a/b/c/d/e/f']) {
      expect(requestIdOf(bad)).toMatch(/^[0-9a-f-]{36}$/)
    }
    // A CPF sent as an id would land on every line of the request: a fresh id instead.
    expect(requestIdOf(`id-${CPF_DIGITS}`)).not.toContain(CPF_DIGITS)
  })

  it('is answered, sent upstream on each call and on every log entry of the request', async () => {
    const relay = buildRelay({
      // An upstream that fails, so the upstream client writes its own line too.
      upstream: async (request, offline) =>
        request.method === 'POST' && new URL(request.url).pathname === '/user'
          ? Response.json({ title: 'Erro' }, { status: 500 })
          : offline(request),
    })
    const res = await relay.send(
      'POST',
      '/api/password-recovery',
      { document: '111.444.777-35', email: 'x@exemplo.com.br' },
      { 'X-Request-Id': 'lb-0123456789abcdef' },
    )
    expect(res.headers.get('x-request-id')).toBe('lb-0123456789abcdef')
    expect(relay.calls.length).toBeGreaterThan(0)
    for (const call of relay.calls) {
      expect(call.headers.get('x-request-id')).toBe('lb-0123456789abcdef')
    }
    const request = relay.logs.find((e) => e.msg === 'request')
    const upstream = relay.logs.find((e) => e.msg === 'upstream error')
    expect(request).toMatchObject({ requestId: 'lb-0123456789abcdef' })
    expect(upstream).toMatchObject({ requestId: 'lb-0123456789abcdef' })
  })

  it('differs between two requests without one, and stays off the non-API paths', async () => {
    const relay = buildRelay()
    const a = (await relay.request('/api/products')).headers.get('x-request-id')
    const b = (await relay.request('/api/products')).headers.get('x-request-id')
    expect(a).toMatch(/^[0-9a-f-]{36}$/)
    expect(b).toMatch(/^[0-9a-f-]{36}$/)
    expect(a).not.toBe(b)
    expect((await relay.request('/healthz')).headers.has('x-request-id')).toBe(false)
  })
})

describe('the Node log (pino)', () => {
  it('writes one JSON line per entry, with level, time, msg and the request id', async () => {
    const out = capture()
    const log = createLog('info', out.stream)
    const relay = buildRelay()
    await relay.request('/api/products', { headers: { 'X-Request-Id': 'probe-12345678' } })
    for (const entry of relay.logs) log(entry)
    expect(out.lines.length).toBe(relay.logs.length)
    const lines = out.lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    const request = lines.find((l) => l.msg === 'request')
    expect(request).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'GET',
      path: '/api/products',
      status: 200,
      requestId: 'probe-12345678',
    })
    expect(typeof request?.time).toBe('string')
    expect(Number.isNaN(Date.parse(request!.time as string))).toBe(false)
  })

  it('never writes a card number, a CVV, a CPF or a cookie, from the relay or a careless field', async () => {
    const out = capture()
    const log = createLog('info', out.stream)
    const relay = buildRelay({ offlineDialect: 'docs' })
    const cookie = await relay.login(MARIA)
    await relay.send('POST', '/api/checkout', validCheckout(), {
      'Idempotency-Key': idempotencyKey(),
      Cookie: cookie,
    })
    await relay.send(
      'POST',
      `/api/orders/${SEEDED_PUBLIC_TOKEN}/payment`,
      {
        holderName: 'ANA TESTE',
        cardNumber: CARD,
        expirationMonth: '07',
        expirationYear: String(new Date().getFullYear() + 2),
        securityCode: CVV,
      },
      { 'Idempotency-Key': idempotencyKey(), Cookie: cookie },
    )
    for (const entry of relay.logs) log(entry)
    // The second belt: a field someone adds later under a telling name is censored.
    log({
      level: 'error',
      msg: 'careless',
      cardNumber: CARD,
      securityCode: CVV,
      document: CPF_PRINTED,
      password: MARIA.password,
      accessToken: 'tok-abcdef',
      req: { headers: { cookie } },
      body: { cardNumber: CARD, securityCode: CVV, user: { document: CPF_DIGITS } },
    })
    const text = out.lines.join('\n')
    expect(out.lines.length).toBeGreaterThan(3)
    for (const line of out.lines) expect(() => JSON.parse(line) as unknown).not.toThrow()
    for (const secret of [CARD, CPF_DIGITS, CPF_PRINTED, MARIA.password, 'tok-abcdef', cookie]) {
      expect(text.includes(secret), `${secret} in the log`).toBe(false)
    }
    expect(text).not.toMatch(new RegExp(`(?<![0-9A-Za-z])${CVV}(?![0-9A-Za-z])`))
    expect(text).toContain('[redacted]')
  })

  it('writes nothing when silent', () => {
    const out = capture()
    createLog('silent', out.stream)({ level: 'error', msg: 'x' })
    expect(out.lines).toEqual([])
  })
})

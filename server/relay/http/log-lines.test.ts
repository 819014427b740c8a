import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLog } from '../../host/logger'
import { loggablePath } from './url-paths'
import { buildRelay, SEEDED_PUBLIC_TOKEN } from '../testing/test-helpers'

/**
 * The attack: a request that smuggles something into the relay's log through the fields it
 * controls. Of a log entry's fields, a request sets the path (and the method, which the HTTP
 * parser and `new Request` already confine to a token) and the request id: every other field
 * is the relay's own words, an operation id or a status.
 */

/** pino's lines as written, whole. */
function capture() {
  const chunks: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'))
      done()
    },
  })
  return { text: () => chunks.join(''), stream }
}

/** What ends a line for some reader: C0, DEL, C1 (U+0085 is NEL) and U+2028/U+2029. */
// eslint-disable-next-line no-control-regex
const LINE_BREAKING = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/

const FORGED = '{"level":"error","msg":"forjado"}'
const enc = (text: string) => encodeURIComponent(text)

describe('a path cannot split or forge a log line', () => {
  const breakers = ['\u0085', '\u0080', '\u009b', '\u009f', '\u2028', '\u2029']
  const paths = breakers.flatMap((ch) => [
    // Raw: the URL parser encodes it as UTF-8 on the way in, and the relay decodes it.
    `/x/a${ch}${FORGED}`,
    `/api/products${ch}${FORGED}`,
    `/api/orders/${SEEDED_PUBLIC_TOKEN}${ch}${FORGED}`,
    // Percent-encoded as UTF-8, and encoded twice.
    `/x/a${enc(ch)}${enc(FORGED)}`,
    `/api/nada${enc(enc(ch))}${enc(FORGED)}`,
  ])
  // A lone C1 byte (`%85`) is no UTF-8: the lenient decoder still turns it into U+0085.
  paths.push(`/x/a%85${enc(FORGED)}`, `/x/a%9B${enc(FORGED)}`, `/x/a%C2%85%0A%E2%80%A8b`)

  it.each(paths)('%j', async (path) => {
    const relay = buildRelay()
    for (const method of ['GET', 'POST']) await relay.request(path, { method })
    const requests = relay.logs.filter((e) => e.msg === 'request')
    expect(requests).toHaveLength(2)
    for (const entry of relay.logs) expect(JSON.stringify(entry)).not.toMatch(LINE_BREAKING)

    // And as the Node log writes it: one JSON line per entry, nothing a reader would split.
    const out = capture()
    const log = createLog('info', out.stream)
    for (const entry of relay.logs) log(entry)
    const text = out.text()
    expect(text).not.toMatch(LINE_BREAKING)
    const lines = text.split('\n').filter(Boolean)
    expect(lines).toHaveLength(relay.logs.length)
    for (const line of lines) {
      const parsed = JSON.parse(line) as Record<string, unknown>
      expect(parsed.msg).not.toBe('forjado')
    }
  })

  it('turns each line-breaking character into a `?`, and leaves other text alone', () => {
    expect(loggablePath('/x/a\u0085b\u2028c\u2029d\u009fe')).toBe('/x/a?b?c?d?e')
    expect(loggablePath('/x/a%C2%85b%E2%80%A8c')).toBe('/x/a?b?c')
    expect(loggablePath('/produtos/certificação-a1')).toBe('/produtos/certificação-a1')
  })
})

describe('a request id holding a CPF or CNPJ is replaced', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
  const ids = [
    '529.982.247-25',
    'cpf-529.982.247-25',
    '52998224725',
    'id-52998224725-x',
    '529_982_247_25',
    '529.982.247..25',
    '529-982-247_25-req',
    '11.222.333.0001-81',
    '11-222-333-0001-81',
    '11222333000181',
    'cnpj_11.222.333_0001-81',
  ]

  it.each(ids)('%s: not in the answer, the log or the call upstream', async (id) => {
    const relay = buildRelay()
    const res = await relay.request(`/api/orders/${SEEDED_PUBLIC_TOKEN}`, {
      headers: { 'X-Request-Id': id },
    })
    expect(res.status).toBe(200)
    const answered = res.headers.get('x-request-id')
    expect(answered).toMatch(UUID)

    const request = relay.logs.find((e) => e.msg === 'request')
    expect(request?.requestId).toBe(answered)
    expect(relay.calls.length).toBeGreaterThan(0)
    for (const call of relay.calls) expect(call.headers.get('x-request-id')).toBe(answered)

    const out = capture()
    const log = createLog('info', out.stream)
    for (const entry of relay.logs) log(entry)
    // The document however it is punctuated in the log, not only as it was sent.
    const spelled = new RegExp(id.replace(/\D/g, '').split('').join('\\D{0,3}'))
    expect(out.text()).not.toContain(id)
    expect(out.text()).not.toMatch(spelled)
  })

  it('keeps the ids proxies make', async () => {
    for (const id of [
      'lb-0123456789abcdef',
      'edge-7f3a.b_19',
      '3f2b8c1e-9a7d-4e6f-b5c4-d2e1f0a9b8c7',
      'nginx.4f1a9c2e7b3d8a6f0e5c1b9d7a3f2e84',
    ]) {
      const relay = buildRelay()
      const res = await relay.request('/api/products', { headers: { 'X-Request-Id': id } })
      expect(res.headers.get('x-request-id')).toBe(id)
      expect(relay.calls.at(-1)?.headers.get('x-request-id')).toBe(id)
    }
  })
})

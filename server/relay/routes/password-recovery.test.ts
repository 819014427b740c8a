import { describe, expect, it } from 'vitest'
import { buildRelay, JOAO, json, MARIA } from '../testing/test-helpers'
import { RECOVERY_ACCEPTED_DETAIL } from './password-recovery'

const ask = (
  relay: ReturnType<typeof buildRelay>,
  body: { document: string; email: string },
  ip = '10.0.0.1',
) => relay.send('POST', '/api/password-recovery', body, { 'x-test-ip': ip })

/** Status, headers that matter and body, to compare two answers whole. */
async function answer(res: Response) {
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    cacheControl: res.headers.get('cache-control'),
    body: await res.text(),
  }
}

describe('POST /api/password-recovery', () => {
  it('answers 202 with the generic message, never the PIN prefix or the recovery token', async () => {
    const relay = buildRelay()
    const res = await ask(relay, { document: '529.982.247-25', email: MARIA.email })
    expect(res.status).toBe(202)
    const body = await json(res)
    expect(body).toEqual({
      type: expect.any(String),
      title: 'Forgot Password',
      status: 202,
      detail: RECOVERY_ACCEPTED_DETAIL,
    })
    expect(RECOVERY_ACCEPTED_DETAIL).toMatch(/^Se o CPF ou CNPJ e o e-mail conferem com uma conta/)
    expect(res.headers.get('cache-control')).toBe('no-store')
    // The service did send it (the offline service's answer had a PIN prefix and a token).
    expect(relay.callsTo('POST', '/user')).toHaveLength(1)
  })

  it('sends a company account (CNPJ) its code, as the login takes a CNPJ', async () => {
    const relay = buildRelay()
    const email = 'financeiro@horizonteazul.com.br'
    const res = await ask(relay, { document: '11.222.333/0001-81', email })
    expect(res.status).toBe(202)
    // The offline service found the company account by its CNPJ and e-mail, and "sent" the PIN.
    expect(relay.offline.model.recovery.lastMailTo(email)?.pin).toMatch(/^\d{6}$/)
  })

  it('refuses an invalid CPF or e-mail with 422 and field errors, without calling upstream', async () => {
    const relay = buildRelay()
    const res = await relay.send('POST', '/api/password-recovery', {
      document: '000.000.000-00',
      email: 'não-é-email',
    })
    expect(res.status).toBe(422)
    const errors = (await json(res)).errors as { path: string }[]
    expect(errors.map((e) => e.path).sort()).toEqual(['document', 'email'])
    expect(relay.calls).toHaveLength(0)
  })
})

describe('password recovery attacks', () => {
  it.each(['spec', 'docs'] as const)(
    'is no oracle (%s dialect): a matching pair and pairs of no account get the identical answer',
    async (dialect) => {
      const relay = buildRelay({ offlineDialect: dialect })
      const matching = await answer(
        await ask(relay, { document: MARIA.document, email: MARIA.email }),
      )
      const others = [
        // A real CPF with another person's e-mail, and a CPF of no account.
        { document: MARIA.document, email: JOAO.email },
        { document: '123.456.789-09', email: 'ninguem@exemplo.com.br' },
      ]
      for (const pair of others) expect(await answer(await ask(relay, pair))).toEqual(matching)
      // The service did refuse them (its PHP 500), and nothing of it reached the browser.
      expect(relay.callsTo('POST', '/user')).toHaveLength(3)
      expect(relay.logs).toContainEqual(
        expect.objectContaining({ msg: 'upstream error', status: 500 }),
      )
      expect(matching.body).not.toMatch(/pinPrefix|token|trace|\.php|getEmail|getId/)
    },
  )

  it('answers the spec’s documented 400 refusal the same way too', async () => {
    const relay = buildRelay({
      upstream: async () =>
        Response.json(
          { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'Invalid data' },
          { status: 400 },
        ),
    })
    const res = await ask(relay, { document: MARIA.document, email: 'outro@exemplo.com.br' })
    expect(res.status).toBe(202)
    expect(await json(res)).toMatchObject({ status: 202, detail: RECOVERY_ACCEPTED_DETAIL })
  })

  it.each([
    [
      '503 from a gateway',
      () => new Response('<html>Service Unavailable</html>', { status: 503 }),
      502,
    ],
    ['a 502 JSON answer', () => Response.json({ title: 'Bad Gateway' }, { status: 502 }), 502],
    ['a 500 that is not JSON', () => new Response('Fatal error', { status: 500 }), 502],
    ['no answer at all', () => Promise.reject(new TypeError('fetch failed')), 502],
  ] as const)(
    'still tells a real outage (%s) as %i, so the person can try again',
    async (_label, fail, status) => {
      const relay = buildRelay({ upstream: async () => fail() })
      const res = await ask(relay, { document: MARIA.document, email: MARIA.email })
      expect(res.status).toBe(status)
      const text = await res.text()
      expect(JSON.parse(text)).toMatchObject({ status, code: 'upstream_unavailable' })
      expect(text).not.toContain(RECOVERY_ACCEPTED_DETAIL)
    },
  )

  it('tells a timeout as 504', async () => {
    const relay = buildRelay({ timeoutMs: 20, upstream: () => new Promise(() => {}) })
    const res = await ask(relay, { document: MARIA.document, email: MARIA.email })
    expect(res.status).toBe(504)
    expect(await json(res)).toMatchObject({ status: 504, code: 'upstream_timeout' })
  })

  it('cannot flood one person: 5 requests for one CPF from 5 addresses reach the service 3 times', async () => {
    const relay = buildRelay()
    const answers = []
    for (let i = 1; i <= 5; i++)
      answers.push(
        await answer(
          await ask(relay, { document: MARIA.document, email: MARIA.email }, `10.0.1.${i}`),
        ),
      )
    expect(relay.callsTo('POST', '/user').length).toBeLessThanOrEqual(3)
    // Past the limit the answer is the same 202: the limit per account is not revealed.
    for (const a of answers) expect(a).toEqual(answers[0])
    expect(answers[0]!.status).toBe(202)
  })

  it('counts per CPF, with or without the matching e-mail, and other CPFs are served', async () => {
    const relay = buildRelay()
    for (let i = 1; i <= 5; i++)
      await ask(
        relay,
        { document: MARIA.document, email: `tentativa${i}@exemplo.com.br` },
        `10.0.2.${i}`,
      )
    expect(relay.callsTo('POST', '/user')).toHaveLength(3)
    expect(
      (await ask(relay, { document: JOAO.document, email: JOAO.email }, '10.0.2.9')).status,
    ).toBe(202)
    expect(relay.callsTo('POST', '/user')).toHaveLength(4)
  })

  it('serves the CPF again after an hour', async () => {
    const relay = buildRelay()
    for (let i = 1; i <= 4; i++)
      await ask(relay, { document: MARIA.document, email: MARIA.email }, `10.0.3.${i}`)
    expect(relay.callsTo('POST', '/user')).toHaveLength(3)
    relay.clock.now += 60 * 60_000
    await ask(relay, { document: MARIA.document, email: MARIA.email }, '10.0.3.9')
    expect(relay.callsTo('POST', '/user')).toHaveLength(4)
  })

  it('keeps the per-address limit too (429 with Retry-After), before the per-CPF one', async () => {
    const relay = buildRelay()
    for (let i = 0; i < 5; i++)
      await ask(relay, { document: '123.456.789-09', email: `x${i}@exemplo.com.br` })
    const limited = await ask(relay, { document: MARIA.document, email: MARIA.email })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(
      (await ask(relay, { document: MARIA.document, email: MARIA.email }, '10.0.0.2')).status,
    ).toBe(202)
  })
})

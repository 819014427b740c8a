import { describe, expect, it } from 'vitest'
import { buildRelay, JOAO, json, MARIA, type RelayHarness } from '../testing/test-helpers'

const RECOVERY_COOKIE = '__Host-vitrine_recuperacao'
const NEW_PASSWORD = 'Nova-senha-2026'

/** Asks for a recovery; returns the answer and the `name=value` of the recovery cookie. */
async function ask(
  relay: RelayHarness,
  pair: { document: string; email: string },
  ip = '10.0.0.1',
) {
  const res = await relay.send('POST', '/api/password-recovery', pair, { 'x-test-ip': ip })
  const header = res.headers.getSetCookie().find((c) => c.startsWith(`${RECOVERY_COOKIE}=`))
  if (!header) throw new Error('no recovery cookie set')
  return { res, header, cookie: header.split(';')[0]! }
}

const submit = (relay: RelayHarness, cookie: string, body: unknown) =>
  relay.send('POST', '/api/password-reset', body, { Cookie: cookie })

/** The PIN the offline service "e-mailed" to an address. */
function mailTo(relay: RelayHarness, email: string) {
  const mail = relay.offline.model.recovery.lastMailTo(email)
  if (!mail) throw new Error(`no mail to ${email}`)
  return mail
}

function wrongPin(pin: string) {
  return pin === '000000' ? '111111' : '000000'
}

describe.each(['spec', 'docs'] as const)('password reset (%s dialect)', (dialect) => {
  it('walks from the request to the new password; every older session of the account ends', async () => {
    // Keep the token the service answered, to prove it never reaches the browser.
    const tokens: string[] = []
    const relay = buildRelay({
      offlineDialect: dialect,
      upstream: async (request, offline) => {
        const res = await offline(request)
        const body = (await res.clone().json()) as { token?: string }
        if (body.token) tokens.push(body.token)
        return res
      },
    })
    const before = await relay.login(MARIA)
    const { res, header, cookie } = await ask(relay, MARIA)
    expect(res.status).toBe(202)
    expect(header).toMatch(/HttpOnly/i)
    expect(header).toMatch(/SameSite=Strict/i)
    expect(header).toMatch(/Secure/i)
    expect(header).toMatch(/Max-Age=1800/)
    expect(tokens).toHaveLength(1)
    const mail = mailTo(relay, MARIA.email)

    const prefix = await relay.send('GET', '/api/password-reset', undefined, { Cookie: cookie })
    expect(prefix.headers.get('cache-control')).toBe('no-store')
    const seen = [await res.text(), header, await prefix.clone().text()]
    expect(await json(prefix)).toEqual({ pinPrefix: mail.pinPrefix })

    // Typed as people type it: lower case, spaces, the whole code with its prefix.
    const typed = `${mail.pinPrefix.toLowerCase()}- ${mail.pin.slice(0, 3)} ${mail.pin.slice(3)}`
    const done = await submit(relay, cookie, { pin: typed, password: NEW_PASSWORD })
    const doneText = await done.clone().text()
    seen.push(doneText, ...done.headers.getSetCookie())
    expect(done.status).toBe(200)
    expect(await json(done)).toEqual({ document: '52998224725' })
    expect(done.headers.getSetCookie().join(';')).toMatch(
      new RegExp(`${RECOVERY_COOKIE}=;.*Max-Age=0`),
    )
    const sent = relay.calls.at(-1)!
    expect(sent.url.search).toBe('?q=recovery-password')

    for (const text of seen) {
      expect(text).not.toContain(tokens[0])
      expect(text).not.toContain(mail.pin)
    }
    // The session from before the reset is dead; the new password works, the old one does not.
    const old = await relay.send('GET', '/api/session', undefined, { Cookie: before })
    expect(await json(old)).toMatchObject({ authenticated: false })
    await relay.login({ document: MARIA.document, password: NEW_PASSWORD })
    const again = await relay.send('POST', '/api/session', MARIA)
    expect(again.status).toBe(401)
    // The recovery is spent: a copy of the same cookie opens nothing more, and the service is
    // not asked again.
    const calls = relay.calls.length
    const replay = await submit(relay, cookie, { pin: mail.pin, password: 'Outra-senha-99' })
    expect(replay.status).toBe(410)
    expect(await json(replay)).toMatchObject({ code: 'recovery_missing' })
    const screen = await relay.send('GET', '/api/password-reset', undefined, { Cookie: cookie })
    expect(screen.status).toBe(410)
    expect(relay.calls.length).toBe(calls)
  })

  it('is no oracle: a pair of no account gets the same cookie, prefix shape and failures', async () => {
    const relay = buildRelay({ offlineDialect: dialect })
    const real = await ask(relay, MARIA)
    const fake = await ask(relay, { document: MARIA.document, email: JOAO.email }, '10.0.0.2')
    expect(await fake.res.text()).toBe(await real.res.text())
    const attributes = (h: string) => h.split(';').slice(1).join(';')
    expect(attributes(fake.header)).toBe(attributes(real.header))
    expect(fake.cookie.length).toBe(real.cookie.length)

    const prefixOf = async (cookie: string) =>
      (await json(await relay.send('GET', '/api/password-reset', undefined, { Cookie: cookie })))
        .pinPrefix as string
    const realPrefix = await prefixOf(real.cookie)
    const fakePrefix = await prefixOf(fake.cookie)
    expect(fakePrefix.replace(/[A-Z]/g, 'A')).toBe(realPrefix.replace(/[A-Z]/g, 'A'))

    // Any PIN fails alike, four times, and the fifth is the same 429.
    const pin = mailTo(relay, MARIA.email).pin
    for (let i = 1; i <= 5; i++) {
      const a = await submit(relay, real.cookie, { pin: wrongPin(pin), password: NEW_PASSWORD })
      const b = await submit(relay, fake.cookie, { pin, password: NEW_PASSWORD })
      expect(b.status).toBe(a.status)
      expect(await b.text()).toBe(await a.text())
      expect(a.status).toBe(i < 5 ? 422 : 429)
    }
  })
})

describe('password reset refusals', () => {
  it('410 without a recovery in this browser, or once 30 minutes passed', async () => {
    const relay = buildRelay()
    const none = await relay.send('GET', '/api/password-reset')
    expect(none.status).toBe(410)
    expect(await json(none)).toMatchObject({ code: 'recovery_missing' })
    const { cookie } = await ask(relay, MARIA)
    relay.clock.now += 31 * 60_000
    const late = await submit(relay, cookie, { pin: '123456', password: NEW_PASSWORD })
    expect(late.status).toBe(410)
    // A forged or altered cookie is no recovery either.
    const forged = await submit(relay, `${cookie.slice(0, -2)}xx`, {
      pin: '123456',
      password: NEW_PASSWORD,
    })
    expect(forged.status).toBe(410)
  })

  it('a wrong PIN: 422 "Código inválido ou expirado", the password stays', async () => {
    const relay = buildRelay()
    const { cookie } = await ask(relay, MARIA)
    const pin = wrongPin(mailTo(relay, MARIA.email).pin)
    const res = await submit(relay, cookie, { pin, password: NEW_PASSWORD })
    expect(res.status).toBe(422)
    expect(await json(res)).toMatchObject({
      code: 'recovery_pin_invalid',
      detail: expect.stringMatching(/^Código inválido ou expirado/),
    })
    expect((await relay.send('POST', '/api/session', MARIA)).status).toBe(200)
  })

  it('an expired token at the service: the same 422', async () => {
    const relay = buildRelay()
    const { cookie } = await ask(relay, MARIA)
    relay.offline.model.recovery.expireAll()
    const res = await submit(relay, cookie, {
      pin: mailTo(relay, MARIA.email).pin,
      password: NEW_PASSWORD,
    })
    expect(res.status).toBe(422)
    expect(await json(res)).toMatchObject({ code: 'recovery_pin_invalid' })
  })

  it('a weak password: 422 with the rules it breaks, before the service is asked', async () => {
    const relay = buildRelay()
    const { cookie } = await ask(relay, MARIA)
    const calls = relay.calls.length
    const res = await submit(relay, cookie, {
      pin: mailTo(relay, MARIA.email).pin,
      password: 'abc',
    })
    expect(res.status).toBe(422)
    const errors = (await json(res)).errors as { path: string; message: string }[]
    expect(errors.map((e) => e.path)).toEqual(['password', 'password', 'password'])
    expect(errors.map((e) => e.message).join(' ')).toMatch(/8 a 64 caracteres.*maiúscula.*número/)
    expect(relay.calls.length).toBe(calls)
  })

  it.each([
    ['nova-senha-2026', /maiúscula/],
    ['NOVA-SENHA-2026', /minúscula/],
    ['NovaSenhaForte', /número/],
  ])('the docs’ rule: %s is refused before the service is asked', async (password, words) => {
    const relay = buildRelay()
    const { cookie } = await ask(relay, MARIA)
    const calls = relay.calls.length
    const res = await submit(relay, cookie, { pin: mailTo(relay, MARIA.email).pin, password })
    expect(res.status).toBe(422)
    expect(await json(res)).toMatchObject({
      errors: [{ path: 'password', message: expect.stringMatching(words) }],
    })
    expect(relay.calls.length).toBe(calls)
  })

  it.each([
    [
      '422 naming the password',
      422,
      {
        title: 'Unprocessable Entity',
        detail: 'Failed Validation',
        validation_messages: { password: { weak: 'Too weak' } },
      },
    ],
    ['400 about the password', 400, { title: 'Bad Request', detail: 'Invalid password' }],
  ] as [string, number, object][])(
    'a new password the service refuses (%s): told on the password field, and no PIN guess spent',
    async (_label, status, body) => {
      const relay = buildRelay({
        upstream: async (request, offline) =>
          new URL(request.url).searchParams.get('q') === 'recovery-password'
            ? Response.json({ type: 'about:blank', status, ...body }, { status })
            : offline(request),
      })
      const { cookie } = await ask(relay, MARIA)
      const pin = mailTo(relay, MARIA.email).pin
      // More refusals than the PIN limit (5), each one reaching the service: none counted.
      for (let i = 0; i < 6; i++) {
        const res = await submit(relay, cookie, { pin, password: NEW_PASSWORD })
        expect(res.status).toBe(422)
        const answer = await json(res)
        expect(answer).toMatchObject({
          code: 'recovery_password_rejected',
          errors: [
            { path: 'password', message: 'O serviço não aceitou esta senha. Escolha outra.' },
          ],
        })
        expect(JSON.stringify(answer)).not.toMatch(/PIN|Too weak|Invalid password/)
      }
      expect(
        relay.logs.some((l) => l.msg === 'upstream refused a new password the store allows'),
      ).toBe(true)
      expect(
        relay.calls.filter((c) => c.url.searchParams.get('q') === 'recovery-password'),
      ).toHaveLength(6)
    },
  )

  it('5 wrong PINs: 429 with the wait, and then even the right PIN waits', async () => {
    const relay = buildRelay()
    const { cookie } = await ask(relay, MARIA)
    const pin = mailTo(relay, MARIA.email).pin
    for (let i = 0; i < 4; i++)
      expect(
        (await submit(relay, cookie, { pin: wrongPin(pin), password: NEW_PASSWORD })).status,
      ).toBe(422)
    const fifth = await submit(relay, cookie, { pin: wrongPin(pin), password: NEW_PASSWORD })
    expect(fifth.status).toBe(429)
    // The window opened at the first guess (each wrong answer waited its floor since).
    expect(Number(fifth.headers.get('retry-after'))).toBeGreaterThan(29 * 60)
    expect(Number(fifth.headers.get('retry-after'))).toBeLessThanOrEqual(30 * 60)
    expect(await json(fifth)).toMatchObject({
      code: 'recovery_pin_locked',
      detail: expect.stringContaining('Aguarde 30 minutos'),
    })
    const calls = relay.calls.length
    const right = await submit(relay, cookie, { pin, password: NEW_PASSWORD })
    expect(right.status).toBe(429)
    expect(relay.calls.length).toBe(calls)
  })
})

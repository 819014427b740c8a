/**
 * The PIN step from a browser that never held the recovery cookie: the code asked on a laptop,
 * the e-mail opened on a phone. The CPF and e-mail the code was asked with stand for the cookie.
 */
import { describe, expect, it } from 'vitest'
import { buildRelay, JOAO, json, MARIA, type RelayHarness } from '../testing/test-helpers'
import { askRecovery, NEW_PASSWORD, submitPin } from '../testing/test-pin-attack'
import { MemoryRecoveryStore } from '../sessions/recovery-store'

const pairOf = (account: { document: string; email: string }) => ({
  document: account.document,
  email: account.email,
})

function mailTo(relay: RelayHarness, email: string) {
  const mail = relay.offline.model.recovery.lastMailTo(email)
  if (!mail) throw new Error(`no mail to ${email}`)
  return mail
}

const wrongPin = (pin: string) => (pin === '000000' ? '111111' : '000000')
const pinChecks = (relay: RelayHarness) =>
  relay.calls.filter((c) => c.url.search === '?q=recovery-password')

describe.each(['spec', 'docs'] as const)(
  'the PIN step on another device (%s dialect)',
  (dialect) => {
    it('finishes with the CPF and e-mail instead of the cookie; the old password and sessions end', async () => {
      const relay = buildRelay({ offlineDialect: dialect })
      const before = await relay.login(MARIA)
      const cookie = await askRecovery(relay.send, MARIA, '10.0.0.1')
      const mail = mailTo(relay, MARIA.email)

      // A fresh browser: no cookie, so the screen has no prefix to show…
      expect((await relay.send('GET', '/api/password-reset')).status).toBe(410)
      // …and the person types the CPF as masked, the e-mail as they remember it, the whole code.
      const done = await submitPin(
        relay.send,
        { document: '529.982.247-25', email: '  Maria.Santos@Exemplo.com.br ' },
        mail.code,
        '10.0.0.2',
      )
      expect(done.status).toBe(200)
      expect(await json(done)).toEqual({ document: MARIA.document })
      expect(pinChecks(relay)).toHaveLength(1)

      const old = await relay.send('GET', '/api/session', undefined, { Cookie: before })
      expect(await json(old)).toMatchObject({ authenticated: false })
      expect((await relay.send('POST', '/api/session', MARIA)).status).toBe(401)
      await relay.login({ document: MARIA.document, password: NEW_PASSWORD })

      // Used once, whichever way: not again by the pair, nor by the cookie of the browser that asked.
      const again = await submitPin(relay.send, pairOf(MARIA), mail.pin, '10.0.0.3')
      expect(again.status).toBe(422)
      expect((await submitPin(relay.send, cookie, mail.pin, '10.0.0.4')).status).toBe(410)
      expect(pinChecks(relay)).toHaveLength(1)
    })
  },
)

describe('the PIN step on another device', () => {
  it('checks who asked before anything: field errors, not a guess, nothing sent', async () => {
    const relay = buildRelay()
    await askRecovery(relay.send, MARIA, '10.0.0.1')
    const res = await relay.send('POST', '/api/password-reset', {
      document: '000.000.000-00',
      email: 'não-é-email',
      pin: '123456',
      password: NEW_PASSWORD,
    })
    expect(res.status).toBe(422)
    const errors = (await json(res)).errors as { path: string }[]
    expect(errors.map((e) => e.path).sort()).toEqual(['document', 'email'])
    expect(pinChecks(relay)).toHaveLength(0)
    // Not counted: five wrong guesses still get their own answers after it.
    const pin = mailTo(relay, MARIA.email).pin
    for (let i = 1; i <= 5; i++) {
      const guess = await submitPin(relay.send, pairOf(MARIA), wrongPin(pin), `10.1.0.${i}`)
      expect(guess.status).toBe(i < 5 ? 422 : 429)
    }
  })

  it('no request of this pair, or one of no account: the same failure as a wrong PIN, never sent', async () => {
    const relay = buildRelay()
    await askRecovery(relay.send, MARIA, '10.0.0.1')
    await askRecovery(relay.send, { document: MARIA.document, email: JOAO.email }, '10.0.0.2')
    const pin = mailTo(relay, MARIA.email).pin
    const holders = [
      pairOf(MARIA), // a real request, a wrong PIN
      { document: MARIA.document, email: JOAO.email }, // a request of no account
      pairOf(JOAO), // never asked
    ]
    for (let i = 1; i <= 5; i++) {
      const answers = await Promise.all(
        holders.map((holder, n) =>
          submitPin(relay.send, holder, n === 0 ? wrongPin(pin) : pin, `10.2.${n}.${i}`),
        ),
      )
      const texts = await Promise.all(answers.map((a) => a.text()))
      expect(answers.map((a) => a.status)).toEqual(Array(3).fill(i < 5 ? 422 : 429))
      expect(new Set(texts).size).toBe(1)
      if (i === 1) expect(texts[0]).toMatch(/O código não confere com o CPF ou CNPJ e o e-mail/)
    }
    expect(pinChecks(relay)).toHaveLength(5)
  })

  it('the pair reaches the latest request: the code of the most recent e-mail works', async () => {
    const relay = buildRelay()
    await askRecovery(relay.send, MARIA, '10.0.0.1')
    const first = mailTo(relay, MARIA.email)
    await askRecovery(relay.send, MARIA, '10.0.0.2')
    const second = mailTo(relay, MARIA.email)
    expect((await submitPin(relay.send, pairOf(MARIA), first.pin, '10.0.0.3')).status).toBe(422)
    expect((await submitPin(relay.send, pairOf(MARIA), second.pin, '10.0.0.4')).status).toBe(200)
  })

  it('a request past the per-account limit does not replace the owner’s record', async () => {
    const relay = buildRelay()
    for (let i = 1; i <= 3; i++) await askRecovery(relay.send, MARIA, `10.0.0.${i}`)
    const owners = mailTo(relay, MARIA.email)
    // The 4th in the hour reaches no service and sends no e-mail: it must not make the pair's
    // record a tokenless one, or the owner's code would fail from the phone.
    await askRecovery(relay.send, MARIA, '10.0.0.9')
    expect(mailTo(relay, MARIA.email)).toBe(owners)
    expect((await submitPin(relay.send, pairOf(MARIA), owners.pin, '10.0.1.1')).status).toBe(200)
  })

  it('an instance that could not keep the record still finishes in the browser that asked', async () => {
    const store = new MemoryRecoveryStore(Date.now, 0)
    const relay = buildRelay({ recoveries: store })
    const cookie = await askRecovery(relay.send, MARIA, '10.0.0.1')
    expect(relay.logs).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'password recovery not kept for other devices',
      }),
    )
    const pin = mailTo(relay, MARIA.email).pin
    expect((await submitPin(relay.send, pairOf(MARIA), pin, '10.0.0.2')).status).toBe(422)
    expect((await submitPin(relay.send, cookie, pin, '10.0.0.3')).status).toBe(200)
  })
})

/**
 * The PIN step and the login as an attacker uses them: many guesses at once, from many
 * addresses (on two relays over one Redis: redis/pin-guesses.test.ts); the answer's timing as an account oracle; a
 * recovery cookie carried to another store or kept after its use.
 */
import { describe, expect, it } from 'vitest'
import { buildRelay, JOAO, json, MARIA } from '../testing/test-helpers'
import {
  askRecovery,
  GUESSES,
  guessAtOnce,
  isPinCheck,
  NEW_PASSWORD,
  slowPinCheck,
  submitPin,
} from '../testing/test-pin-attack'
import { PIN_ANSWER_FLOOR_MS } from './password-reset'

describe('300 PIN guesses at once, from 300 addresses', () => {
  it('in memory: at most 5 reach the service, and then even the right PIN is refused', async () => {
    const relay = buildRelay({ upstream: slowPinCheck })
    const cookie = await askRecovery(relay.send, MARIA, '10.0.0.1')
    const mail = relay.offline.model.recovery.lastMailTo(MARIA.email)!
    const answers = await guessAtOnce([relay.send], cookie, mail.pin)

    const checks = relay.calls.filter((c) => c.url.search.includes('recovery-password'))
    expect(checks.length).toBeLessThanOrEqual(5)
    expect(answers.filter((r) => r.status === 422).length).toBeLessThanOrEqual(4)
    expect(answers.every((r) => r.status === 422 || r.status === 429)).toBe(true)

    const right = await submitPin(relay.send, cookie, mail.pin, '10.8.0.1')
    expect(right.status).toBe(429)
    expect(await json(right)).toMatchObject({ code: 'recovery_pin_locked' })
    // The attacker's password never took: the owner's still logs in.
    expect(
      (await relay.send('POST', '/api/session', MARIA, { 'x-test-ip': '10.7.0.1' })).status,
    ).toBe(200)
  })

  it('a wrong login is counted before it is asked: 20 at once from one address, 5 reach the service', async () => {
    const relay = buildRelay({ rateLimits: { session: { limit: 1_000, windowMs: 60_000 } } })
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        relay.send('POST', '/api/session', { document: MARIA.document, password: 'errada-123' }),
      ),
    )
    expect(relay.callsTo('POST', '/oauth')).toHaveLength(5)
    expect(answers.filter((r) => r.status === 401)).toHaveLength(5)
    expect(answers.filter((r) => r.status === 429)).toHaveLength(15)
  })

  it('an outage is given back: the service failing does not use up the guesses', async () => {
    let down = true
    const relay = buildRelay({
      upstream: async (request, offline) =>
        down && isPinCheck(request)
          ? new Response('bad gateway', { status: 502 })
          : offline(request),
    })
    const cookie = await askRecovery(relay.send, MARIA, '10.0.0.1')
    const mail = relay.offline.model.recovery.lastMailTo(MARIA.email)!
    for (let i = 0; i < 8; i++) {
      const res = await relay.send(
        'POST',
        '/api/password-reset',
        { pin: mail.pin, password: NEW_PASSWORD },
        { Cookie: cookie, 'x-test-ip': `10.6.0.${i}` },
      )
      expect(res.status).toBe(502)
    }
    down = false
    const done = await submitPin(relay.send, cookie, mail.pin, '10.6.1.1')
    expect(done.status).toBe(200)
  })
})

describe('300 PIN guesses at once from a fresh browser, with the victim’s CPF and e-mail', () => {
  it('at most 5 reach the service, the same 5 as the cookie’s; then the right PIN is refused both ways', async () => {
    const relay = buildRelay({ upstream: slowPinCheck })
    // The owner asked on their laptop; the attacker has no cookie, only the CPF and e-mail.
    const ownerCookie = await askRecovery(relay.send, MARIA, '10.0.0.1')
    const mail = relay.offline.model.recovery.lastMailTo(MARIA.email)!
    const pair = { document: MARIA.document, email: MARIA.email }
    const answers = await guessAtOnce([relay.send], pair, mail.pin)

    expect(relay.calls.filter((c) => c.url.search.includes('recovery-password')).length).toBe(5)
    expect(answers.filter((r) => r.status === 422).length).toBeLessThanOrEqual(4)
    expect(answers.every((r) => r.status === 422 || r.status === 429)).toBe(true)
    // One request, one set of 5 guesses: closed from the fresh browser and from the owner's.
    expect((await submitPin(relay.send, pair, mail.pin, '10.8.0.1')).status).toBe(429)
    expect((await submitPin(relay.send, ownerCookie, mail.pin, '10.8.0.2')).status).toBe(429)
    expect(
      (await relay.send('POST', '/api/session', MARIA, { 'x-test-ip': '10.7.0.1' })).status,
    ).toBe(200)
  })

  it('guesses split between the cookie and the CPF and e-mail share the request’s 5', async () => {
    const relay = buildRelay()
    const cookie = await askRecovery(relay.send, MARIA, '10.0.0.1')
    const pin = relay.offline.model.recovery.lastMailTo(MARIA.email)!.pin
    const wrong = pin === '000000' ? '111111' : '000000'
    const pair = { document: MARIA.document, email: MARIA.email }
    const statuses = []
    for (let i = 0; i < 6; i++) {
      const holder = i % 2 === 0 ? cookie : pair
      statuses.push((await submitPin(relay.send, holder, wrong, `10.5.0.${i}`)).status)
    }
    expect(statuses).toEqual([422, 422, 422, 422, 429, 429])
  })

  it('a pair that asked nothing: no guess reaches the service, and it closes after 5 all the same', async () => {
    const relay = buildRelay()
    const answers = await guessAtOnce(
      [relay.send],
      { document: JOAO.document, email: JOAO.email },
      '123456',
    )
    expect(relay.calls).toHaveLength(0)
    expect(answers.filter((r) => r.status === 422)).toHaveLength(4)
    expect(answers.filter((r) => r.status === 429)).toHaveLength(GUESSES - 4)
  })

  it('takes as long whether or not the CPF and e-mail are an account', async () => {
    const relay = buildRelay({
      upstream: slowPinCheck,
      realTime: true,
      rateLimits: {
        passwordResetPin: { limit: 1_000, windowMs: 30 * 60_000 },
        passwordReset: { limit: 1_000, windowMs: 60_000 },
      },
    })
    await askRecovery(relay.send, MARIA, '10.0.0.1')
    const fake = { document: MARIA.document, email: JOAO.email }
    await askRecovery(relay.send, fake, '10.0.0.2')
    const pin = relay.offline.model.recovery.lastMailTo(MARIA.email)!.pin
    const wrong = pin === '000000' ? '111111' : '000000'
    const timed = async (holder: { document: string; email: string }) => {
      const started = performance.now()
      const res = await submitPin(relay.send, holder, wrong, '10.4.0.1')
      expect(res.status).toBe(422)
      return performance.now() - started
    }
    const runs = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        timed(i % 2 === 0 ? { document: MARIA.document, email: MARIA.email } : fake),
      ),
    )
    expect(Math.min(...runs)).toBeGreaterThanOrEqual(PIN_ANSWER_FLOOR_MS - 5)
  })
})

describe('the PIN step is no timing oracle', () => {
  it('a wrong PIN takes as long whether or not the CPF and e-mail are an account', async () => {
    const relay = buildRelay({
      upstream: slowPinCheck,
      realTime: true,
      rateLimits: {
        passwordResetPin: { limit: 1_000, windowMs: 30 * 60_000 },
        passwordReset: { limit: 1_000, windowMs: 60_000 },
      },
    })
    const real = await askRecovery(relay.send, MARIA, '10.0.0.1')
    const fake = await askRecovery(
      relay.send,
      { document: MARIA.document, email: JOAO.email },
      '10.0.0.2',
    )
    const pin = relay.offline.model.recovery.lastMailTo(MARIA.email)!.pin
    const timed = async (cookie: string) => {
      const started = performance.now()
      const res = await relay.send(
        'POST',
        '/api/password-reset',
        { pin: pin === '000000' ? '111111' : '000000', password: NEW_PASSWORD },
        { Cookie: cookie },
      )
      expect(res.status).toBe(422)
      return performance.now() - started
    }
    const runs = await Promise.all(
      Array.from({ length: 10 }, (_, i) => timed(i % 2 === 0 ? real : fake)),
    )
    const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)]!
    const realTimes = runs.filter((_, i) => i % 2 === 0)
    const fakeTimes = runs.filter((_, i) => i % 2 === 1)
    console.log(
      `PIN answer ms: account ${realTimes.map(Math.round).join(',')}; no account ${fakeTimes.map(Math.round).join(',')}`,
    )
    // Both wait for the floor, well past the service's 150 ms, and their medians match.
    expect(Math.min(...fakeTimes)).toBeGreaterThanOrEqual(PIN_ANSWER_FLOOR_MS - 5)
    expect(Math.min(...realTimes)).toBeGreaterThanOrEqual(PIN_ANSWER_FLOOR_MS - 5)
    expect(Math.abs(median(realTimes) - median(fakeTimes))).toBeLessThan(60)
  })
})

describe('a recovery cookie is for one store, and for one use', () => {
  it('asked on one store, it opens nothing on another store of the same relay secret', async () => {
    const certifica = buildRelay()
    const digitalSul = buildRelay({ tenantIndex: 1 })
    const cookie = await askRecovery(certifica.send, MARIA, '10.0.0.1')
    const pin = certifica.offline.model.recovery.lastMailTo(MARIA.email)!.pin
    const screen = await digitalSul.send('GET', '/api/password-reset', undefined, {
      Cookie: cookie,
    })
    expect(screen.status).toBe(410)
    const guess = await digitalSul.send(
      'POST',
      '/api/password-reset',
      { pin, password: NEW_PASSWORD },
      { Cookie: cookie },
    )
    expect(guess.status).toBe(410)
    expect(digitalSul.calls.filter((c) => c.url.search.includes('recovery-password'))).toHaveLength(
      0,
    )
  })
})

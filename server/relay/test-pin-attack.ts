/**
 * Test support: the PIN-guessing attack, shared by the in-memory and the Redis tests of the
 * PIN step (routes/password-reset-attacks.test.ts, redis/pin-guesses.test.ts).
 */
import { expect } from 'vitest'
import type { Fetcher } from './types'

export const RECOVERY_COOKIE = '__Host-vitrine_recuperacao'
export const NEW_PASSWORD = 'Nova-senha-2026'
export const GUESSES = 300

export type Send = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Response | Promise<Response>

export const isPinCheck = (request: Request) =>
  request.method === 'POST' && new URL(request.url).search.includes('recovery-password')

/** The service a live link would be: 150 ms before it judges a PIN. */
export const slowPinCheck = async (request: Request, offline: Fetcher) => {
  if (isPinCheck(request)) await new Promise((resolve) => setTimeout(resolve, 150))
  return offline(request)
}

export async function askRecovery(
  send: Send,
  pair: { document: string; email: string },
  ip: string,
) {
  const res = await send('POST', '/api/password-recovery', pair, { 'x-test-ip': ip })
  expect(res.status).toBe(202)
  const header = res.headers.getSetCookie().find((c) => c.startsWith(`${RECOVERY_COOKIE}=`))
  return header!.split(';')[0]!
}

/**
 * The attack: the victim's CPF and e-mail ask a recovery; the attacker, holding its cookie,
 * sends 300 PINs at once, each from its own address, across the given relays.
 */
export async function guessAtOnce(relays: Send[], cookie: string, rightPin: string) {
  const wrong = (i: number) => String((Number(rightPin) + 1 + i) % 1_000_000).padStart(6, '0')
  return Promise.all(
    Array.from({ length: GUESSES }, (_, i) =>
      relays[i % relays.length]!(
        'POST',
        '/api/password-reset',
        { pin: wrong(i), password: NEW_PASSWORD },
        { Cookie: cookie, 'x-test-ip': `10.9.${Math.floor(i / 250)}.${i % 250}` },
      ),
    ),
  )
}

/** One PIN sent with the recovery's cookie, from `ip`. */
export function submitPin(send: Send, cookie: string, pin: string, ip: string) {
  return send(
    'POST',
    '/api/password-reset',
    { pin, password: NEW_PASSWORD },
    { Cookie: cookie, 'x-test-ip': ip },
  )
}

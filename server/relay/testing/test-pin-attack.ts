/**
 * Test support: the PIN-guessing attack, shared by the in-memory and the Redis tests of the
 * PIN step (routes/password-reset-attacks.test.ts, redis/pin-guesses.test.ts).
 */
import { expect } from 'vitest'
import type { Fetcher } from '../http/types'

const RECOVERY_COOKIE = '__Host-vitrine_recuperacao'
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
 * Who a PIN is sent for: the recovery's cookie (the browser that asked), or the CPF and e-mail
 * it was asked with (a fresh browser: the PIN screen on another device).
 */
export type Holder = string | { document: string; email: string }

function pinRequest(
  holder: Holder,
  pin: string,
  ip: string,
): { body: unknown; headers: Record<string, string> } {
  return typeof holder === 'string'
    ? { body: { pin, password: NEW_PASSWORD }, headers: { Cookie: holder, 'x-test-ip': ip } }
    : { body: { ...holder, pin, password: NEW_PASSWORD }, headers: { 'x-test-ip': ip } }
}

/**
 * The attack: the victim's CPF and e-mail ask a recovery; the attacker, holding its cookie or
 * only the CPF and e-mail, sends 300 PINs at once, each from its own address, across the relays.
 */
export async function guessAtOnce(relays: Send[], holder: Holder, rightPin: string) {
  const wrong = (i: number) => String((Number(rightPin) + 1 + i) % 1_000_000).padStart(6, '0')
  return Promise.all(
    Array.from({ length: GUESSES }, (_, i) => {
      const { body, headers } = pinRequest(
        holder,
        wrong(i),
        `10.9.${Math.floor(i / 250)}.${i % 250}`,
      )
      return relays[i % relays.length]!('POST', '/api/password-reset', body, headers)
    }),
  )
}

/** One PIN sent with the recovery's cookie, or with the CPF and e-mail, from `ip`. */
export function submitPin(send: Send, holder: Holder, pin: string, ip: string) {
  const { body, headers } = pinRequest(holder, pin, ip)
  return send('POST', '/api/password-reset', body, headers)
}

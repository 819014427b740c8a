import { expect } from 'vitest'
import { ANA_SOUZA, buildRelay, type RelayHarnessOptions } from './test-helpers'

/**
 * What the tests of a referral partner's reads share (routes/referrer-*.test.ts): the relay over
 * the docs' service, the only dialect with those reads, and Ana Souza's session on it.
 */

/** Certifica Brasil's partner portal, where either read points when it cannot answer itself. */
export const PARTNER_PORTAL = 'https://gestao.certificabrasil.com.br/portal'

/** A relay over the docs' service (`options` added) and the seeded partner's session cookie. */
export async function partner(options: RelayHarnessOptions = {}) {
  const relay = buildRelay({ offlineDialect: 'docs', ...options })
  return { relay, cookie: await relay.login(ANA_SOUZA) }
}

/** A read that answered with the partner's data (200, `available`), checked by its schema. */
export async function availableRead<T extends { available: boolean }>(
  schema: { parse(value: unknown): T },
  res: Response,
): Promise<Extract<T, { available: true }>> {
  expect(res.status, await res.clone().text()).toBe(200)
  const body = schema.parse(await res.json())
  if (!body.available) throw new Error('expected the partner reads')
  return body as Extract<T, { available: true }>
}

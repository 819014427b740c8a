/**
 * The webhook configuration (WEBHOOK_PATH, WEBHOOK_SECRETS / WEBHOOK_SECRET, WEBHOOK_ALLOW_IPS)
 * as `npm start` reads it, and the offline start, whose in-process service sends its webhooks to
 * the relay itself.
 */
import { describe, expect, it } from 'vitest'
import { certificaBrasil } from '../../offline/data/tenant-certifica'
import { ConfigError, parseEnv } from './config'
import { createRelayApp } from '../relay/app'
import { REAL_SERVICE_ENV, realServiceRelay } from '../relay/testing/real-service-relay'
import { sseReader } from '../relay/testing/webhook-kit'
import { relayOptionsFromEnv } from './setup'

const SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718'
const STORE = REAL_SERVICE_ENV.TENANT_ORIGIN
const SERVICE = { ...REAL_SERVICE_ENV, UPSTREAM_DIALECT: 'spec' }

/** A relay configured for a real service (which knows no order) and a webhook POST to it. */
async function relayFor(env: Record<string, string>) {
  const relay = await realServiceRelay({ UPSTREAM_DIALECT: 'spec', ...env })
  const post = (path: string, headers: Record<string, string> = {}) =>
    relay.post(path, { event_id: 'ORDER_CREATED', data: { id: '42' } }, headers)
  return { ...relay, post }
}

describe('webhook configuration', () => {
  it('reads secrets per store like ERP_API_KEYS, and refuses weak ones or ones a URL would mangle', () => {
    const env = parseEnv({ ...SERVICE, WEBHOOK_SECRETS: `${STORE}=${SECRET}` })
    expect(env.WEBHOOK_SECRETS?.get(STORE)).toBe(SECRET)
    for (const bad of [
      { WEBHOOK_SECRET: 'curto' },
      { WEBHOOK_SECRET: 'a'.repeat(40) },
      { WEBHOOK_SECRET: `${SECRET}&x=1` },
      { WEBHOOK_SECRETS: `${STORE}=fraco` },
      { WEBHOOK_ALLOW_IPS: '203.0.113.7,não-é-ip' },
      { WEBHOOK_ALLOW_IPS: '203.0.113.0/33' },
      { WEBHOOK_PATH: '/api/webhooks' },
      { WEBHOOK_PATH: 'sem-barra' },
    ]) {
      expect(() => parseEnv({ ...SERVICE, ...bad }), JSON.stringify(bad)).toThrow(ConfigError)
    }
    expect(
      parseEnv({ ...SERVICE, WEBHOOK_ALLOW_IPS: '203.0.113.0/24, 2001:db8::/32' })
        .WEBHOOK_ALLOW_IPS,
    ).toEqual(['203.0.113.0/24', '2001:db8::/32'])
  })

  it('without a secret there is no receiver: the path is unknown', async () => {
    const { options, post, asked } = await relayFor({})
    expect(options.webhooks).toBeUndefined()
    expect((await post(`/webhooks/gestao?key=${SECRET}`)).status).toBe(404)
    expect(asked).toEqual([])
  })

  it('with WEBHOOK_SECRET, the store’s webhooks are received at WEBHOOK_PATH and re-read with its key', async () => {
    const { post, asked } = await relayFor({ WEBHOOK_SECRET: SECRET, WEBHOOK_PATH: '/ganchos/go' })
    expect((await post(`/ganchos/go?key=${SECRET}`)).status).toBe(202)
    expect(asked).toContain('/order-external/42')
    expect((await post(`/webhooks/gestao?key=${SECRET}`)).status).toBe(404)
  })

  it('WEBHOOK_ALLOW_IPS lets only those senders in (behind a proxy: the address it appended)', async () => {
    const { post } = await relayFor({
      WEBHOOK_SECRET: SECRET,
      WEBHOOK_ALLOW_IPS: '203.0.113.0/24,2001:db8::7',
      TRUST_PROXY: '1',
    })
    const from = (address: string) =>
      post(`/webhooks/gestao?key=${SECRET}`, { 'X-Forwarded-For': address })
    expect((await from('203.0.113.9')).status).toBe(202)
    expect((await from('2001:db8::7')).status).toBe(202)
    expect((await from('198.51.100.1')).status).toBe(404)
    // Only the address the proxy appended counts, not what the client claimed before it.
    expect((await from('203.0.113.9, 198.51.100.1')).status).toBe(404)
  })

  it('offline (`npm start` with no UPSTREAM_URL), the in-process service’s webhooks reach the open page', async () => {
    const options = await relayOptionsFromEnv(
      parseEnv({ LOG_LEVEL: 'silent', IMAGES: 'off' }),
      () => {},
    )
    const app = createRelayApp(options)
    const token = certificaBrasil.orders[0]!.publicToken
    const res = await app.request(`http://localhost/api/orders/${token}/events`)
    expect(res.status).toBe(200)
    const stream = sseReader(res)
    await stream.nextEvent()
    const paid = await app.request(`http://localhost/api/dev/orders/${token}/simulate-payment`, {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(paid.status).toBe(200)
    expect(await stream.nextEvent()).toMatchObject({
      event: 'order',
      data: expect.stringContaining('"CONCLUIDO"'),
    })
    // Shutting down ends the open streams.
    await options.close()
    expect(await stream.nextEvent()).toBe('closed')
  })
})

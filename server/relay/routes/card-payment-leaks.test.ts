import { describe, expect, it, vi } from 'vitest'
import type * as IdempotencyModule from '../stores/idempotency-store'
import type { IdempotencyStore } from '../stores/idempotency-store'
import type * as ReadCacheModule from '../upstream/read-cache'
import { buildRelay, idempotencyKey } from '../testing/test-helpers'

/**
 * The attack: an upstream that echoes the card it was sent in every answer it gives (title,
 * detail, validation messages, a success body), with every status the route knows and some it
 * does not. Whatever it says, the card number and the CVV must not reach a log entry, a body
 * the browser gets, the idempotency store, the read cache or a URL.
 */

const seen = vi.hoisted(() => ({ stored: [] as unknown[], cached: [] as unknown[] }))

vi.mock('../stores/idempotency-store', async (importOriginal) => {
  const actual = await importOriginal<typeof IdempotencyModule>()
  class RecordingStore extends actual.MemoryIdempotencyStore implements IdempotencyStore {
    override claim(...args: Parameters<IdempotencyStore['claim']>) {
      seen.stored.push(args)
      return super.claim(...args)
    }
    override complete(...args: Parameters<IdempotencyStore['complete']>) {
      seen.stored.push(args)
      return super.complete(...args)
    }
    override markUnknown(...args: Parameters<IdempotencyStore['markUnknown']>) {
      seen.stored.push(args)
      return super.markUnknown(...args)
    }
  }
  return { ...actual, MemoryIdempotencyStore: RecordingStore }
})

vi.mock('../upstream/read-cache', async (importOriginal) => {
  const actual = await importOriginal<typeof ReadCacheModule>()
  return {
    ...actual,
    createReadCache: (...args: Parameters<typeof actual.createReadCache>) => {
      const inner = actual.createReadCache(...args)
      return {
        get: async (key: string, load: Parameters<typeof inner.get>[1]) => {
          const value = await inner.get(key, load)
          seen.cached.push({ key, value })
          return value
        },
      }
    },
  }
})

const PENDING_CARD = '3a9d5f1b7e2c4a8d6f0b2e4c6a8d0f78'
const NUMBER = '5577270004286630'
const CVV = '846'
/** The number however it might be written back: plain, in groups, its last 12 digits. */
const SECRETS = [NUMBER, '5577 2700 0428 6630', NUMBER.slice(4), CVV]

const year = String(new Date().getFullYear() + 2)
const card = (cardNumber = NUMBER) => ({
  holderName: 'ANA TESTE',
  cardNumber,
  expirationMonth: '07',
  expirationYear: year,
  securityCode: CVV,
})

/** Answers the payment call with `status`, echoing the card everywhere an envelope has room. */
function echoing(status: number) {
  return async (request: Request, offline: (r: Request) => Promise<Response>) => {
    if (request.method !== 'PATCH') return offline(request)
    const sent = await request.text()
    const body = {
      type: 'about:blank',
      title: `Echo ${sent}`,
      status,
      detail: `card_declined invalid_card_number ${sent}`,
      validation_messages: { cardData: { echo: sent } },
      cardData: JSON.parse(sent) as unknown,
    }
    return Response.json(body, { status })
  }
}

/**
 * The same, in the card processor's shape (api/codigos_de_erro.md), where the relay reads
 * and logs fields of its own: the card as the category, the CVV as the acquirer's code, the
 * whole body as the message, and again nested under `error` and inside `detail`.
 */
function echoingProcessor(status: number) {
  return async (request: Request, offline: (r: Request) => Promise<Response>) => {
    if (request.method !== 'PATCH') return offline(request)
    const sent = await request.text()
    const card = (JSON.parse(sent) as { cardData: { cardNumber: string; securityCode: string } })
      .cardData
    const inner = {
      status: 'Payment Required',
      status_code: status,
      type: 'card_error',
      category: card.cardNumber,
      message: sent,
      code: Number(card.securityCode),
      return_code: card.securityCode,
    }
    return Response.json({ ...inner, error: inner, detail: JSON.stringify(inner) }, { status })
  }
}

/** A secret standing alone (a CVV's 3 digits inside a hex hash is chance, not a leak). */
function expectNoSecret(where: string, value: unknown) {
  const text = JSON.stringify(value)
  for (const secret of SECRETS) {
    const alone = new RegExp(`(?<![0-9A-Za-z])${secret}(?![0-9A-Za-z])`)
    expect(alone.test(text), `${where} contains ${secret}: ${text.slice(0, 300)}`).toBe(false)
  }
}

describe('card data never leaves form → relay → the one upstream call', () => {
  it.each(
    [200, 400, 402, 408, 409, 418, 422, 500, 503].flatMap((status) => [
      { status, shape: 'envelope', upstream: echoing(status) },
      { status, shape: 'processor', upstream: echoingProcessor(status) },
    ]),
  )('with an upstream that echoes the card in a $status ($shape)', async ({ upstream }) => {
    seen.stored.length = 0
    seen.cached.length = 0
    const relay = buildRelay({ offlineDialect: 'docs', upstream })
    // The catalog goes through the read cache: it must hold nothing of the payment either.
    await relay.request('/api/products')
    const bodies: unknown[] = []
    for (const body of [card(), card(), card('5577270004286631')]) {
      const res = await relay.send('POST', `/api/orders/${PENDING_CARD}/payment`, body, {
        'Idempotency-Key': idempotencyKey(),
      })
      bodies.push({ status: res.status, headers: [...res.headers], body: await res.text() })
    }
    // The card did reach the service, in the body of the one call: the test is not vacuous.
    const payCalls = relay.callsTo('PATCH', '/order/checkout')
    expect(payCalls.length).toBeGreaterThan(0)
    expectNoSecret('an error or success body', bodies)
    expectNoSecret('a log entry', relay.logs)
    expectNoSecret('the idempotency store', seen.stored)
    expectNoSecret('the read cache', seen.cached)
    expectNoSecret(
      'an upstream URL or header',
      relay.calls.map((c) => [c.url.href, [...c.headers]]),
    )
  })

  it('a card the relay refuses is not echoed in the 422 either', async () => {
    const relay = buildRelay({ offlineDialect: 'docs' })
    const res = await relay.send(
      'POST',
      `/api/orders/${PENDING_CARD}/payment`,
      { ...card('5577270004286631'), securityCode: '84' },
      { 'Idempotency-Key': idempotencyKey() },
    )
    expect(res.status).toBe(422)
    const text = await res.text()
    expect(text).not.toContain('557727000428663')
    expect(text).not.toContain('"84"')
    expectNoSecret('a log entry', relay.logs)
  })
})

/**
 * The exactly-once protocol on its own, over a minimal route: what checkout and card payment
 * both rely on (their own tests cover each route through the relay).
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { problem } from '../http/problem'
import { MemoryIdempotencyStore, type IdempotencyStore } from '../stores/idempotency-store'
import type { RelayEnv } from '../http/types'
import { exactlyOnce, idempotencyKey, sha256Hex, type ExactlyOnceDeps } from './exactly-once'

const KEY = 'key-0123456789abcdef'

interface Harness {
  store: IdempotencyStore
  /** What the route's work does on each call; the default answers 201. */
  work: (body: string) => Promise<Response | 'throw-before' | 'throw-after'>
  sent: string[]
  replays: number
  logs: unknown[]
}

function harness(store: IdempotencyStore = new MemoryIdempotencyStore()) {
  const h: Harness = {
    store,
    work: async () => new Response(null),
    sent: [],
    replays: 0,
    logs: [],
  }
  const deps: ExactlyOnceDeps = {
    options: {
      idempotency: store,
      metrics: {
        idempotencyReplay: () => void h.replays++,
      } as ExactlyOnceDeps['options']['metrics'],
    },
    log: (entry) => void h.logs.push(entry),
    now: () => 1_000,
  }
  const once = exactlyOnce(deps)
  const app = new Hono<RelayEnv>()
  app.post('/do', async (c) => {
    const text = await c.req.text()
    const storeKey = `https://loja.example ${c.req.header('idempotency-key')}`
    const claim = await once.claim(c, {
      storeKey,
      fingerprint: await sha256Hex(text),
      code: 'VT-TEST',
      reusedDetail: 'Chave usada com outro pedido.',
      inProgress: (c) => problem(c, 409, 'Em andamento.', { headers: { 'Retry-After': '2' } }),
      send: (c, kept) => c.json(kept.body as object, kept.status as 201),
    })
    if (claim.kind === 'answered') return claim.response
    if (claim.kind === 'unknown') return problem(c, 409, 'Talvez feito.', { code: 'unknown' })
    const { key } = claim
    return key.guard(async () => {
      const before = await h.work(text)
      if (before === 'throw-before') throw new Error('before sending')
      key.sending()
      h.sent.push(text)
      if (before === 'throw-after') throw new Error('after sending')
      const body = { done: text }
      await key.complete({ status: 201, body })
      return c.json(body, 201)
    })
  })
  app.onError((_error, c) => c.json({ error: true }, 500))
  const send = (body: string, key = KEY) =>
    app.request('/do', { method: 'POST', headers: { 'Idempotency-Key': key }, body })
  return { h, send }
}

describe('exactlyOnce', () => {
  it('replays the kept answer for the same key and body, marked, without doing it again', async () => {
    const { h, send } = harness()
    const first = await send('{"a":1}')
    expect(first.status).toBe(201)
    const again = await send('{"a":1}')
    expect(again.status).toBe(201)
    expect(await again.json()).toEqual({ done: '{"a":1}' })
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(again.headers.get('Cache-Control')).toBe('no-store')
    expect(h.sent).toEqual(['{"a":1}'])
    expect(h.replays).toBe(1)
  })

  it('refuses the same key with another body (422), never answering the other one', async () => {
    const { h, send } = harness()
    await send('{"a":1}')
    const other = await send('{"a":2}')
    expect(other.status).toBe(422)
    const body = (await other.json()) as { title: string; detail: string }
    expect(body.title).toBe('Idempotency Key Reused')
    expect(JSON.stringify(body)).not.toContain('done')
    expect(h.sent).toEqual(['{"a":1}'])
  })

  it('answers a concurrent duplicate with the route’s 409 while the first is under way', async () => {
    const { h, send } = harness()
    let finish!: () => void
    h.work = () => new Promise((resolve) => (finish = () => resolve(new Response(null))))
    const first = send('{"a":1}')
    await new Promise((resolve) => setTimeout(resolve, 0))
    const duplicate = await send('{"a":1}')
    expect(duplicate.status).toBe(409)
    expect(duplicate.headers.get('Retry-After')).toBe('2')
    finish()
    expect((await first).status).toBe(201)
    expect(h.sent).toEqual(['{"a":1}'])
  })

  it('frees the key when the work fails before anything was sent: a retry goes', async () => {
    const { h, send } = harness()
    h.work = async () => 'throw-before'
    expect((await send('{"a":1}')).status).toBe(500)
    expect(await h.store.claim(`https://loja.example ${KEY}`, 'x', 1_000)).toBeNull()
  })

  it('keeps the key unknown when the work fails after sending: a retry never sends again', async () => {
    const { h, send } = harness()
    h.work = async () => 'throw-after'
    expect((await send('{"a":1}')).status).toBe(500)
    h.work = async () => new Response(null)
    const retry = await send('{"a":1}')
    expect(retry.status).toBe(409)
    expect(((await retry.json()) as { code: string }).code).toBe('unknown')
    expect(h.sent).toEqual(['{"a":1}'])
  })

  it('answers a settling write that fails once the work is done, and logs it', async () => {
    const store = new MemoryIdempotencyStore()
    store.complete = () => Promise.reject(new Error('gone'))
    const { h, send } = harness(store)
    expect((await send('{"a":1}')).status).toBe(201)
    expect(h.logs).toEqual([
      { level: 'error', msg: 'idempotency record not written', op: 'complete' },
    ])
  })

  it('refuses a missing or malformed key before claiming anything', async () => {
    const app = new Hono<RelayEnv>()
    app.post('/k', (c) => {
      const asked = idempotencyKey(c)
      return 'refusal' in asked ? asked.refusal : c.text(asked.key)
    })
    const post = (headers: Record<string, string>) => app.request('/k', { method: 'POST', headers })
    expect((await post({})).status).toBe(400)
    expect((await post({ 'Idempotency-Key': 'short' })).status).toBe(400)
    expect((await post({ 'Idempotency-Key': 'bad key with spaces!' })).status).toBe(400)
    expect(await (await post({ 'Idempotency-Key': KEY })).text()).toBe(KEY)
  })
})

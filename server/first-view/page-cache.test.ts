/**
 * The relay's cache of the pages that are the same for everyone: one render for a crowd, stale
 * while made again, and bounded so a flood of one-time pages cannot push out the real ones.
 */
import { describe, expect, it, vi } from 'vitest'
import { PageCache, pageQuery, type PageAnswer } from './page-cache'

const page = (html: string, keep = true): PageAnswer => ({
  status: keep ? 200 : 503,
  html,
  headers: {},
  keep,
})

describe('the relay’s page cache', () => {
  it('a crowd asking one page at once gets one render', async () => {
    const cache = new PageCache()
    let resolve!: (p: PageAnswer) => void
    const render = vi.fn(() => new Promise<PageAnswer>((r) => (resolve = r)))
    const crowd = Array.from({ length: 500 }, () => cache.answer('loja\n/', render))
    resolve(page('<p>catálogo</p>'))
    const answers = await Promise.all(crowd)
    expect(render).toHaveBeenCalledTimes(1)
    expect(new Set(answers.map((a) => a.page.html))).toEqual(new Set(['<p>catálogo</p>']))
  })

  it('fresh, then stale while one render makes it again, then made before it is answered', async () => {
    let now = 0
    const onStale = vi.fn()
    const cache = new PageCache({ freshMs: 2_000, staleMs: 60_000, now: () => now, onStale })
    let version = 1
    const render = vi.fn(async () => page(`v${version}`))
    expect((await cache.answer('k', render)).state).toBe('miss')
    version = 2
    now = 1_999
    expect(await cache.answer('k', render)).toMatchObject({ state: 'hit', page: { html: 'v1' } })
    now = 2_000
    const [a, b] = await Promise.all([cache.answer('k', render), cache.answer('k', render)])
    expect([a.page.html, b.page.html]).toEqual(['v1', 'v1'])
    expect(a.state).toBe('stale')
    await vi.waitFor(() => expect(render).toHaveBeenCalledTimes(2))
    expect((await cache.answer('k', render)).page.html).toBe('v2')
    expect(onStale).toHaveBeenCalledWith('k', 'served')
    version = 3
    now += 2_000 + 60_000
    expect(await cache.answer('k', render)).toMatchObject({ state: 'miss', page: { html: 'v3' } })
  })

  it('a failed render is never kept: the next visitor gets a fresh try; a stale page stays', async () => {
    let now = 0
    const onStale = vi.fn()
    const cache = new PageCache({ freshMs: 1_000, now: () => now, onStale })
    const failing = vi.fn(async () => page('falhou', false))
    await cache.answer('k', failing)
    await cache.answer('k', failing)
    expect(failing).toHaveBeenCalledTimes(2)
    await cache.answer('ok', async () => page('bom'))
    now = 1_500
    expect((await cache.answer('ok', failing)).page.html).toBe('bom')
    await vi.waitFor(() => expect(onStale).toHaveBeenCalledWith('ok', 'refresh_failed'))
    expect((await cache.answer('ok', failing)).page.html).toBe('bom')
  })

  it('attack: 100,000 one-time pages cannot push out the store’s real ones, nor grow memory', async () => {
    const cache = new PageCache({ maxBytes: 4 * 1024 * 1024, freshMs: 60_000 })
    const real = '<main>' + 'produto '.repeat(4_000) + '</main>'
    const render = vi.fn(async () => page(real))
    for (const key of ['loja\n/', 'loja\n/produto/TOKEN-USB', 'loja\n/?p=i34_k9x']) {
      await cache.answer(key, render)
      await cache.answer(key, render)
    }
    for (let i = 0; i < 100_000; i++) {
      await cache.answer(`loja\n/?x=${i}`, async () =>
        page(`<main>${'x'.repeat(20_000)}${i}</main>`),
      )
    }
    const calls = render.mock.calls.length
    for (const key of ['loja\n/', 'loja\n/produto/TOKEN-USB', 'loja\n/?p=i34_k9x']) {
      expect((await cache.answer(key, render)).state).toBe('hit')
    }
    expect(render).toHaveBeenCalledTimes(calls)
    expect(cache.bytes).toBeLessThanOrEqual(4 * 1024 * 1024)
  })

  it('a purge drops one store’s pages, no other’s', async () => {
    const cache = new PageCache()
    await cache.answer('https://a.test\n/', async () => page('a'))
    await cache.answer('https://b.test\n/', async () => page('b'))
    cache.drop('https://a.test\n')
    expect(cache.has('https://a.test\n/')).toBe(false)
    expect(cache.has('https://b.test\n/')).toBe(true)
  })
})

describe('the query a page is kept for', () => {
  it('keeps what the page reads, the link canonical, and drops tracking and unknown fields', () => {
    const query = (search: string) => pageQuery(new URLSearchParams(search)).toString()
    expect(query('utm_source=zap&fbclid=1&x=2&p=i34_k9x')).toBe('p=i34_k9x')
    expect(query('categoria=Servi%C3%A7os&busca=token&p=')).toBe(
      'busca=token&categoria=Servi%C3%A7os',
    )
    expect(query('ordem=preco&busca=token')).toBe(query('busca=token&ordem=preco'))
    expect(query('aviso=produto-indisponivel&p=i34_k9x')).toBe(
      'p=i34_k9x&aviso=produto-indisponivel',
    )
  })
})

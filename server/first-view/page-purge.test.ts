import { describe, expect, it } from 'vitest'
import { renderPage } from '../../src/entry-server'
import { PURGE_PATH } from './page-purge'
import { buildRelay } from '../relay/testing/test-helpers'
import { mountStatic } from '../host/static-files'
import { shellRoot } from '../testing/shell-root'

/**
 * The operator's purge of the relay's kept pages (PAGE_PURGE_TOKEN): a changed price shows on
 * the next visit instead of after the page's time. Written as the attacks on it: a stranger who
 * guesses, a token of another length, a render that read the old price while the purge ran.
 */
const root = shellRoot('vitrine-purge-')
const TOKEN = 'purge-Vb8nQ2xK7mR4tW9zC3pL6hJ1sF5dG0aY'

function relay(options: { purgeToken?: string; upstream?: Parameters<typeof buildRelay>[0] } = {}) {
  return buildRelay({
    ...options.upstream,
    mountStatic: mountStatic(root(), {
      render: renderPage,
      shareReadsMs: 60_000,
      // Fresh for a minute: only a purge makes the page again within the test.
      pageCache: { freshMs: 60_000 },
      purgeToken: options.purgeToken,
    }),
  })
}

const purge = (harness: ReturnType<typeof relay>, authorization?: string) =>
  harness.request(PURGE_PATH, {
    method: 'POST',
    headers: authorization === undefined ? {} : { Authorization: authorization },
  })

const PRODUCT = '/produto/ECPF-A1-12'
const setPrice = (harness: ReturnType<typeof relay>, price: number) => {
  harness.tenantState.seed.products = harness.tenantState.seed.products.map((p) =>
    p.sku === 'ECPF-A1-12' ? { ...p, price } : p,
  )
}

/**
 * Past the public reads' 2 s micro-cache (and the purge's hold), the page is made again, from
 * the service's new answer: not served from a copy kept before.
 */
async function expectMadeAgainWithNewPrice(harness: ReturnType<typeof relay>) {
  harness.clock.now += 3_000
  await new Promise((resolve) => setTimeout(resolve, 2_600))
  const after = await harness.request(PRODUCT)
  expect(after.headers.get('x-cache')).toBe('MISS')
  expect(await after.text()).toMatch(/R\$\s149,90/)
}

describe('POST /_pages/purge', () => {
  it('drops the store’s kept pages: the next visit sees the changed price', async () => {
    const harness = relay({ purgeToken: TOKEN })
    expect(await (await harness.request(PRODUCT)).text()).toMatch(/R\$\s159,90/)
    expect((await harness.request(PRODUCT)).headers.get('x-cache')).toBe('HIT')
    setPrice(harness, 149.9)
    // Kept: still the old price, as it should be without a purge.
    expect(await (await harness.request(PRODUCT)).text()).toMatch(/R\$\s159,90/)

    const res = await purge(harness, `Bearer ${TOKEN}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(((await res.json()) as { dropped: number }).dropped).toBeGreaterThanOrEqual(1)
    // Past the public reads' 2 s micro-cache, the page is made from the service's new answer.
    await expectMadeAgainWithNewPrice(harness)
  }, 15_000)

  it('a visit right after the purge, made from the relay’s reads of before, is not kept', async () => {
    const harness = relay({ purgeToken: TOKEN })
    await harness.request(PRODUCT)
    setPrice(harness, 149.9)
    expect((await purge(harness, `Bearer ${TOKEN}`)).status).toBe(200)
    // Within the public reads' micro-cache: still the old price, and a crowd may be asking.
    expect(await (await harness.request(PRODUCT)).text()).toMatch(/R\$\s159,90/)
    await expectMadeAgainWithNewPrice(harness)
  }, 15_000)

  it('attack: no token, a wrong one or one of another length drops nothing', async () => {
    const harness = relay({ purgeToken: TOKEN })
    await harness.request(PRODUCT)
    for (const guess of [
      undefined,
      '',
      'Bearer ',
      `Bearer ${TOKEN.slice(0, -1)}x`,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, 8)}`,
      TOKEN,
      `Basic ${TOKEN}`,
      `bearer ${TOKEN.toUpperCase()}`,
    ]) {
      const res = await purge(harness, guess)
      expect(res.status, String(guess)).toBe(401)
      expect(res.headers.get('www-authenticate')).toBe('Bearer')
    }
    expect((await harness.request(PRODUCT)).headers.get('x-cache')).toBe('HIT')
  })

  it('does not exist where no token is set: nobody can empty the cache', async () => {
    const harness = relay()
    await harness.request(PRODUCT)
    const res = await purge(harness, `Bearer ${TOKEN}`)
    expect(res.status).not.toBe(200)
    expect((await harness.request(PRODUCT)).headers.get('x-cache')).toBe('HIT')
  })

  it('a render that read the old price while the purge ran is not kept', async () => {
    let hold: Promise<void> | undefined
    let arrived!: () => void
    const answered = new Promise<void>((resolve) => (arrived = resolve))
    const harness = relay({
      purgeToken: TOKEN,
      upstream: {
        upstream: async (request, offline) => {
          const answer = await offline(request)
          if (hold && new URL(request.url).searchParams.get('t') === 'prices') {
            arrived()
            await hold
          }
          return answer
        },
      },
    })
    let release!: () => void
    hold = new Promise((resolve) => (release = resolve))
    // The service answered with the old price; the render waits on the way back.
    const rendering = harness.request(PRODUCT)
    await answered
    setPrice(harness, 149.9)
    expect((await purge(harness, `Bearer ${TOKEN}`)).status).toBe(200)
    hold = undefined
    release()
    expect(await (await rendering).text()).toMatch(/R\$\s159,90/)
    // That page was not kept: the next visit renders again.
    await expectMadeAgainWithNewPrice(harness)
  }, 15_000)
})

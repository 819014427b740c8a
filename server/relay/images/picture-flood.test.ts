import { describe, expect, it } from 'vitest'
import { ACCEPT, photo, photoUrl, pictureRelay } from '../testing/picture-test-kit'

describe('1,000 distinct pictures asked at once', () => {
  it('keeps the work bounded, answers every request, and /healthz stays quick', async () => {
    const relay = pictureRelay({ realTime: true })
    const bytes = await photo(1200, 900)
    const paths = await Promise.all(
      Array.from({ length: 1_000 }, (_, i) =>
        relay.serve(photoUrl(`flood-${i}.jpg`), async () => {
          await new Promise((resolve) => setTimeout(resolve, 50))
          return new Response(bytes.slice())
        }),
      ),
    )

    const started = performance.now()
    const all = Promise.all(
      paths.map((path) => relay.request(`${path}?w=640`, { headers: { Accept: ACCEPT.chrome } })),
    )
    await new Promise((resolve) => setTimeout(resolve, 20))
    const healthStarted = performance.now()
    const health = await relay.request('/healthz')
    const healthMs = performance.now() - healthStarted
    const answers = await all
    const totalMs = performance.now() - started

    expect(health.status).toBe(200)
    expect(healthMs).toBeLessThan(500)
    expect(answers.every((res) => res.status === 200)).toBe(true)
    const busy = answers.filter((res) => res.headers.get('x-picture') === 'placeholder; busy')
    const pictures = answers.filter((res) => res.headers.get('etag') !== null)
    // At most 24 pictures in work at once: the rest got their box at once, `no-store`.
    expect(pictures.length).toBeGreaterThan(0)
    expect(pictures.length + busy.length).toBe(1_000)
    expect(busy.length).toBeGreaterThanOrEqual(1_000 - 100)
    expect(busy.every((res) => res.headers.get('cache-control') === 'no-store')).toBe(true)
    const fetched = [...relay.fetched.values()].reduce((a, b) => a + b, 0)
    expect(fetched).toBe(pictures.length)
    const stats = relay.stats()
    expect(stats.peakResizes).toBeLessThanOrEqual(2)
    expect(stats.peakFetches).toBeLessThanOrEqual(6)
    expect(stats.inWork).toBe(0)
    expect(stats.memoryBytes).toBeLessThanOrEqual(16 * 1024 * 1024)
    expect(totalMs).toBeLessThan(20_000)

    // Once the flood is over, a picture turned away is made on its next request.
    const again = await relay.request(`${paths.at(-1)}?w=640`, {
      headers: { Accept: ACCEPT.chrome },
    })
    expect(again.headers.get('content-type')).toBe('image/avif')
    // On a busy machine (the whole suite on two cores) the flood itself takes seconds.
  }, 30_000)
})

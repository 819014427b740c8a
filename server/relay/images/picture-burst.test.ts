/**
 * One client's burst of cold pictures against everyone else's: the relay's picture work is
 * shared out by client, each original is fetched once for all the widths and formats made from
 * it, and the memory the burst took is bounded.
 */
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { PICTURE_WIDTHS } from '../../../common/rules/picture-widths'
import { ACCEPT, photo, photoUrl, pictureRelay } from '../testing/picture-test-kit'

const FAMILIES = [ACCEPT.chrome, ACCEPT.webp, ACCEPT.crawler]

describe('attack: one address sends 200 concurrent cold picture requests', () => {
  it('a bystander’s pictures still arrive, each original is fetched once, memory stays bounded', async () => {
    const relay = pictureRelay({ realTime: true })
    const bytes = await photo(2400, 1800)
    // 20 photographs, each asked in ten variants (widths × formats): 200 requests.
    const attacker = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        relay.serve(photoUrl(`rajada-${i}.jpg`), async () => {
          await new Promise((resolve) => setTimeout(resolve, 30))
          return new Response(bytes.slice())
        }),
      ),
    )
    const bystander = await Promise.all(
      Array.from({ length: 9 }, (_, i) => relay.serve(photoUrl(`vitrine-${i}.jpg`), bytes)),
    )
    const variants = PICTURE_WIDTHS.flatMap((w) => FAMILIES.map((accept) => ({ w, accept })))
    const rssBefore = process.memoryUsage().rss

    const burst = Promise.all(
      attacker.flatMap((path) =>
        variants.slice(0, 10).map(({ w, accept }) =>
          relay.request(`${path}?w=${w}`, {
            headers: { Accept: accept, 'x-test-ip': '6.6.6.6' },
          }),
        ),
      ),
    )
    // The bystander's page asks while the burst is under way.
    await new Promise((resolve) => setTimeout(resolve, 20))
    const page = await Promise.all(
      bystander.map((path) =>
        relay.request(`${path}?w=640`, {
          headers: { Accept: ACCEPT.chrome, 'x-test-ip': '7.7.7.7' },
        }),
      ),
    )
    const answers = await burst
    const rssPeak = process.memoryUsage().rss

    expect(page.map((res) => res.headers.get('x-picture'))).toEqual(page.map(() => null))
    expect(page.map((res) => res.headers.get('content-type'))).toEqual(page.map(() => 'image/avif'))
    expect(answers.every((res) => res.status === 200)).toBe(true)
    // Every photograph fetched at most once, however many of its variants were made.
    for (const url of attacker.map((_, i) => photoUrl(`rajada-${i}.jpg`))) {
      expect(relay.fetched.get(url) ?? 0).toBeLessThanOrEqual(1)
    }
    const grownMb = (rssPeak - rssBefore) / 2 ** 20
    console.info(`picture burst: RSS grew ${grownMb.toFixed(0)} MB`)
    expect(grownMb).toBeLessThan(250)
  }, 60_000)
})

const svg = (body: string, size = 4000) =>
  new TextEncoder().encode(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${size}" height="${size}">${body}</svg>`,
  )

describe('attack: hostile originals', () => {
  it('an SVG that would take seconds to draw is a placeholder at once, the core left free', async () => {
    const relay = pictureRelay({ realTime: true })
    const hostile = {
      'blur.svg': svg(
        '<filter id="f"><feGaussianBlur stdDeviation="400"/></filter><rect width="4000" height="4000" fill="#2a6" filter="url(#f)"/>',
      ),
      'css-blur.svg': svg(
        '<rect width="4000" height="4000" fill="#2a6" style="filter: blur(300px)"/>',
      ),
      // Each level uses the one below nine times: 9^12 rectangles from 109 elements.
      'use-bomb.svg': svg(
        '<defs><g id="b0"><rect width="10" height="10"/></g>' +
          Array.from(
            { length: 12 },
            (_, i) => `<g id="b${i + 1}">${`<use xlink:href="#b${i}"/>`.repeat(9)}</g>`,
          ).join('') +
          '</defs><use xlink:href="#b12"/>',
      ),
    }
    for (const [name, bytes] of Object.entries(hostile)) {
      const path = await relay.serve(photoUrl(name), bytes)
      const started = performance.now()
      const res = await relay.request(`${path}?w=1920`, { headers: { Accept: ACCEPT.chrome } })
      expect(performance.now() - started, name).toBeLessThan(1_000)
      expect(res.headers.get('x-picture'), name).toBe('placeholder; unreadable')
    }
    // A logo drawn the plain way is still drawn.
    const logo = await relay.serve(
      photoUrl('logo.svg'),
      svg('<rect width="400" height="300" fill="#2a6"/><circle cx="200" cy="150" r="80"/>', 400),
    )
    const drawn = await relay.request(`${logo}?w=320`, { headers: { Accept: ACCEPT.chrome } })
    expect(drawn.headers.get('content-type')).toBe('image/avif')
  })

  it('four variants of a 6000×6600 PNG never decode two at once: the pixels under way stay in budget', async () => {
    const relay = pictureRelay({ realTime: true })
    const png = await sharp({
      create: { width: 6000, height: 6600, channels: 3, background: { r: 240, g: 240, b: 240 } },
    })
      .png()
      .toBuffer()
    const path = await relay.serve(photoUrl('enorme.png'), png)
    const answers = await Promise.all(
      [320, 640].flatMap((w) =>
        [ACCEPT.chrome, ACCEPT.crawler].map((accept) =>
          relay.request(`${path}?w=${w}`, { headers: { Accept: accept } }),
        ),
      ),
    )
    expect(answers.map((res) => res.headers.get('x-picture'))).toEqual([null, null, null, null])
    const stats = relay.stats()
    expect(stats.peakPixels).toBeLessThanOrEqual(40_000_000)
    expect(stats.peakResizes).toBe(1)
    expect(relay.fetched.get(photoUrl('enorme.png'))).toBe(1)
  }, 60_000)
})

import { describe, expect, it, vi } from 'vitest'
import { parseEnv } from '../../config'
import { relayOptionsFromEnv } from '../../setup'
import { createRelayApp } from '../http/app'
import { pictureOf } from './picture-test-kit'

describe('the picture pipeline as `npm start` builds it', () => {
  it("offline: the listing's pictures are the store's own files, resized", async () => {
    const warn = vi.fn()
    const env = parseEnv({ LOG_LEVEL: 'silent', IMAGE_CACHE_DIR: 'off' })
    const options = await relayOptionsFromEnv(env, warn)
    expect(options.images).toBeDefined()
    expect(warn).not.toHaveBeenCalledWith(expect.stringContaining('sharp'))
    const app = createRelayApp(options)
    const listing = (await (
      await app.request('http://localhost/api/products', {
        headers: { 'Sec-Fetch-Site': 'same-origin' },
      })
    ).json()) as { prices: { image: { href: string } | null }[] }
    const href = listing.prices.find((p) => p.image)!.image!.href
    expect(href).toMatch(/^\/img\//)
    // public/produtos/*.webp are 300×225: asked at 160, a 160×120 WebP.
    const res = await app.request(`http://localhost${href}?w=160`, {
      headers: { Accept: 'image/webp' },
    })
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(await pictureOf(res)).toMatchObject({ width: 160, height: 120 })
  })

  it('reads IMAGE_HOSTS, IMAGE_CACHE_DIR and IMAGE_CACHE_MB, and refuses what they cannot be', () => {
    const env = parseEnv({
      IMAGE_HOSTS: 'cdn.exemplo.com, Fotos.Exemplo.com:8443,https://img.exemplo.com',
      IMAGE_CACHE_DIR: '/var/cache/vitrine',
      IMAGE_CACHE_MB: '512',
    })
    expect(env.IMAGE_HOSTS).toEqual([
      'cdn.exemplo.com',
      'fotos.exemplo.com:8443',
      'https://img.exemplo.com',
    ])
    expect(env.IMAGE_CACHE_DIR).toBe('/var/cache/vitrine')
    expect(env.IMAGE_CACHE_MB).toBe(512)
    expect(parseEnv({}).IMAGE_CACHE_MB).toBe(256)
    expect(() => parseEnv({ IMAGE_HOSTS: 'cdn.exemplo.com/path' })).toThrow(/IMAGE_HOSTS/)
    expect(() => parseEnv({ IMAGE_CACHE_MB: '1' })).toThrow(/IMAGE_CACHE_MB/)
  })

  it('OFFLINE_PHOTOS: the listing names photographs on that host, resized; IMAGES=off leaves them as they are and the pages may show them', async () => {
    const photos = 'http://127.0.0.1:8791'
    const base = { LOG_LEVEL: 'silent', IMAGE_CACHE_DIR: 'off', OFFLINE_PHOTOS: photos }
    const hrefs = async (env: Record<string, string>) => {
      const options = await relayOptionsFromEnv(parseEnv(env), () => {})
      const app = createRelayApp(options)
      const res = await app.request('http://localhost/api/products', {
        headers: { 'Sec-Fetch-Site': 'same-origin' },
      })
      const listing = (await res.json()) as { prices: { image: { href: string } | null }[] }
      return {
        hrefs: listing.prices.map((p) => p.image?.href),
        csp: res.headers.get('content-security-policy') ?? '',
      }
    }
    const resized = await hrefs(base)
    expect(resized.hrefs.every((href) => href?.startsWith('/img/'))).toBe(true)
    // The signed address names the photograph on the other host.
    const token = resized.hrefs[0]!.slice('/img/'.length).split('.')[0]!
    expect(Buffer.from(token, 'base64url').toString()).toMatch(
      /^http:\/\/127\.0\.0\.1:8791\/fotos\//,
    )

    const asUploaded = await hrefs({ ...base, IMAGES: 'off' })
    expect(asUploaded.hrefs.every((href) => href?.startsWith(`${photos}/fotos/`))).toBe(true)
    expect(asUploaded.csp).toMatch(/img-src 'self' data: https: http:\/\/127\.0\.0\.1:8791(;|$)/)
    // Without it no http host is allowed: the policy is the store's usual one.
    const usual = await hrefs({ LOG_LEVEL: 'silent', IMAGE_CACHE_DIR: 'off', IMAGES: 'off' })
    expect(usual.csp).toMatch(/img-src 'self' data: https:(;|$)/)
    expect(() => parseEnv({ IMAGES: 'talvez' })).toThrow(/IMAGES/)
    expect(() => parseEnv({ OFFLINE_PHOTOS: 'ftp://x' })).toThrow(/OFFLINE_PHOTOS/)
  })
})

import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it, vi } from 'vitest'
import { parseEnv } from '../../host/config'
import { relayOptionsFromEnv } from '../../host/setup'
import { createRelayApp } from '../app'
import { photo, pictureOf } from '../testing/picture-test-kit'

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

  it('OFFLINE_PHOTOS: the listing names photographs on that host, fetched over HTTP and resized; IMAGES=off leaves them as they are and the pages may show them', async () => {
    const jpeg = await photo(1200, 900)
    const host = createServer((req, res) => {
      if (!req.url?.startsWith('/fotos/')) return res.writeHead(404).end()
      res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(jpeg)
    })
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
    const photos = `http://127.0.0.1:${(host.address() as AddressInfo).port}`
    try {
      const base = { LOG_LEVEL: 'silent', IMAGE_CACHE_DIR: 'off', OFFLINE_PHOTOS: photos }
      const relayOf = async (env: Record<string, string>) =>
        createRelayApp(await relayOptionsFromEnv(parseEnv(env), () => {}))
      const read = async (app: ReturnType<typeof createRelayApp>) => {
        const res = await app.request('http://localhost/api/products', {
          headers: { 'Sec-Fetch-Site': 'same-origin' },
        })
        const listing = (await res.json()) as { prices: { image: { href: string } | null }[] }
        return {
          hrefs: listing.prices.map((p) => p.image?.href ?? ''),
          csp: res.headers.get('content-security-policy') ?? '',
        }
      }
      const app = await relayOf(base)
      const resized = await read(app)
      expect(resized.hrefs.every((href) => href.startsWith('/img/'))).toBe(true)
      // The signed address names the photograph on the other host, and it arrives, resized.
      const token = resized.hrefs[0]!.slice('/img/'.length).split('.')[0]!
      expect(Buffer.from(token, 'base64url').toString()).toMatch(`${photos}/fotos/`)
      const picture = await app.request(`http://localhost${resized.hrefs[0]}?w=320`, {
        headers: { Accept: 'image/webp' },
      })
      expect(picture.headers.get('x-picture')).toBeNull()
      expect(await pictureOf(picture)).toMatchObject({ format: 'webp', width: 320, height: 240 })

      const asUploaded = await read(await relayOf({ ...base, IMAGES: 'off' }))
      expect(asUploaded.hrefs.every((href) => href.startsWith(`${photos}/fotos/`))).toBe(true)
      expect(asUploaded.csp).toContain(`img-src 'self' data: https: ${photos};`)
      // Without it no http host is allowed: the policy is the store's usual one.
      const usual = await read(await relayOf({ LOG_LEVEL: 'silent', IMAGES: 'off' }))
      expect(usual.csp).toContain("img-src 'self' data: https:;")
    } finally {
      host.closeAllConnections()
      host.close()
    }
    expect(() => parseEnv({ IMAGES: 'talvez' })).toThrow(/IMAGES/)
    expect(() => parseEnv({ OFFLINE_PHOTOS: 'ftp://x' })).toThrow(/OFFLINE_PHOTOS/)
  })
})

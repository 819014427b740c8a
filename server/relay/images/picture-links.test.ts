import { describe, expect, it } from 'vitest'
import {
  allowedPictureHosts,
  createPictureLinks,
  pictureIdentity,
  pictureLinkKey,
  signPicture,
  verifyPicture,
} from './picture-links'

const SECRET = 'test-session-secret-0123456789-abcdefghij'
const BASE = 'https://api.gestao.test/v1'

describe('picture links', () => {
  it('signs an address the relay alone can verify, and nothing else passes', async () => {
    const key = await pictureLinkKey(SECRET)
    const url = 'https://api.gestao.test/file?q=e2dvb2RfbG9va30='
    const token = await signPicture(key, url)
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/)
    expect(await verifyPicture(key, token)).toBe(url)

    const [payload, sig] = token.split('.') as [string, string]
    const flipped = sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A')
    expect(await verifyPicture(key, `${payload}.${flipped}`)).toBeUndefined()
    // Another picture's address under this one's signature.
    const other = btoa('https://api.gestao.test/file?q=outro').replace(/=+$/, '')
    expect(await verifyPicture(key, `${other}.${sig}`)).toBeUndefined()
    // Another secret (another relay, a rotated SESSION_SECRET).
    const foreign = await pictureLinkKey(`${SECRET}-outro`)
    expect(await verifyPicture(foreign, token)).toBeUndefined()
    for (const malformed of ['', '.', payload, `${payload}.`, `${payload}.${sig}x`, '../etc.x']) {
      expect(await verifyPicture(key, malformed)).toBeUndefined()
    }
  })

  it("allows the service's host and IMAGE_HOSTS only, over http(s), without credentials", () => {
    const allowed = allowedPictureHosts(BASE, ['cdn.fotos.test', 'https://img.outra.test:8443/'])
    expect(allowed(new URL('https://api.gestao.test/file?q=x'))).toBe(true)
    expect(allowed(new URL('https://cdn.fotos.test/a.jpg'))).toBe(true)
    expect(allowed(new URL('https://img.outra.test:8443/a.jpg'))).toBe(true)
    expect(allowed(new URL('https://evil.test/a.jpg'))).toBe(false)
    expect(allowed(new URL('http://169.254.169.254/latest/meta-data'))).toBe(false)
    expect(allowed(new URL('file:///etc/passwd'))).toBe(false)
    expect(allowed(new URL('https://user:pw@cdn.fotos.test/a.jpg'))).toBe(false)
  })

  it('matches host and port: a host given without a port opens no other port of it (attack)', () => {
    const allowed = allowedPictureHosts('http://127.0.0.1:8787', [
      'localhost',
      'cdn.fotos.test:8443',
      'https://img.outra.test',
    ])
    // The service's own origin, its port included; none of that host's other ports.
    expect(allowed(new URL('http://127.0.0.1:8787/produtos/a.webp'))).toBe(true)
    expect(allowed(new URL('http://127.0.0.1:6379/'))).toBe(false)
    expect(allowed(new URL('http://127.0.0.1/'))).toBe(false)
    // `localhost`: its default ports only, never Redis, the relay itself or a debug port.
    expect(allowed(new URL('http://localhost/a.jpg'))).toBe(true)
    expect(allowed(new URL('https://localhost/a.jpg'))).toBe(true)
    for (const port of [6379, 8080, 9229, 4430]) {
      expect(allowed(new URL(`http://localhost:${port}/a.jpg`))).toBe(false)
    }
    expect(allowed(new URL('https://cdn.fotos.test:8443/a.jpg'))).toBe(true)
    expect(allowed(new URL('https://cdn.fotos.test/a.jpg'))).toBe(false)
    // A URL entry fixes the scheme too.
    expect(allowed(new URL('https://img.outra.test/a.jpg'))).toBe(true)
    expect(allowed(new URL('http://img.outra.test/a.jpg'))).toBe(false)
    expect(allowed(new URL('https://img.outra.test:444/a.jpg'))).toBe(false)
    // A service without a port in its URL: the default port only.
    const service = allowedPictureHosts('https://api.gestao.test/v1')
    expect(service(new URL('https://api.gestao.test/file?q=x'))).toBe(true)
    expect(service(new URL('http://api.gestao.test:8080/file?q=x'))).toBe(false)
  })

  it('rewrites every picture of a body, relative ones on the service, and nothing else', async () => {
    const links = createPictureLinks({ secret: SECRET, baseUrl: BASE, hosts: ['cdn.fotos.test'] })
    const attachment = { name: 'boleto.pdf', href: 'https://api.gestao.test/file?q=boleto' }
    const body = {
      description: 'Loja',
      image: [],
      prices: [
        { sku: 'A', image: { name: 'a.webp', description: null, href: '/produtos/a.webp' } },
        {
          sku: 'B',
          image: { name: 'b.jpg', description: 'B', href: 'https://cdn.fotos.test/b.jpg' },
        },
        { sku: 'C', image: { name: 'c.jpg', description: null, href: 'https://evil.test/c.jpg' } },
        { sku: 'D', image: null },
      ],
      attachments: [attachment],
    }
    const out = (await links.rewrite(body)) as typeof body
    const [a, b, c, d] = out.prices
    expect(a!.image!.href).toMatch(/^\/img\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/)
    expect(a!.image).toMatchObject({ name: 'a.webp', description: null })
    expect((await links.original(a!.image!.href.slice(5)))?.href).toBe(
      'https://api.gestao.test/produtos/a.webp',
    )
    expect((await links.original(b!.image!.href.slice(5)))?.href).toBe(
      'https://cdn.fotos.test/b.jpg',
    )
    // A host the relay may not fetch keeps its own address: the browser loads it as before.
    expect(c!.image!.href).toBe('https://evil.test/c.jpg')
    expect(d).toBe(body.prices[3])
    // A boleto's link is a download, not a picture.
    expect(out.attachments[0]).toBe(attachment)
    // The service's body is not changed under its other readers.
    expect(body.prices[0]!.image!.href).toBe('/produtos/a.webp')
    // The same picture, the same address (the micro-cache reloads the listing often).
    const again = (await links.rewrite(body)) as typeof body
    expect(again.prices[0]!.image!.href).toBe(a!.image!.href)
  })

  it('gives back the very body when it has no picture', async () => {
    const links = createPictureLinks({ secret: SECRET, baseUrl: BASE })
    const body = { data: { id: 1, items: [{ image: [] }] } }
    expect(await links.rewrite(body)).toBe(body)
  })

  it('one service file is one picture whatever the nonce of the address it came by', () => {
    // The shape of the service's file addresses (public docs, business_details_token.md).
    const file = (uuid: string, nonce: string) =>
      new URL(
        `https://dev.gestao.plus/file?q=${btoa(
          `{good_look}{"data":{"uuid":"${uuid}"},"hmac":"e0cd${nonce}","nonce":"${nonce}"}`,
        )}`,
      )
    const a = 'f4211974-8440-11eb-b5fe-0242ac110003'
    const b = '0c1d2e3f-8440-11eb-b5fe-0242ac110003'
    expect(pictureIdentity(file(a, '51241622064945'))).toBe(
      pictureIdentity(file(a, '99999999999999')),
    )
    expect(pictureIdentity(file(a, '1'))).not.toBe(pictureIdentity(file(b, '1')))
    // Another host's identical query is another file; anything else is its own address.
    const other = new URL(file(a, '1').href.replace('dev.gestao.plus', 'cdn.exemplo.com'))
    expect(pictureIdentity(other)).not.toBe(pictureIdentity(file(a, '1')))
    for (const href of [
      'https://dev.gestao.plus/file?q=not-base64!',
      'https://dev.gestao.plus/file?q=' + btoa('{x}{broken'),
      'https://dev.gestao.plus/produtos/a.png?q=' + btoa('{x}{"data":{"uuid":"1"}}'),
    ]) {
      expect(pictureIdentity(new URL(href))).toBe(new URL(href).href)
    }
  })
})

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildRelay } from '../relay/testing/test-helpers'
import { injectHead } from './page-head'
import { withoutUnusedPreloads } from './page-assembly'
import { mountStatic } from '../host/static-files'

const SHELL_MARKER = 'vitrine-app-shell'
const INDEX_HTML = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Vitrine</title>
<link rel="preload" href="/api/products?p=" as="fetch" crossorigin="anonymous" />
<link rel="preload" href="/api/payment-options?p=" as="fetch" crossorigin="anonymous" />
<script type="module" src="/assets/app-abc123.js"></script></head>
<body><div id="root" data-marker="${SHELL_MARKER}"></div>
<!-- ${'padding so the shell is worth compressing '.repeat(80)} --></body></html>`
const APP_JS = `console.log("vitrine");\n`
const MANIFEST_MARKER = 'src/features/orders/order-page.tsx'

let parent: string
let root: string

beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), 'vitrine-static-'))
  root = join(parent, 'dist')
  await mkdir(join(root, 'assets'), { recursive: true })
  await writeFile(join(root, 'index.html'), INDEX_HTML)
  await writeFile(join(root, 'assets', 'app-abc123.js'), APP_JS)
  await writeFile(join(root, 'mockServiceWorker.js'), '/* worker */')
  await writeFile(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  await writeFile(join(parent, 'segredo.txt'), 'fora da raiz')
  // The build's manifest (bench/ reads it from disk) and a stray dotfile: never served.
  await mkdir(join(root, '.vite'), { recursive: true })
  await writeFile(join(root, '.vite', 'manifest.json'), `{"${MANIFEST_MARKER}": {}}`)
  await writeFile(join(root, '.env'), `SESSION_SECRET=${MANIFEST_MARKER}`)
  await mkdir(join(root, 'assets', '.cache'), { recursive: true })
  await writeFile(join(root, 'assets', '.cache', 'x.js'), MANIFEST_MARKER)
})

afterAll(async () => {
  await rm(parent, { recursive: true, force: true })
})

const relay = () => buildRelay({ mountStatic: mountStatic(root) })

describe('data preloads in the shell', () => {
  it('keeps both preloads on the catalog, and the payment options only where they are shown', async () => {
    const home = await (await relay().request('/')).text()
    expect(home).toContain('/api/products?p=')
    expect(home).toContain('/api/payment-options?p=')
    const cart = await (await relay().request('/carrinho')).text()
    expect(cart).toContain('/api/payment-options?p=')
    const order = await (await relay().request('/pedido/xyz')).text()
    expect(order).toContain('/api/products?p=')
    expect(order).not.toContain('/api/payment-options')
  })
})

describe('static files', () => {
  it('serves a hashed asset as immutable for a year', async () => {
    const res = await relay().request('/assets/app-abc123.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('content-type')).toMatch(/javascript/)
    expect(await res.text()).toBe(APP_JS)
  })

  it.each(['/', '/index.html'])(
    'serves %s as the shell, revalidated every time (no-cache)',
    async (path) => {
      const res = await relay().request(path)
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-cache')
      expect(res.headers.get('content-type')).toMatch(/text\/html/)
      expect(await res.text()).toContain(SHELL_MARKER)
    },
  )

  it.each(['/carrinho', '/minha-conta/pedidos/1001', '/checkout'])(
    'answers the client route %s with index.html (200, no-cache)',
    async (path) => {
      const res = await relay().request(path)
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-cache')
      expect(await res.text()).toContain(SHELL_MARKER)
    },
  )

  it('answers /api/unknown with a 404 JSON envelope, never the shell', async () => {
    const res = await relay().request('/api/unknown')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/json/)
    const text = await res.text()
    expect(text).not.toContain(SHELL_MARKER)
    expect(JSON.parse(text)).toMatchObject({ status: 404 })
  })

  it.each(['/assets/nope.js', '/favicon.ico', '/assets/app-abc124.js'])(
    'answers the missing file %s with 404, never the shell',
    async (path) => {
      const res = await relay().request(path)
      expect(res.status).toBe(404)
      expect(await res.text()).not.toContain(SHELL_MARKER)
    },
  )

  it('keeps the mock service worker revalidated and other root files an hour', async () => {
    expect((await relay().request('/mockServiceWorker.js')).headers.get('cache-control')).toBe(
      'no-cache',
    )
    expect((await relay().request('/favicon.svg')).headers.get('cache-control')).toBe(
      'public, max-age=3600',
    )
  })

  it('never serves a file outside the root', async () => {
    for (const path of [
      '/..%2fsegredo.txt',
      '/assets/..%2f..%2fsegredo.txt',
      '/%2e%2e/segredo.txt',
    ]) {
      const res = await relay().request(path)
      expect(await res.text(), path).not.toContain('fora da raiz')
    }
  })

  // The attack: fetch the build manifest (the module graph and source paths) or any dotfile,
  // however the path is spelled.
  it.each([
    '/.vite/manifest.json',
    '/.vite/',
    '/.vite',
    '/%2evite/manifest.json',
    '/%2Evite/manifest.json',
    '/%252evite/manifest.json',
    '//.vite/manifest.json',
    '/assets/../.vite/manifest.json',
    '/assets/..%2f.vite/manifest.json',
    '/.vite%2fmanifest.json',
    '/.env',
    '/.git/config',
    '/assets/.cache/x.js',
  ])('answers %s with 404: no dotfile or dot-directory is served', async (path) => {
    for (const method of ['GET', 'HEAD']) {
      const res = await relay().request(path, { method })
      expect(res.status, `${method} ${path}`).toBe(404)
      const text = await res.text()
      expect(text).not.toContain(MANIFEST_MARKER)
      expect(text).not.toContain(SHELL_MARKER)
    }
  })

  it('answers 503 with a hint when the SPA has not been built', async () => {
    const app = buildRelay({ mountStatic: mountStatic(join(parent, 'nao-existe')) })
    const res = await app.request('/')
    expect(res.status).toBe(503)
  })
})

describe('security headers', () => {
  it('sends CSP (script-src self, frame-ancestors none), nosniff and a Referrer-Policy on HTML', async () => {
    const res = await relay().request('/carrinho')
    const csp = res.headers.get('content-security-policy') ?? ''
    const directives = new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    )
    expect(directives.get('script-src')).toEqual(["'self'"])
    expect(directives.get('frame-ancestors')).toEqual(["'none'"])
    expect(directives.get('object-src')).toEqual(["'none'"])
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
  })

  it('sends the same headers on API answers', async () => {
    const res = await relay().request('/api/parameters')
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('sends HSTS only when the request came over https', async () => {
    const app = relay()
    const overTls = await app.app.request('https://localhost/')
    expect(overTls.headers.get('strict-transport-security')).toMatch(/max-age=31536000/)
    const plain = await app.request('/')
    expect(plain.headers.get('strict-transport-security')).toBeNull()
  })

  it('ignores X-Forwarded-Proto from an untrusted client', async () => {
    const res = await relay().request('/', { headers: { 'X-Forwarded-Proto': 'https' } })
    expect(res.headers.get('strict-transport-security')).toBeNull()
  })
})

describe('health and compression', () => {
  it('answers GET /healthz with 200', async () => {
    const res = await relay().request('/healthz')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok' })
  })

  it.each(['/', '/carrinho'])(
    'gzips the large shell at %s when the client accepts gzip',
    async (path) => {
      const res = await relay().request(path, { headers: { 'Accept-Encoding': 'gzip' } })
      expect(res.headers.get('content-encoding')).toBe('gzip')
      expect(res.headers.get('cache-control')).toBe('no-cache')
      const html = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')
      // The shell as served for that path (the catalog with its own head).
      if (path === '/') expect(html).toContain('<title>Certifica Brasil</title>')
      // A page the browser renders: the shell, titled as the page (server/first-view/page-head.ts).
      else {
        const shell = withoutUnusedPreloads(INDEX_HTML, path)
        expect(html).toBe(injectHead(shell, { title: 'Carrinho — Certifica Brasil' }))
      }
      expect(html).toContain(SHELL_MARKER)
    },
  )

  it('gzips a large API answer too', async () => {
    const res = await relay().request('/api/products?p=', {
      headers: { 'Accept-Encoding': 'gzip' },
    })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    const body = JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')) as {
      prices: unknown[]
    }
    expect(body.prices.length).toBeGreaterThan(0)
  })

  it('does not compress without Accept-Encoding', async () => {
    expect((await relay().request('/carrinho')).headers.get('content-encoding')).toBeNull()
  })
})

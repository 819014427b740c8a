/**
 * Host and X-Forwarded-Host as an attacker writes them. `robots.txt` and `sitemap.xml` are
 * public and cached an hour by whatever sits in front, and a page's canonical and `og:url` are
 * what a crawler or a link preview keeps: none of them may name a host the request chose.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderPage } from '../../src/entry-server'
import { parseEnv } from './config'
import { createRelayApp } from '../relay/app'
import { requestHost, requestIsHttps } from '../relay/http/tenant-host'
import { relayOptionsFromEnv } from './setup'
import { mountStatic } from './static-files'

const STORE = 'https://loja.certificabrasil.com.br'
let root: string

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'vitrine-host-'))
  await writeFile(join(root, 'index.html'), await readFile('index.html', 'utf8'))
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

/** The relay as `npm start` builds it over the offline service, serving one store. */
async function relay(env: Record<string, string> = {}) {
  const options = await relayOptionsFromEnv(
    parseEnv({
      LOG_LEVEL: 'silent',
      CEP_PROVIDERS: 'off',
      TENANT_ORIGIN: STORE,
      PUBLIC_ORIGIN: STORE,
      ...env,
    }),
    () => {},
  )
  const trustProxy = env.TRUST_PROXY === '1'
  return createRelayApp(options, mountStatic(root, { trustProxy, render: renderPage }))
}

const poisoned = { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' }

describe('a Host the request chose never becomes the store’s address', () => {
  it('robots.txt and sitemap.xml name the configured store, and vary by host', async () => {
    for (const trust of ['0', '1']) {
      const app = await relay({ TRUST_PROXY: trust })
      const robots = await app.request('http://evil.example/robots.txt', { headers: poisoned })
      expect(robots.status).toBe(200)
      const text = await robots.text()
      expect(text).toContain(`Sitemap: ${STORE}/sitemap.xml`)
      expect(text).not.toContain('evil')
      expect(robots.headers.get('vary')).toMatch(/Host/)
      const sitemap = await app.request('http://evil.example/sitemap.xml', { headers: poisoned })
      expect(sitemap.status).toBe(200)
      const xml = await sitemap.text()
      expect(xml).toContain(`<loc>${STORE}/</loc>`)
      expect(xml).not.toContain('evil')
    }
  })

  it('a page’s canonical and og:url name the configured store', async () => {
    const app = await relay({ TRUST_PROXY: '1' })
    for (const path of ['/', '/produto/ECPF-A1-12']) {
      const res = await app.request(`http://evil.example${path}`, { headers: poisoned })
      expect(res.status).toBe(200)
      const head = (await res.text()).split('</head>')[0]!
      expect(head).toContain(`<link rel="canonical" href="${STORE}${path}"`)
      expect(head).toContain(`<meta property="og:url" content="${STORE}${path}"`)
      expect(head).not.toContain('evil')
    }
  })

  it('under TRUST_PROXY, every X-Forwarded-* value read is the one the proxy appended', () => {
    const req = new Request('http://10.0.0.5/', {
      headers: {
        Host: '10.0.0.5',
        'X-Forwarded-Host': 'evil.example, loja.certificabrasil.com.br',
        'X-Forwarded-Proto': 'http, https',
      },
    })
    expect(requestHost(req, true)).toBe('loja.certificabrasil.com.br')
    expect(requestIsHttps(req, true)).toBe(true)
    // Without a proxy to trust, the headers say nothing at all.
    expect(requestHost(req, false)).toBe('10.0.0.5')
    expect(requestIsHttps(req, false)).toBe(false)
  })

  it('a host this relay does not serve gets no crawl files', async () => {
    const options = await relayOptionsFromEnv(
      parseEnv({
        LOG_LEVEL: 'silent',
        CEP_PROVIDERS: 'off',
        TENANT_HOSTS: 'loja.certificabrasil.com.br=https://loja.certificabrasil.com.br',
      }),
      () => {},
    )
    const app = createRelayApp(options, mountStatic(root))
    const served = await app.request('http://loja.certificabrasil.com.br/robots.txt')
    expect(await served.text()).toContain(`Sitemap: ${STORE}/sitemap.xml`)
    const other = await app.request('http://evil.example/robots.txt')
    expect(other.status).toBe(404)
    expect(other.headers.get('cache-control')).toBe('no-store')
  })
})

describe('reads shared between renders', () => {
  it('are one store’s, whatever Host or port each request names', async () => {
    const options = await relayOptionsFromEnv(
      parseEnv({ LOG_LEVEL: 'silent', CEP_PROVIDERS: 'off', TENANT_ORIGIN: STORE }),
      () => {},
    )
    const hits: boolean[] = []
    const app = createRelayApp(
      options,
      mountStatic(root, {
        shareReadsMs: 60_000,
        render: (input) => {
          hits.push(input.shared?.get('["products",""]') !== undefined)
          return renderPage(input)
        },
      }),
    )
    for (const host of ['loja.certificabrasil.com.br', 'a.example', 'a.example:81', 'b.example'])
      expect((await app.request('http://x/', { headers: { Host: host } })).status).toBe(200)
    expect(hits).toEqual([false, true, true, true])
  })
})

describe('a path with a slash too many', () => {
  it('is sent to its one address: status, canonical and the app agree', async () => {
    const app = await relay()
    const res = await app.request(`${STORE}//produto/ECPF-A1-12?p=u12_ab3f`)
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe('/produto/ECPF-A1-12?p=u12_ab3f')
    const page = await app.request(`${STORE}/produto/ECPF-A1-12`)
    expect(await page.text()).toContain(`<link rel="canonical" href="${STORE}/produto/ECPF-A1-12"`)
  })

  it('never redirects off the site', async () => {
    const app = await relay()
    for (const path of ['//evil.example/x', '///evil.example', '/x//evil.example']) {
      const res = await app.request(`${STORE}${path}`)
      expect(res.status).toBe(301)
      const location = res.headers.get('location')!
      expect(location.startsWith('/')).toBe(true)
      expect(location.startsWith('//')).toBe(false)
      expect(new URL(location, STORE).origin).toBe(STORE)
    }
  })
})

import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gunzipSync, inflateSync } from 'node:zlib'
import { startShippedNginx } from '../scripts/shipped-nginx'
import { expectNoA11yViolations } from './fixtures/a11y'
import { appAnswers } from './fixtures/app-ready'
import { expect, test, type InProcessRelay } from './fixtures/relay-test'

/**
 * The relay behind a real shared cache: Debian's nginx, running the configuration README ships
 * (deploy/nginx.conf) in front of the relay, with a cache directory of its own. What a store
 * behind nginx or a CDN relies on: anonymous pages are kept and served to the crowd, an order's
 * page and the buyer's data never reach the cache, a logged-in visitor on a kept page still sees
 * their own state, and a changed price shows once the page's time in the cache is over.
 */

/** A seeded order of Maria's (Certifica Brasil), reached by its public link. */
const ORDER = { token: '7c3e9b1a5d2f4c8e0a6b4d2f8e1c3a56', code: 'V2026-001004' }
const MARIA = { cpf: '529.982.247-25', digits: '52998224725', password: 'Maria@2026' }

interface Nginx {
  baseURL: string
  cacheDir: string
  /** Every entry nginx has written to its cache directory: its key, headers and body, as text. */
  cached(): Promise<string[]>
  stop(): Promise<void>
}

/** deploy/nginx.conf as shipped (scripts/shipped-nginx.ts), in front of this relay. */
async function startNginx(relay: InProcessRelay): Promise<Nginx> {
  const { port, cacheDir, stop } = await startShippedNginx(new URL(relay.baseURL).port)
  return {
    baseURL: `http://localhost:${port}`,
    cacheDir,
    async cached() {
      const files = await readdir(cacheDir, { recursive: true, withFileTypes: true }).catch(
        () => [],
      )
      const entries = await Promise.all(
        files.filter((f) => f.isFile()).map((f) => readFile(join(f.parentPath, f.name))),
      )
      return entries.map(entryText)
    },
    stop,
  }
}

/**
 * A cache file as text: nginx's binary header, then `KEY: …`, the response's headers and its
 * body as the relay sent it (compressed for a client that accepted it: decompressed here, so a
 * search of the directory finds what any visitor would read).
 */
function entryText(file: Buffer): string {
  const end = file.indexOf('\r\n\r\n')
  if (end < 0) return file.toString('latin1')
  const head = file.subarray(0, end).toString('latin1')
  const body = file.subarray(end + 4)
  const encoding = /^content-encoding:\s*(\S+)/im.exec(head)?.[1]
  const text =
    encoding === 'gzip'
      ? gunzipSync(body).toString()
      : encoding === 'deflate'
        ? inflateSync(body).toString()
        : body.toString()
  return `${head}\n\n${text}`
}

const cacheStatus = async (url: string) => (await fetch(url)).headers.get('x-cache-status')

test.use({ relayRendersPages: true })

test.describe('kept for a minute', () => {
  test.use({ relaySharedCache: { seconds: 60, staleSeconds: 600 } })

  test('anonymous pages are served from the cache; an order page never reaches it', async ({
    offlineRelay,
  }) => {
    const nginx = await startNginx(offlineRelay)
    try {
      for (const path of ['/', '/produto/ECPF-A1-12', '/?p=i34_k9x', '/i/34_k9x']) {
        expect(await cacheStatus(nginx.baseURL + path), path).toBe('MISS')
        expect(await cacheStatus(nginx.baseURL + path), path).toBe('HIT')
      }
      const order = `${nginx.baseURL}/pedido/${ORDER.token}`
      const first = await fetch(order)
      expect(first.status).toBe(200)
      expect(await first.text()).toContain(ORDER.code)
      expect(await cacheStatus(order)).toBe('MISS')
      expect(await cacheStatus(order)).toBe('MISS')
      // Nothing of the order in the cache directory: not its code, not its token.
      const cached = (await nginx.cached()).join('\n')
      expect(cached).toContain('Certificado Digital e-CPF A1')
      expect(cached).not.toContain(ORDER.code)
      expect(cached).not.toContain(ORDER.token)
    } finally {
      await nginx.stop()
    }
  })

  test('a logged-in buyer on a kept page sees their own account and cart, and the copy stays anyone’s', async ({
    page,
    browser,
    offlineRelay,
  }) => {
    const nginx = await startNginx(offlineRelay)
    try {
      // The catalog is already in the cache, from another visitor's browser (nginx keeps one
      // copy per Accept-Encoding: the same browser's, here).
      const other = await browser.newContext()
      await (await other.newPage()).goto(`${nginx.baseURL}/`)
      await other.close()
      await page.goto(`${nginx.baseURL}/entrar`)
      await page.getByLabel('CPF ou CNPJ').fill(MARIA.cpf)
      await page.getByLabel('Senha', { exact: true }).fill(MARIA.password)
      await page.getByRole('button', { name: 'Entrar', exact: true }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Meus pedidos' })).toBeVisible()

      const kept = page.waitForResponse((r) => new URL(r.url()).pathname === '/')
      await page.goto(`${nginx.baseURL}/`)
      expect((await kept).headers()['x-cache-status']).toBe('HIT')
      await appAnswers(page)
      const nav = page.getByRole('navigation', { name: 'Principal' })
      await expect(nav.getByRole('link', { name: 'Minha conta' })).toBeVisible()
      await page
        .getByRole('button', {
          name: 'Adicionar Certificado Digital e-CPF A1 – 12 meses ao carrinho',
        })
        .click()
      await page.reload()
      await expect(nav.getByRole('link', { name: 'Carrinho, 1 item' })).toBeVisible()
      await expect(nav.getByRole('link', { name: 'Minha conta' })).toBeVisible()
      await expectNoA11yViolations(page)

      // The account's pages passed through; the kept copies are anyone's.
      const cached = await nginx.cached()
      const everything = cached.join('\n')
      expect(everything).not.toContain(MARIA.digits)
      expect(everything).not.toContain(MARIA.cpf)
      expect(everything).not.toMatch(/Maria|maria\.santos/)
      const pages = cached.filter((entry) => /^content-type:\s*text\/html/im.test(entry))
      expect(pages.length).toBeGreaterThan(0)
      for (const kept of pages) expect(kept).not.toContain('Minha conta')
    } finally {
      await nginx.stop()
    }
  })
})

test.describe('behind nginx, the relay trusting its headers (TRUST_PROXY=1)', () => {
  test.use({ relaySharedCache: { seconds: 60, staleSeconds: 600 }, relayTrustProxy: true })

  test('attack: a forged X-Forwarded-Host never reaches the copy everyone is served', async ({
    offlineRelay,
  }) => {
    const nginx = await startNginx(offlineRelay)
    try {
      const page = `${nginx.baseURL}/produto/ECPF-A1-12`
      const forged = await fetch(page, { headers: { 'X-Forwarded-Host': 'evil.example:6666' } })
      expect(forged.status).toBe(200)
      expect(await forged.text()).not.toContain('evil.example')
      const kept = await fetch(page)
      expect(kept.headers.get('x-cache-status')).toBe('HIT')
      expect(await kept.text()).not.toContain('evil.example')
      expect((await nginx.cached()).join('\n')).not.toContain('evil.example')
    } finally {
      await nginx.stop()
    }
  })
})

test.describe('kept for a second', () => {
  test.use({ relaySharedCache: { seconds: 1, staleSeconds: 30 } })

  test('a changed price shows once the page’s time in the cache is over', async ({
    page,
    offlineRelay,
  }) => {
    const nginx = await startNginx(offlineRelay)
    const statuses: string[] = []
    page.on('response', (r) => {
      if (r.request().resourceType() === 'document') statuses.push(r.headers()['x-cache-status']!)
    })
    try {
      await page.goto(`${nginx.baseURL}/produto/ECPF-A1-12`)
      await expect(page.getByRole('main')).toContainText(/R\$\s159,90/)
      const tenant = offlineRelay.offline.model.allTenants[0]!
      tenant.seed.products = tenant.seed.products.map((p) =>
        p.sku === 'ECPF-A1-12' ? { ...p, price: 149.9 } : p,
      )
      // Past s-maxage nginx serves the page once more while it fetches it again; the relay's
      // own copy follows its reads. Within seconds, a reload shows the new price.
      await expect
        .poll(
          async () => {
            await page.reload()
            return page.getByRole('main').textContent()
          },
          { timeout: 20_000, intervals: [1_000] },
        )
        .toMatch(/R\$\s149,90/)
      // Served by nginx meanwhile, not passed through.
      expect(statuses.filter((s) => /HIT|STALE|UPDATING/.test(s)).length).toBeGreaterThan(0)
    } finally {
      await nginx.stop()
    }
  })
})

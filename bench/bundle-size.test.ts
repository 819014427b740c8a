import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { bundleReport, lazyRouteKeys, lazyRouteModules, ROUTER } from './bundle-size'

const ROUTER_SOURCE = `
import { lazy } from 'react'
import { CatalogPage } from '../features/catalog/catalog-page'
const Help = lazy(() => import('../features/help/help-page'))
const routes = [
  { index: true, Component: CatalogPage },
  {
    path: 'carrinho',
    lazy: () =>
      import('../features/cart/cart-page').then((m) => ({ Component: m.CartPage })),
  },
  {
    path: 'pedido/:token',
    loader: async () => (await import('../api/queries/order-queries')).orderQueries,
    lazy: () => import('./order-route').then((m) => ({ Component: m.OrderRoute })),
  },
  { path: 'i/:ref', lazy: () => import("./link-landing").then((m) => ({ Component: m.A })) },
  { path: 'u/:ref', async lazy() { return { Component: (await import('./link-landing')).B } } },
]
void import('./intent-prefetch')
`

describe('lazyRouteModules', () => {
  it("reads each route's lazy import, once, and neither a loader's import nor a prefetch", () => {
    expect(lazyRouteModules(ROUTER_SOURCE, 'src/app/router.tsx')).toEqual([
      'src/features/help/help-page',
      'src/features/cart/cart-page',
      'src/app/order-route',
      'src/app/link-landing',
    ])
  })

  it("finds the store's routes in the real router, each a module on the disk", () => {
    const modules = lazyRouteModules(readFileSync(ROUTER, 'utf8'))
    expect(modules).toEqual(
      expect.arrayContaining([
        'src/features/cart/cart-page',
        'src/app/checkout-route',
        'src/app/order-route',
        'src/features/account/history-page',
      ]),
    )
    for (const module of modules)
      expect(existsSync(`${module}.tsx`) || existsSync(`${module}.ts`), module).toBe(true)
  })
})

describe('lazyRouteKeys', () => {
  const chunk = { file: 'assets/x.js' }

  it("maps each module to its key in the build's manifest", () => {
    const manifest = { 'src/app/order-route.tsx': chunk, 'src/lib/late.ts': chunk }
    expect([...lazyRouteKeys(manifest, ['src/app/order-route', 'src/lib/late'])]).toEqual([
      ['app/order-route', 'src/app/order-route.tsx'],
      ['lib/late', 'src/lib/late.ts'],
    ])
  })

  it('fails on a route the manifest lacks instead of skipping it', () => {
    expect(() =>
      lazyRouteKeys({ 'src/app/order-route.tsx': chunk }, [
        'src/app/order-route',
        'src/features/account/order-history-page',
      ]),
    ).toThrow(/missing from the build's manifest: src\/features\/account\/order-history-page/)
  })
})

describe('bundleReport', () => {
  let dir: string | undefined
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }))

  /** A build whose entry statically imports `shared.js`; the cart route may share it. */
  function build(cartImportedByEntry: boolean) {
    dir = mkdtempSync(join(tmpdir(), 'vitrine-bundle-'))
    for (const d of ['app/.vite', 'floor/.vite']) mkdirSync(join(dir, d), { recursive: true })
    const files = { 'entry.js': 'e'.repeat(500), 'shared.js': 's', 'cart.js': 'c'.repeat(900) }
    for (const [f, text] of Object.entries(files)) {
      writeFileSync(join(dir, 'app', f), text)
      writeFileSync(join(dir, 'floor', f), text)
    }
    const manifest = {
      'index.html': {
        file: 'entry.js',
        isEntry: true,
        imports: cartImportedByEntry ? ['src/features/cart/cart-page.tsx'] : ['_shared.js'],
        dynamicImports: ['src/features/cart/cart-page.tsx'],
      },
      '_shared.js': { file: 'shared.js' },
      'src/features/cart/cart-page.tsx': { file: 'cart.js', imports: ['_shared.js'] },
    }
    writeFileSync(join(dir, 'app/.vite/manifest.json'), JSON.stringify(manifest))
    writeFileSync(
      join(dir, 'floor/.vite/manifest.json'),
      JSON.stringify({ 'index.html': { file: 'entry.js', isEntry: true } }),
    )
    const router = "export const r = { lazy: () => import('../features/cart/cart-page') }"
    return bundleReport(join(dir, 'app'), join(dir, 'floor'), router)
  }

  it('measures each lazy route and finds none in the catalog’s first load', () => {
    const report = build(false)
    expect(report.leaked).toEqual([])
    expect(report.perRoute.map((r) => r.route)).toEqual(['features/cart/cart-page'])
    expect(report.perRoute[0]!.bytes).toBeGreaterThan(report.catalogBytes)
  })

  it('names a lazy route that the first load pulls in', () => {
    expect(build(true).leaked).toEqual(['features/cart/cart-page'])
  })
})

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * What a route makes the browser download before it can run, read from Vite's manifest: the
 * entry's static import closure plus the route chunk's. Deterministic (no browser, no
 * network), so it can guard a budget in CI.
 */

interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
type Manifest = Record<string, ManifestChunk>

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest
}

/** Files (JS) statically reachable from the given manifest keys. */
export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>()
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) throw new Error(`manifest has no ${key}`)
    files.add(chunk.file)
    for (const dep of chunk.imports ?? []) visit(dep)
  }
  keys.forEach(visit)
  return files
}

export function gzipBytes(distDir: string, files: Iterable<string>): number {
  let total = 0
  for (const file of files)
    total += gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length
  return total
}

export const ROUTES = {
  catalog: 'src/features/catalog/catalog-page.tsx',
  cart: 'src/features/cart/cart-page.tsx',
  checkout: 'src/app/checkout-route.tsx',
  order: 'src/features/orders/order-page.tsx',
  login: 'src/features/account/login-page.tsx',
  history: 'src/features/account/order-history-page.tsx',
} as const

export interface BundleReport {
  floorBytes: number
  catalogBytes: number
  ratio: number
  /** Route chunks that leaked into the catalog's first load (must be empty). */
  leaked: string[]
  perRoute: { route: string; bytes: number }[]
}

export function bundleReport(appDist: string, floorDist: string): BundleReport {
  const app = readManifest(appDist)
  const floor = readManifest(floorDist)
  const entry = (m: Manifest) => Object.keys(m).find((k) => m[k]!.isEntry)!
  const floorBytes = gzipBytes(floorDist, staticClosure(floor, [entry(floor)]))
  // The catalog is imported eagerly by the router: then it has no chunk of its own.
  const catalogFiles = staticClosure(app, [
    entry(app),
    ...(app[ROUTES.catalog] ? [ROUTES.catalog] : []),
  ])
  const catalogBytes = gzipBytes(appDist, catalogFiles)
  const leaked = Object.entries(ROUTES)
    .filter(([name, key]) => name !== 'catalog' && app[key] && catalogFiles.has(app[key]!.file))
    .map(([name]) => name)
  const perRoute = Object.entries(ROUTES)
    .filter(([, key]) => app[key])
    .map(([route, key]) => ({
      route,
      bytes: gzipBytes(appDist, staticClosure(app, [entry(app), key])),
    }))
  return { floorBytes, catalogBytes, ratio: catalogBytes / floorBytes, leaked, perRoute }
}

import { readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { gzipSync } from 'node:zlib'
import ts from 'typescript'

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

/** Eager: imported by the router, so it is in the entry's closure, not a chunk of its own. */
const CATALOG_PAGE = 'src/features/catalog/catalog-page.tsx'
export const ROUTER = 'src/app/router.tsx'

/**
 * The modules the router loads lazily, from the repo's root without extension: every
 * `import('…')` inside a route's `lazy` (`lazy: () => import(…)`, `lazy() {…}`) or a
 * `lazy(() => import(…))` call. A loader's own lazy import (the order's schema) is not a route.
 * Read from the router's source, so a route added, renamed or moved is measured as it is.
 */
export function lazyRouteModules(routerSource: string, routerPath = ROUTER): string[] {
  const file = ts.createSourceFile(routerPath, routerSource, ts.ScriptTarget.Latest, true)
  const modules = new Set<string>()
  const collectImports = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      modules.add(posix.join(posix.dirname(routerPath), node.arguments[0].text))
    ts.forEachChild(node, collectImports)
  }
  const isLazyName = (name: ts.Node) =>
    (ts.isIdentifier(name) || ts.isStringLiteral(name)) && name.text === 'lazy'
  const visit = (node: ts.Node): void => {
    if ((ts.isPropertyAssignment(node) || ts.isMethodDeclaration(node)) && isLazyName(node.name))
      collectImports(node)
    else if (
      ts.isCallExpression(node) &&
      (ts.isIdentifier(node.expression)
        ? node.expression.text === 'lazy'
        : ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'lazy')
    )
      node.arguments.forEach(collectImports)
    else ts.forEachChild(node, visit)
  }
  visit(file)
  return [...modules]
}

/**
 * Each lazy route module's key in the build's manifest. A module the manifest lacks is an
 * error, never skipped: a guard that measures nothing would pass forever.
 */
export function lazyRouteKeys(manifest: Manifest, modules: readonly string[]): Map<string, string> {
  const keys = new Map<string, string>()
  const missing: string[] = []
  for (const module of modules) {
    const key = ['.tsx', '.ts', '/index.tsx', '/index.ts']
      .map((ext) => module + ext)
      .find((k) => manifest[k])
    if (key) keys.set(module.replace(/^src\//, ''), key)
    else missing.push(module)
  }
  if (missing.length > 0)
    throw new Error(
      `lazy route modules missing from the build's manifest: ${missing.join(', ')} (${ROUTER} imports them; build again from this tree)`,
    )
  return keys
}

export interface BundleReport {
  floorBytes: number
  catalogBytes: number
  ratio: number
  /** Route chunks that leaked into the catalog's first load (must be empty). */
  leaked: string[]
  perRoute: { route: string; bytes: number }[]
}

export function bundleReport(
  appDist: string,
  floorDist: string,
  routerSource = readFileSync(ROUTER, 'utf8'),
): BundleReport {
  const app = readManifest(appDist)
  const floor = readManifest(floorDist)
  const routes = lazyRouteKeys(app, lazyRouteModules(routerSource))
  const entry = (m: Manifest) => Object.keys(m).find((k) => m[k]!.isEntry)!
  const floorBytes = gzipBytes(floorDist, staticClosure(floor, [entry(floor)]))
  // The catalog is imported eagerly by the router: then it has no chunk of its own.
  const catalogFiles = staticClosure(app, [
    entry(app),
    ...(app[CATALOG_PAGE] ? [CATALOG_PAGE] : []),
  ])
  const catalogBytes = gzipBytes(appDist, catalogFiles)
  const leaked = [...routes]
    .filter(([, key]) => catalogFiles.has(app[key]!.file))
    .map(([route]) => route)
  const perRoute = [...routes].map(([route, key]) => ({
    route,
    bytes: gzipBytes(appDist, staticClosure(app, [entry(app), key])),
  }))
  return { floorBytes, catalogBytes, ratio: catalogBytes / floorBytes, leaked, perRoute }
}

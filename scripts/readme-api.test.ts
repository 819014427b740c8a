import { describe, expect, it } from 'vitest'
import { mountStatic } from '../server/host/static-files'
import { buildRelay } from '../server/relay/testing/test-helpers'
import { readRepoFile, section, table } from './readme-map'

const METHODS = /\b(GET|POST|PUT|PATCH|DELETE)\b/g

/** `GET /api/orders/:publicToken` and `GET /api/orders/:token` are one route. */
const route = (method: string, path: string) => `${method} ${path.replace(/:\w+/g, ':param')}`

/**
 * The routes a row of README's API table names: its first cell's methods (`GET` / `POST
 * /api/password-reset` is two) on its path, without the query it documents (`?p=`).
 */
export function documentedRoutes(rows: string[][]): string[] {
  return rows.flatMap(([first = '']) => {
    const path = /\/[^\s`?]+/.exec(first)?.[0]
    const methods = first.match(METHODS) ?? []
    return path ? methods.map((method) => route(method, path)) : []
  })
}

/** The method + path routes a Hono app answers (middleware and fallbacks are `ALL`). */
function registeredRoutes(app: { routes: { method: string; path: string }[] }): string[] {
  return app.routes.filter((r) => r.method !== 'ALL').map((r) => route(r.method, r.path))
}

describe("docs/api.md's API table (`/api`)", () => {
  const [, ...rows] = table(
    section(readRepoFile('docs/api.md'), "The relay's API (`/api`)"),
    'route',
  )
  const documented = documentedRoutes(rows)
  // The relay over the offline service, as tests and `npm start` without UPSTREAM_URL build it:
  // every route it can mount (the offline files and the service's webhooks included) is
  // registered, with the `/api` routes the pages bring (the link preview). Nothing is read from
  // the build folder to register them.
  const pagesApi = registeredRoutes(
    buildRelay({ webhooks: true, mountStatic: mountStatic('dist') }).app,
  ).filter((r) => r.includes(' /api/'))
  const registered = [
    ...new Set([...registeredRoutes(buildRelay({ webhooks: true }).app), ...pagesApi]),
  ]

  it('lists every route the relay answers', () => {
    expect(registered.filter((r) => !documented.includes(r))).toEqual([])
  })

  it('lists no route the relay does not answer', () => {
    expect(documented.filter((r) => !registered.includes(r))).toEqual([])
  })

  it('reads a row as its methods on its path, parameters named any way', () => {
    expect(
      documentedRoutes([
        ['`GET` / `POST /api/password-reset`'],
        ['`GET /api/products?p=`'],
        ['`POST /api/orders/:publicToken/payment`'],
      ]),
    ).toEqual([
      'GET /api/password-reset',
      'POST /api/password-reset',
      'GET /api/products',
      'POST /api/orders/:param/payment',
    ])
    // A row missing from the table is what the first test reports.
    expect(documented.filter((r) => r !== 'GET /api/arquivo/:param')).not.toEqual(
      expect.arrayContaining(registered),
    )
  })
})

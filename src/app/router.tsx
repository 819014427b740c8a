import type { FetchQueryOptions } from '@tanstack/react-query'
import type { RouteObject } from 'react-router'
import { catalogQueries, tenantQueries } from '../api/queries/tenant-queries'
import { CatalogPage } from '../features/catalog/catalog-page'
import { routes } from '../../common/rules/paths'
import { Layout, ShellFallback } from './layout'
import { NotFoundPage } from './not-found-page'
import { RouteError } from './route-error'

/** A query a loader asks for: one of the `queryOptions` factories' results. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the factories' data types differ
export type PageQuery = FetchQueryOptions<any, any, any, any>

/**
 * How a route's data is loaded, one way for the server's first view and the browser. On the
 * server (src/entry-server.tsx), `load` waits for every query so the page is rendered with its
 * data; in the browser it only starts them, so a navigation never waits and each screen keeps its
 * own loading state; the first page's data arrives with the HTML and is not asked again.
 */
export interface RouteData {
  /**
   * `queries`: what the page is made of; on the server, one that fails fails the page (404,
   * 503, 504). `side`: what it shows beside them (payment options, a banner's words); on the
   * server, one that fails is left out of the page and the browser reads it, as it does for a
   * page it renders alone: a side read never costs the page its products.
   */
  load(queries: readonly PageQuery[], side?: readonly PageQuery[]): Promise<unknown> | undefined
  /** The link (`i34_k9x`, `''` for the store's default) whose prices a page shows. */
  linkRef(url: URL): string
}

/**
 * Routes are lazy per journey: the catalog ships the least JavaScript, and checkout, orders
 * and account code load only when a visitor goes there. One definition for the server and the
 * browser; only the pages the server renders (catalog, product, order) have loaders.
 */
const routesOf = (data: RouteData): RouteObject[] => [
  {
    // Every page's header names the store: the default listing's description.
    // A visit through a link also shows the banner, worded with the tenant's parameters.
    loader: ({ request }) =>
      data.load(
        [catalogQueries.products('')],
        data.linkRef(new URL(request.url)) ? [tenantQueries.parameters()] : [],
      ) ?? null,
    element: <Layout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <ShellFallback />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          // The landing page is part of the first load anyway: importing it eagerly saves the
          // round trip a lazy chunk would add before the first products can paint.
          {
            index: true,
            loader: ({ request }) => loadOffers(data, request),
            Component: CatalogPage,
          },
          {
            path: routes.product,
            loader: ({ request }) => loadOffers(data, request),
            lazy: () =>
              import('../features/product/product-page').then((m) => ({
                Component: m.ProductPage,
              })),
          },
          {
            path: routes.cart,
            lazy: () =>
              import('../features/cart/cart-page').then((m) => ({ Component: m.CartPage })),
          },
          {
            path: routes.terms,
            lazy: () =>
              import('../features/tenant/terms-page').then((m) => ({ Component: m.TermsPage })),
          },
          {
            path: routes.checkout,
            lazy: () => import('./checkout-route').then((m) => ({ Component: m.CheckoutRoute })),
          },
          // Orders and the account: an order by its link (whoever holds it), then the login, the
          // password's recovery and the logged-in buyer's own orders.
          {
            path: routes.order,
            // The parameters say which validation bookings a paid order offers. The order's
            // schema is imported here, not above: the catalog's first load does not carry it.
            loader: async ({ params }) => {
              const { orderQueries } = await import('../api/queries/order-queries')
              return (
                data.load([
                  orderQueries.byToken(params.publicToken ?? ''),
                  tenantQueries.parameters(),
                ]) ?? null
              )
            },
            lazy: () => import('./order-route').then((m) => ({ Component: m.OrderRoute })),
          },
          {
            path: routes.login,
            lazy: () =>
              import('../features/account/login-page').then((m) => ({ Component: m.LoginPage })),
          },
          {
            path: routes.forgotPassword,
            lazy: () =>
              import('../features/account/forgot-password-page').then((m) => ({
                Component: m.ForgotPasswordPage,
              })),
          },
          {
            path: routes.resetPassword,
            lazy: () =>
              import('../features/account/reset-password-page').then((m) => ({
                Component: m.ResetPasswordPage,
              })),
          },
          {
            path: routes.accountOrders,
            lazy: () =>
              import('../features/account/history-page').then((m) => ({
                Component: m.HistoryPage,
              })),
          },
          {
            path: routes.accountOrder,
            lazy: () =>
              import('./account-order-route').then((m) => ({ Component: m.AccountOrderRoute })),
          },
          {
            path: routes.referrerLanding,
            lazy: () =>
              import('./link-landing').then((m) => ({ element: <m.LinkLanding kind="i" /> })),
          },
          {
            path: routes.unitLanding,
            lazy: () =>
              import('./link-landing').then((m) => ({ element: <m.LinkLanding kind="u" /> })),
          },
          {
            path: routes.referrerKit,
            lazy: () =>
              import('../features/referrer-kit/referrer-kit-page').then((m) => ({
                Component: m.ReferrerKitPage,
              })),
          },
          // The error boundary already ships the 404 page, so it is not lazy.
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
]

/**
 * In the browser, lazy pages also start loading on the visitor's intent to open them
 * (./intent-prefetch.ts); that code is itself a chunk loaded after the page, so the catalog's
 * first load carries only this call.
 */
export function createRoutes(data: RouteData): RouteObject[] {
  const routes = routesOf(data)
  if (typeof document !== 'undefined') {
    void import('./intent-prefetch').then((m) => m.prefetchOnIntent(routes))
  }
  return routes
}

/**
 * A listing and its payment options: what the catalog and a product page show. The listing is
 * the page; the options only word its offers ("em até 6x"), and a store without them (no
 * DEFAULT_P, the options read failing) still shows its products and prices.
 */
function loadOffers(data: RouteData, request: Request) {
  const ref = data.linkRef(new URL(request.url))
  return data.load([catalogQueries.products(ref)], [catalogQueries.paymentOptions(ref)]) ?? null
}

import { createBrowserRouter, type RouteObject } from 'react-router'
import { Layout } from './layout'
import { LinkLanding } from './link-landing'
import { RouteError } from './route-error'

/**
 * Routes are lazy per journey: the catalog ships the least JavaScript, and checkout, orders
 * and account code load only when a visitor goes there.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <p role="status">Carregando…</p>,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: () => import('../features/catalog/catalog-page').then((m) => ({ Component: m.CatalogPage })) },
          { path: 'carrinho', lazy: () => import('../features/cart/cart-page').then((m) => ({ Component: m.CartPage })) },
          { path: 'termos', lazy: () => import('../features/tenant/terms-page').then((m) => ({ Component: m.TermsPage })) },
          { path: 'checkout', lazy: () => import('../features/checkout/checkout-page').then((m) => ({ Component: m.CheckoutPage })) },
          // Orders and account (issue 6) register their routes here.
          { path: 'i/:ref', element: <LinkLanding kind="i" /> },
          { path: 'u/:ref', element: <LinkLanding kind="u" /> },
          { path: '*', lazy: () => import('./not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
        ],
      },
    ],
  },
]

export function createRouter() {
  return createBrowserRouter(routes)
}

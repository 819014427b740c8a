import { createBrowserRouter, type RouteObject } from 'react-router'
import { CatalogPage } from '../features/catalog/catalog-page'
import { Layout, ShellFallback } from './layout'
import { NotFoundPage } from './not-found-page'
import { RouteError } from './route-error'

/**
 * Routes are lazy per journey: the catalog ships the least JavaScript, and checkout, orders
 * and account code load only when a visitor goes there.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <ShellFallback />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          // The landing page is part of the first load anyway: importing it eagerly saves the
          // round trip a lazy chunk would add before the first products can paint.
          { index: true, Component: CatalogPage },
          {
            path: 'produto/:sku',
            lazy: () =>
              import('../features/product/product-page').then((m) => ({
                Component: m.ProductPage,
              })),
          },
          {
            path: 'carrinho',
            lazy: () =>
              import('../features/cart/cart-page').then((m) => ({ Component: m.CartPage })),
          },
          {
            path: 'termos',
            lazy: () =>
              import('../features/tenant/terms-page').then((m) => ({ Component: m.TermsPage })),
          },
          {
            path: 'checkout',
            lazy: () =>
              import('../features/checkout/checkout-page').then((m) => ({
                Component: m.CheckoutPage,
              })),
          },
          // Orders and account (issue 6) register their routes here.
          {
            path: 'pedido/:publicToken',
            lazy: () => import('./order-route').then((m) => ({ Component: m.OrderRoute })),
          },
          {
            path: 'entrar',
            lazy: () =>
              import('../features/account/login-page').then((m) => ({ Component: m.LoginPage })),
          },
          {
            path: 'esqueci-senha',
            lazy: () =>
              import('../features/account/forgot-password-page').then((m) => ({
                Component: m.ForgotPasswordPage,
              })),
          },
          {
            path: 'redefinir-senha',
            lazy: () =>
              import('../features/account/reset-password-page').then((m) => ({
                Component: m.ResetPasswordPage,
              })),
          },
          {
            path: 'minha-conta/pedidos',
            lazy: () =>
              import('../features/account/history-page').then((m) => ({
                Component: m.HistoryPage,
              })),
          },
          {
            path: 'minha-conta/pedidos/:id',
            lazy: () =>
              import('./account-order-route').then((m) => ({ Component: m.AccountOrderRoute })),
          },
          {
            path: 'i/:ref',
            lazy: () =>
              import('./link-landing').then((m) => ({ element: <m.LinkLanding kind="i" /> })),
          },
          {
            path: 'u/:ref',
            lazy: () =>
              import('./link-landing').then((m) => ({ element: <m.LinkLanding kind="u" /> })),
          },
          // The error boundary already ships the 404 page, so it is not lazy.
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
]

export function createRouter() {
  return createBrowserRouter(routes)
}

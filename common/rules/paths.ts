/**
 * The store's addresses, in one place: the router's patterns (`routes`), the addresses the pages
 * link and navigate to, and what the relay knows of them (server/first-view/page-route.ts names each page
 * from `routes`, server/first-view/crawl-files.ts lists them). Read as a namespace (`import * as paths`,
 * then `paths.product(sku)`, `paths.cart`). It is on the catalog's first load: constants, which
 * the build writes where they are used (`inlineConst`, vite.config.ts), and a few one-line
 * functions.
 */
import * as routes from './route-patterns'

export { routes }

export type RoutePattern = (typeof routes)[keyof typeof routes]

/** The catalog, the store's home. */
export const home = '/'

// Each written out, not built from its pattern, so the build can write it where it is used;
// paths.test.ts checks each against its pattern.
export const cart = '/carrinho'
export const terms = '/termos'
export const checkout = '/checkout'
export const login = '/entrar'
export const forgotPassword = '/esqueci-senha'
export const resetPassword = '/redefinir-senha'
export const accountOrders = '/minha-conta/pedidos'
export const referrerKit = '/parceiro'

export const product = (sku: string) => `/produto/${encodeURIComponent(sku)}`

// The addresses only pages loaded later write: a module of their own, out of the first load.
export { accountOrder, catalog, loginReturningTo, order } from './later-paths'

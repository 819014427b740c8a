/**
 * The router's patterns (src/app/router.tsx), under the layout's route; the catalog is its
 * index. Read through paths.ts (`routes`). Plain constants: the build writes each where it is
 * used, as the literal it is.
 */
export const product = 'produto/:sku'
export const cart = 'carrinho'
export const terms = 'termos'
export const checkout = 'checkout'
export const order = 'pedido/:publicToken'
export const login = 'entrar'
export const forgotPassword = 'esqueci-senha'
export const resetPassword = 'redefinir-senha'
export const accountOrders = 'minha-conta/pedidos'
export const accountOrder = 'minha-conta/pedidos/:id'
/**
 * A referrer's link as a path (`/i/34_k9x`): the store, with that link (app/link-landing.tsx);
 * with a product after it, the referrer's short link to it (`/i/21-ana-souza/token-usb`).
 */
export const referrerLanding = 'i/:ref/:slug?'
/** A unit's link as a path (`/u/12_ab3f`). */
export const unitLanding = 'u/:ref'
/** The referrer's kit: their links built, previewed and shared, and what they brought. */
export const referrerKit = 'parceiro'

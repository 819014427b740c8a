/**
 * The addresses with a parameter that only pages loaded later write (the product page, checkout,
 * the account, the session guard). Read through paths.ts; a module of their own so that the
 * catalog's first load, which holds paths.ts, does not carry them.
 */

/** The catalog searched (`busca`) or filtered by a product group (`categoria`), as its fields do. */
export const catalog = (query: { busca: string } | { categoria: string }) =>
  `/?${new URLSearchParams(query)}`

/** The order for whoever holds its link (checkout, an e-mail). */
export const order = (publicToken: string) => `/pedido/${encodeURIComponent(publicToken)}`

/** An order of the logged-in person, by the service's id. */
export const accountOrder = (id: number | string) =>
  `/minha-conta/pedidos/${encodeURIComponent(id)}`

/** The login page, which sends the person back to `path` (a path of this site) once in. */
export const loginReturningTo = (path: string) => `/entrar?voltar=${encodeURIComponent(path)}`

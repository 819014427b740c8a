import { queryOptions, type QueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { MY_ORDERS_KEY } from '../../api/queries/account-queries'
import { apiRequest } from '../../api/http'

/** One page of the history: what the relay answers at once (server/relay/routes/my-order-products.ts). */
const BATCH = 20

const productsSchema = z.looseObject({
  orders: z.array(z.looseObject({ id: z.int(), products: z.array(z.string()) })),
})

/** What is known of one order's products; null: the relay had none to give (not read, not ours). */
type Names = readonly string[] | null
const namesKey = (id: number) => [...MY_ORDERS_KEY, 'products', id] as const

/**
 * The product names of some of the account's orders, by id. The list carries no items, so the
 * history asks for the rows it needs; each order's names are also kept under its own key, and
 * only the orders not known yet are asked for, twenty per request: a page turn, a search and a
 * return share what was read (an order's items never change). One query over the set, not one
 * per order: `useQueries` would put its code on every page's first load (the shared chunk keeps
 * what any route uses). An order the relay did not answer for reads as null: no names shown.
 */
export const orderProductsQueries = {
  names: (queryClient: QueryClient, ids: readonly number[]) =>
    queryOptions({
      queryKey: [...MY_ORDERS_KEY, 'products', ids],
      queryFn: async ({ signal }) => {
        const known = (id: number) => queryClient.getQueryData<Names>(namesKey(id))
        const missing = ids.filter((id) => known(id) === undefined)
        for (let at = 0; at < missing.length; at += BATCH) {
          const batch = missing.slice(at, at + BATCH)
          const { orders } = await apiRequest(
            `/my-orders/products?ids=${batch.join(',')}`,
            productsSchema,
            { signal },
          )
          const answered = new Map(orders.map((order) => [order.id, order.products]))
          for (const id of batch) queryClient.setQueryData(namesKey(id), answered.get(id) ?? null)
        }
        return new Map(ids.map((id) => [id, known(id) ?? null]))
      },
      staleTime: Infinity,
      // A failed read leaves the rows as they were (code, date, total); the next visit asks again.
      retry: false,
      // While another set loads (a page turn, a search), the names already known stay on screen.
      placeholderData: (previous) => previous,
    }),
}

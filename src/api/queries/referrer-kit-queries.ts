import { queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiRequest } from '../http'
import { MY_ORDERS_KEY } from './account-queries'
import { retryTransient } from './order-queries'

/**
 * What WhatsApp or Instagram show for a link of this store (`GET /api/link-preview?path=`): the
 * head the relay serves their crawlers for that page, read by the relay itself.
 */
const linkPreviewSchema = z.looseObject({
  /** The shared link's canonical address: its host is what the card names. */
  url: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.nullable(z.string()),
  imageAlt: z.nullable(z.string()),
  /** "R$ 119,00" on a product's page, else null. */
  price: z.nullable(z.string()),
})

/** The partner's results' schemas load with their first read, not with the page. */
const resultsSchema = () =>
  import('../../../common/contract/schemas/indication').then((m) => m.referrerResultsSchema)
const earningsSchema = () =>
  import('../../../common/contract/schemas/indication').then((m) => m.referrerEarningsSchema)

export const referrerKitQueries = {
  /** `path`: the store-relative path with its query (`/produto/TOKEN-USB?p=i34_k9x`). */
  preview: (path: string) =>
    queryOptions({
      queryKey: ['link-preview', path],
      queryFn: ({ signal }) =>
        apiRequest(`/link-preview?path=${encodeURIComponent(path)}`, linkPreviewSchema, {
          signal,
        }),
      // The relay answers from the same reads as the page's head: briefly cacheable, as there.
      staleTime: 60_000,
      retry: retryTransient,
    }),
  /**
   * The logged-in partner's leads, one page, masked by the relay. Personal data of their
   * clients: under the account's key, so the end of the session takes it from memory
   * (use-session-guard.ts, the history's logout), and dropped as soon as no page shows it
   * (`gcTime: 0`), never kept for a later visit of the page.
   */
  results: (page: number) =>
    queryOptions({
      queryKey: [...MY_ORDERS_KEY, 'referrer-results', page],
      queryFn: ({ signal }) =>
        apiRequest(`/referrer/results?pagina=${encodeURIComponent(page)}`, resultsSchema, {
          signal,
        }),
      gcTime: 0,
      staleTime: 0,
      retry: retryTransient,
    }),
  /**
   * The partner's earnings, every one: one key whatever page of leads is shown, so turning
   * pages never reads them again. Kept as the leads are (the account's key, `gcTime: 0`): an
   * earning's texts may name a client, masked.
   */
  earnings: () =>
    queryOptions({
      queryKey: [...MY_ORDERS_KEY, 'referrer-earnings'],
      queryFn: ({ signal }) => apiRequest('/referrer/earnings', earningsSchema, { signal }),
      gcTime: 0,
      staleTime: 0,
      retry: retryTransient,
    }),
}

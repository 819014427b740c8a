import { HttpResponse } from 'msw'
import { problem } from './context'

/**
 * One page of a HAL collection as the docs' service (Laminas API Tools, "Apigility") answers
 * it over a Paginator. What Apigility does (api-tools-hal PaginationInjector and
 * Plugin\Hal::renderCollection) is copied as is: `page` defaults to 1; `self` carries
 * `?page=N`, `first` has no page (Apigility builds it with a null page, which the query drops),
 * `last` the page count, `prev`/`next` only when they exist; a page below 1 or beyond the last
 * is 409 "Invalid page provided" (not an empty page, not 404); an empty collection has no
 * paging links and `page` 0. Used for the order list, the parameters and the user collection.
 */
export function halPage<T>(options: {
  /** Absolute URL of the collection, without query (`https://…/order`). */
  collectionUrl: string
  /** The request's URL, whose `?page=` is read. */
  url: URL
  /** The name under `_embedded` (`order`, `parameter`, `user`). */
  name: string
  items: readonly T[]
  pageSize: number
  render: (item: T) => unknown
}) {
  const { collectionUrl, url, name, items, pageSize } = options
  const raw = url.searchParams.get('page') ?? '1'
  const page = /^\d+$/.test(raw) ? Number(raw) : Number.NaN
  const pageCount = Math.ceil(items.length / pageSize)
  const href = (p?: number) => ({ href: `${collectionUrl}${p === undefined ? '' : `?page=${p}`}` })
  if (pageCount > 0 && !(page >= 1 && page <= pageCount)) {
    return problem(409, 'Conflict', 'Invalid page provided')
  }
  const slice = items.slice((page - 1) * pageSize, page * pageSize)
  const links =
    pageCount === 0
      ? { self: href() }
      : {
          self: href(page),
          first: href(),
          last: href(pageCount),
          ...(page > 1 ? { prev: href(page - 1) } : {}),
          ...(page < pageCount ? { next: href(page + 1) } : {}),
        }
  return HttpResponse.json({
    _links: links,
    _embedded: { [name]: slice.map(options.render) },
    page_count: pageCount,
    page_size: pageSize,
    total_items: items.length,
    page: pageCount > 0 ? page : 0,
  })
}

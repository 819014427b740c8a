import { describe, expect, it } from 'vitest'
import { declaredPageCount, MAX_PAGES, PAGE_CONCURRENCY, readPages } from './hal-pages'
import type { OperationResult } from './upstream'

/** The one paging helper of the relay (orders, parameters, the account's user entry). */

const page = (n: number, pageCount: number): Extract<OperationResult, { kind: 'ok' }> => ({
  kind: 'ok',
  status: 200,
  data: { n },
  body: { page: n, page_count: pageCount },
  dialect: 'docs',
})

describe('readPages', () => {
  it('reads every declared page, four at a time, in page order', async () => {
    let inFlight = 0
    let most = 0
    const asked: number[] = []
    const read = await readPages(page(1, 10), async (n) => {
      asked.push(n)
      inFlight++
      most = Math.max(most, inFlight)
      await new Promise((resolve) => setTimeout(resolve, 1))
      inFlight--
      return page(n, 10)
    })
    expect(asked).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(most).toBe(PAGE_CONCURRENCY)
    expect(read.pages.map((p) => (p.kind === 'ok' ? (p.data as { n: number }).n : 0))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ])
    expect(read).toMatchObject({ pageCount: 10, whole: true })
  })

  it(`stops at ${MAX_PAGES} pages and says the collection was not read whole`, async () => {
    const asked: number[] = []
    const read = await readPages(page(1, 5_000), async (n) => {
      asked.push(n)
      return page(n, 5_000)
    })
    expect(read.pages).toHaveLength(MAX_PAGES)
    expect(Math.max(...asked)).toBe(MAX_PAGES)
    expect(read.whole).toBe(false)
  })

  it('asks for no batch after the one where `until` answered true', async () => {
    const asked: number[] = []
    const read = await readPages(
      page(1, 20),
      async (n) => {
        asked.push(n)
        return page(n, 20)
      },
      (p) => p.kind === 'ok' && (p.data as { n: number }).n === 3,
    )
    expect(asked).toEqual([2, 3, 4, 5])
    expect(read.whole).toBe(false)
  })

  it('a collection that does not page is page 1 alone', async () => {
    const read = await readPages({ ...page(1, 1), body: { total_items: 3 } }, () =>
      Promise.reject(new Error('never asked')),
    )
    expect(read).toMatchObject({ pageCount: 1, whole: true })
    expect(read.pages).toHaveLength(1)
  })
})

describe('declaredPageCount', () => {
  it.each([
    [{ page_count: 3 }, 3],
    [{ page_count: 0 }, 1],
    [{ page_count: '3' }, 1],
    [{ page_count: 2.5 }, 1],
    [null, 1],
    // Without page_count, as some of the docs' examples show a collection.
    [{ total_items: 23, page_size: 10 }, 3],
    [{ total_items: 0, page_size: 10 }, 1],
    [
      {
        total_items: 23,
        _links: { last: { href: 'https://api.exemplo/user-indication-gain?page=4' } },
      },
      4,
    ],
    [{ _links: { last: { href: 'https://api.exemplo/order?page=2&x=1' } } }, 2],
    [{ _links: { last: { href: 'https://api.exemplo/order?pagex=9' } } }, 1],
    [{ total_items: 3 }, 1],
  ])('%j → %i', (body, count) => {
    expect(declaredPageCount(body)).toBe(count)
  })
})

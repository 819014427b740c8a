import { describe, expect, it } from 'vitest'
import { leadPaging } from './lead-paging'

/** How many pages of leads, and how many leads, from one page of `GET /user-indication`. */

const URL = 'https://api.gestao.plus/user-indication'
const link = (page?: number) => ({ href: page === undefined ? URL : `${URL}?page=${page}` })

describe('leadPaging: the docs’ shape (`_links.self` and `total_items`, nothing of pages)', () => {
  it('the docs’ own example: total_items 3 with two listed is two pages of two', () => {
    const body = { _links: { self: link() }, _embedded: {}, total_items: 3 }
    expect(leadPaging(body, 1, 2)).toEqual({ pageCount: 2, total: 3 })
  })

  it('25 leads, ten a page: three pages, on every page', () => {
    const body = { _links: { self: link() }, total_items: 25 }
    expect(leadPaging(body, 1, 10)).toEqual({ pageCount: 3, total: 25 })
    expect(leadPaging(body, 2, 10)).toEqual({ pageCount: 3, total: 25 })
    expect(leadPaging(body, 3, 5)).toEqual({ pageCount: 3, total: 25 })
  })

  it('a short last page is the last, not a page of a smaller size', () => {
    const body = { total_items: 12 }
    expect(leadPaging(body, 1, 10)).toEqual({ pageCount: 2, total: 12 })
    expect(leadPaging(body, 2, 2)).toEqual({ pageCount: 2, total: 12 })
  })

  it('a full last page is the last', () => {
    expect(leadPaging({ total_items: 20 }, 2, 10)).toEqual({ pageCount: 2, total: 20 })
  })

  it('every lead on one page (a collection that does not page): one page', () => {
    expect(leadPaging({ total_items: 3 }, 1, 3)).toEqual({ pageCount: 1, total: 3 })
  })

  it('a service that pages by another size: full pages are right, a short last page may offer one page more', () => {
    expect(leadPaging({ total_items: 40 }, 1, 15)).toEqual({ pageCount: 3, total: 40 })
    expect(leadPaging({ total_items: 40 }, 2, 15)).toEqual({ pageCount: 3, total: 40 })
    // Never fewer pages than there are: an empty one is answered as page 1 (partner-reads.ts).
    expect(leadPaging({ total_items: 40 }, 3, 10).pageCount).toBeGreaterThanOrEqual(3)
  })

  it('nobody referred yet: no pages', () => {
    const body = { _links: { self: link() }, _embedded: {}, total_items: 0 }
    expect(leadPaging(body, 1, 0)).toEqual({ pageCount: 0, total: 0 })
  })

  it('counts as PHP may print them, as text', () => {
    expect(leadPaging({ total_items: '12' }, 1, 10)).toEqual({ pageCount: 2, total: 12 })
    expect(leadPaging({ total_items: '12', page_size: '10' }, 2, 2)).toEqual({
      pageCount: 2,
      total: 12,
    })
  })

  it('a total below what the pages hold is raised to it', () => {
    expect(leadPaging({ total_items: 1 }, 1, 2)).toEqual({ pageCount: 1, total: 2 })
  })
})

describe('leadPaging: Apigility’s shape', () => {
  const apigility = (page: number, pageCount: number, total: number) => ({
    _links: {
      self: link(page),
      first: link(),
      last: link(pageCount),
      ...(page > 1 ? { prev: link(page - 1) } : {}),
      ...(page < pageCount ? { next: link(page + 1) } : {}),
    },
    page_count: pageCount,
    page_size: 10,
    total_items: total,
    page,
  })

  it('page_count as it says', () => {
    expect(leadPaging(apigility(1, 2, 12), 1, 10)).toEqual({ pageCount: 2, total: 12 })
    expect(leadPaging(apigility(2, 2, 12), 2, 2)).toEqual({ pageCount: 2, total: 12 })
  })

  it('empty: page_count 0, no paging links', () => {
    const body = { _links: { self: link() }, page_count: 0, page_size: 10, total_items: 0, page: 0 }
    expect(leadPaging(body, 1, 0)).toEqual({ pageCount: 0, total: 0 })
  })
})

describe('leadPaging: without page_count', () => {
  it('total_items / page_size', () => {
    expect(leadPaging({ total_items: 25, page_size: 10 }, 1, 10)).toEqual({
      pageCount: 3,
      total: 25,
    })
    expect(leadPaging({ total_items: 25, page_size: 10 }, 3, 5)).toEqual({
      pageCount: 3,
      total: 25,
    })
  })

  it('the page _links.last names, and no total: counted exactly on the last page with page_size', () => {
    const links = { self: link(2), first: link(), last: link(4), next: link(3) }
    expect(leadPaging({ _links: links }, 2, 10)).toEqual({ pageCount: 4, total: null })
    const onLast = { _links: { self: link(4), last: link(4) }, page_size: 10 }
    expect(leadPaging(onLast, 4, 3)).toEqual({ pageCount: 4, total: 33 })
  })

  it('_links.next alone: one page more; none: this page is the last', () => {
    expect(leadPaging({ _links: { self: link(), next: link(2) } }, 1, 10)).toEqual({
      pageCount: 2,
      total: null,
    })
    expect(leadPaging({ _links: { self: link(2), prev: link(1) } }, 2, 4)).toEqual({
      pageCount: 2,
      total: null,
    })
    expect(leadPaging({ _links: { self: link() } }, 1, 4)).toEqual({ pageCount: 1, total: 4 })
  })

  it('a next link wins over a page_count that says this is the last page', () => {
    const body = { _links: { next: link(2) }, page_count: 1, total_items: 30 }
    expect(leadPaging(body, 1, 10).pageCount).toBe(2)
  })

  it('values that are no counts are ignored', () => {
    const body = { page_count: -1, page_size: 0, total_items: 'doze', _links: { last: 'x' } }
    expect(leadPaging(body, 1, 10)).toEqual({ pageCount: 1, total: 10 })
    expect(leadPaging(null, 1, 0)).toEqual({ pageCount: 0, total: 0 })
  })
})

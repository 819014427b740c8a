import { describe, expect, it } from 'vitest'
import type { OrderSummary } from '../../../common/contract/schemas/order'
import {
  filterOrders,
  newestFirst,
  normalizeCode,
  paginate,
  paramsWithView,
  statusFilterKeys,
  viewFromParams,
} from './order-history'

const summary = (
  id: number,
  date: string,
  statusPayment: string | null,
  code = `V2026-${String(id).padStart(6, '0')}`,
): OrderSummary => ({
  id,
  type: 'V',
  code,
  date: new Date(date),
  status: 1,
  orderDiscount: 0,
  orderTotal: 10000,
  statusPayment,
  _links: { self: { href: `http://servico.offline/order/${id}` } },
})

const orders = [
  summary(1003, '2026-09-15T10:00:00Z', null),
  summary(1001, '2026-11-18T13:05:00Z', 'PENDENTE'),
  summary(1004, '2026-08-20T09:15:30Z', 'CONCLUIDO'),
  summary(1002, '2026-10-02T17:42:10Z', 'CONCLUIDO'),
  summary(1006, '2026-11-21T08:00:00Z', 'CANCELADO'),
]

describe('newestFirst', () => {
  it('sorts by date, newest first', () => {
    expect(newestFirst(orders).map((o) => o.id)).toEqual([1006, 1001, 1002, 1003, 1004])
  })

  it('breaks a tie of dates by the later id', () => {
    const same = [
      summary(7, '2026-01-01T00:00:00Z', null),
      summary(9, '2026-01-01T00:00:00Z', null),
    ]
    expect(newestFirst(same).map((o) => o.id)).toEqual([9, 7])
  })
})

describe('filterOrders', () => {
  it('filters by payment status, null as "sem-cobranca"', () => {
    expect(filterOrders(orders, { status: 'CONCLUIDO', search: '' }).map((o) => o.id)).toEqual([
      1002, 1004,
    ])
    expect(filterOrders(orders, { status: 'sem-cobranca', search: '' }).map((o) => o.id)).toEqual([
      1003,
    ])
    expect(filterOrders(orders, { status: 'CANCELADO', search: '' }).map((o) => o.id)).toEqual([
      1006,
    ])
  })

  it('searches the code ignoring case and punctuation', () => {
    expect(filterOrders(orders, { status: '', search: '1001' }).map((o) => o.id)).toEqual([1001])
    expect(filterOrders(orders, { status: '', search: 'v2026 001002' }).map((o) => o.id)).toEqual([
      1002,
    ])
    expect(filterOrders(orders, { status: '', search: '  ' })).toHaveLength(5)
  })

  it('combines the filter and the search', () => {
    expect(filterOrders(orders, { status: 'PENDENTE', search: '1002' })).toEqual([])
  })

  it('finds orders by the names of their products, where known, accents and case aside', () => {
    const names: Record<number, string[]> = {
      1001: ['Certificado Digital e-CPF A3 – 36 meses + token USB'],
      1002: ['Certificado Digital e-CNPJ A1 – 12 meses', 'Instalação remota'],
    }
    const namesOf = (id: number) => names[id]
    const found = (search: string) =>
      filterOrders(orders, { status: '', search }, namesOf).map((o) => o.id)
    expect(found('token')).toEqual([1001])
    expect(found('INSTALACAO')).toEqual([1002])
    expect(found('ecpf a3')).toEqual([1001])
    expect(found('certificado')).toEqual([1001, 1002])
    // Without names (not read yet, or the read failed) only the code is searched.
    expect(filterOrders(orders, { status: '', search: 'token' })).toEqual([])
  })
})

describe('paginate', () => {
  const items = Array.from({ length: 45 }, (_, i) => i + 1)

  it('cuts pages of 20', () => {
    expect(paginate(items, 1)).toMatchObject({ page: 1, pageCount: 3 })
    expect(paginate(items, 1).items).toHaveLength(20)
    expect(paginate(items, 3).items).toEqual([41, 42, 43, 44, 45])
  })

  it('clamps a page out of range', () => {
    expect(paginate(items, 9).page).toBe(3)
    expect(paginate(items, 0).page).toBe(1)
    expect(paginate(items, Number.NaN).page).toBe(1)
  })

  it('has one (empty) page for an empty list', () => {
    expect(paginate([], 1)).toEqual({ items: [], page: 1, pageCount: 1 })
  })
})

describe('statusFilterKeys', () => {
  it('offers the known statuses, then the unknown ones the list has', () => {
    expect(statusFilterKeys(orders)).toEqual(['PENDENTE', 'CONCLUIDO', 'sem-cobranca', 'CANCELADO'])
  })
})

describe('normalizeCode', () => {
  it('keeps only letters and digits, lower case, accents dropped from their letters', () => {
    expect(normalizeCode('V2026-001001')).toBe('v2026001001')
    expect(normalizeCode('Instalação Remota')).toBe('instalacaoremota')
  })
})

describe('the view in the address', () => {
  it('reads status, search and page, and the defaults from a bare address', () => {
    expect(viewFromParams(new URLSearchParams('situacao=CONCLUIDO&busca=1004&pagina=2'))).toEqual({
      status: 'CONCLUIDO',
      search: '1004',
      page: 2,
    })
    expect(viewFromParams(new URLSearchParams(''))).toEqual({ status: '', search: '', page: 1 })
    expect(viewFromParams(new URLSearchParams('pagina=dois')).page).toBe(1)
    expect(viewFromParams(new URLSearchParams('pagina=-3')).page).toBe(1)
  })

  it("writes only what differs from the defaults, and keeps the address's other parameters", () => {
    const view = { status: 'PENDENTE', search: 'v2026 1', page: 1 }
    expect(paramsWithView(new URLSearchParams('p=i34_k9x&pagina=3'), view).toString()).toBe(
      'p=i34_k9x&situacao=PENDENTE&busca=v2026+1',
    )
    expect(
      paramsWithView(new URLSearchParams(''), { status: '', search: '', page: 2 }).toString(),
    ).toBe('pagina=2')
  })
})

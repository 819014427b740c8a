// @vitest-environment jsdom
import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ProductPrice } from '../../../common/contract/schemas/catalog'
import { filterProducts, groupsOf, useSearchIndex, type SortKey } from './use-catalog-filter'

let nextId = 1
const product = (
  sku: string,
  description: string,
  groupDescription: string,
  price: number,
  status = 1,
): ProductPrice => ({
  id: nextId++,
  sku,
  description,
  status,
  price,
  image: { name: `${sku}.svg`, description, href: `/produtos/${sku}.svg` },
  groupDescription,
})

/** The Certifica Brasil listing, in the service's (highlight) order. */
const listing: ProductPrice[] = [
  product(
    'ECPF-A1-12',
    'Certificado Digital e-CPF A1 – 12 meses',
    'Certificação Digital e-CPF',
    15990,
  ),
  product(
    'ECPF-A3-36-TOKEN',
    'Certificado Digital e-CPF A3 – 36 meses + token USB',
    'Certificação Digital e-CPF',
    38990,
  ),
  product('NFE-A1-12', 'Certificado NF-e A1 – 12 meses', 'Certificação Digital e-CNPJ', 21990, 0),
  product(
    'ECNPJ-A1-12',
    'Certificado Digital e-CNPJ A1 – 12 meses',
    'Certificação Digital e-CNPJ',
    23990,
  ),
  product('TOKEN-USB', 'Token USB criptográfico', 'Mídias e Acessórios', 11900),
  product('LEITORA-CARTAO', 'Leitora de cartão inteligente', 'Mídias e Acessórios', 8999),
  product('VALIDACAO-VIDEO', 'Validação por videoconferência (taxa avulsa)', 'Serviços', 4990),
  product('INSTALACAO-REMOTA', 'Instalação assistida remota', 'Serviços', 3500),
]

function search(query = '', group = '', sort: SortKey = 'relevance', products = listing) {
  const { result } = renderHook(() => useSearchIndex(products))
  return filterProducts(result.current, { query, group, sort }).map((p) => p.sku)
}

describe('catalog filter', () => {
  it('no query and no group: everything, in the service order, not-on-sale last', () => {
    expect(search()).toEqual([
      'ECPF-A1-12',
      'ECPF-A3-36-TOKEN',
      'ECNPJ-A1-12',
      'TOKEN-USB',
      'LEITORA-CARTAO',
      'VALIDACAO-VIDEO',
      'INSTALACAO-REMOTA',
      'NFE-A1-12',
    ])
  })

  it('ignores accents and case: "certificacao" finds "Certificação"', () => {
    expect(search('certificacao')).toEqual([
      'ECPF-A1-12',
      'ECPF-A3-36-TOKEN',
      'ECNPJ-A1-12',
      'NFE-A1-12',
    ])
    expect(search('VALIDAÇÃO')).toEqual(['VALIDACAO-VIDEO'])
    expect(search('midias')).toEqual(['TOKEN-USB', 'LEITORA-CARTAO'])
    expect(search('instalacao')).toEqual(['INSTALACAO-REMOTA'])
  })

  it('every word must match, in any order', () => {
    expect(search('a1 e-cpf')).toEqual(['ECPF-A1-12'])
    expect(search('token certificado')).toEqual(['ECPF-A3-36-TOKEN'])
    expect(search('token inexistente')).toEqual([])
  })

  it('searches description, group and SKU', () => {
    expect(search('servicos')).toEqual(['VALIDACAO-VIDEO', 'INSTALACAO-REMOTA'])
    expect(search('leitora-cartao')).toEqual(['LEITORA-CARTAO'])
  })

  it('finds nothing for an unknown word', () => {
    expect(search('passaporte')).toEqual([])
  })

  it('filters by group (exact group name)', () => {
    expect(search('', 'Mídias e Acessórios')).toEqual(['TOKEN-USB', 'LEITORA-CARTAO'])
    expect(search('', 'Certificação Digital e-CNPJ')).toEqual(['ECNPJ-A1-12', 'NFE-A1-12'])
    expect(search('', 'Grupo que não existe')).toEqual([])
  })

  it('combines group and query', () => {
    expect(search('a1', 'Certificação Digital e-CPF')).toEqual(['ECPF-A1-12'])
  })

  it('sorts by price, ascending and descending', () => {
    expect(search('', '', 'priceAsc')).toEqual([
      'INSTALACAO-REMOTA',
      'VALIDACAO-VIDEO',
      'LEITORA-CARTAO',
      'TOKEN-USB',
      'ECPF-A1-12',
      'NFE-A1-12',
      'ECNPJ-A1-12',
      'ECPF-A3-36-TOKEN',
    ])
    expect(search('', '', 'priceDesc')[0]).toBe('ECPF-A3-36-TOKEN')
    expect(search('', '', 'priceDesc').at(-1)).toBe('INSTALACAO-REMOTA')
  })

  it('sorts by name in pt-BR order (accents do not push a name to the end)', () => {
    const products = [
      product('B', 'Ébano', 'G', 1),
      product('A', 'Zebra', 'G', 1),
      product('C', 'abacaxi', 'G', 1),
      product('D', 'Item 10', 'G', 1),
      product('E', 'Item 9', 'G', 1),
    ]
    expect(search('', '', 'name', products)).toEqual(['C', 'B', 'E', 'D', 'A'])
  })

  it('does not reorder the listing it was given', () => {
    const before = listing.map((p) => p.sku)
    search('', '', 'priceAsc')
    expect(listing.map((p) => p.sku)).toEqual(before)
  })

  it('makes search keys only when a search needs them, and keeps them for the next keystroke', () => {
    const { result } = renderHook(() => useSearchIndex(listing))
    filterProducts(result.current, { query: '', group: '', sort: 'name' })
    // A visit that never searches (and the server's render) pays nothing for search.
    expect(result.current.every((entry) => entry.haystack === undefined)).toBe(true)
    const found = filterProducts(result.current, { query: 'token', group: '', sort: 'name' })
    expect(found.map((p) => p.sku)).toContain('TOKEN-USB')
    expect(result.current.every((entry) => typeof entry.haystack === 'string')).toBe(true)
  })

  it('an empty or missing listing finds nothing', () => {
    expect(search('', '', 'relevance', [])).toEqual([])
    const { result } = renderHook(() => useSearchIndex(undefined))
    expect(filterProducts(result.current, { query: 'x', group: '', sort: 'name' })).toEqual([])
  })
})

describe('groupsOf', () => {
  it('lists each group once, in pt-BR order', () => {
    expect(groupsOf(listing)).toEqual([
      'Certificação Digital e-CNPJ',
      'Certificação Digital e-CPF',
      'Mídias e Acessórios',
      'Serviços',
    ])
  })
  it('is empty without a listing', () => {
    expect(groupsOf(undefined)).toEqual([])
  })
})

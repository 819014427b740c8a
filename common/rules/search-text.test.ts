import { describe, expect, it } from 'vitest'
import { matchesQuery, normalizeForSearch } from './search-text'

describe('normalizeForSearch', () => {
  it.each([
    ['Certificação', 'certificacao'],
    ['CERTIFICAÇÃO DIGITAL', 'certificacao digital'],
    ['Mídias e Acessórios', 'midias e acessorios'],
    ['Validação por videoconferência', 'validacao por videoconferencia'],
    ['  e-CNPJ A3  ', 'e-cnpj a3'],
    ['ÀÁÂÃÄ àáâãä ÇçÑñ Üü', 'aaaaa aaaaa ccnn uu'],
  ])('%j → %j', (text, expected) => {
    expect(normalizeForSearch(text)).toBe(expected)
  })

  it('treats precomposed and decomposed accents alike', () => {
    const decomposed = 'Certificac\u0327a\u0303o'
    expect(normalizeForSearch(decomposed)).toBe(normalizeForSearch('Certificação'))
  })

  it('keeps letters that are not accented Latin letters', () => {
    expect(normalizeForSearch('R$ 1.234,56 – 12x')).toBe('r$ 1.234,56 – 12x')
  })
})

describe('matchesQuery', () => {
  const haystack = normalizeForSearch(
    'Certificado Digital e-CPF A1 – 12 meses Certificação Digital e-CPF ECPF-A1-12',
  )

  it('ignores accents and case in the query ("certificacao" finds "Certificação")', () => {
    expect(matchesQuery(haystack, 'certificacao')).toBe(true)
    expect(matchesQuery(haystack, 'CERTIFICAÇÃO')).toBe(true)
    expect(matchesQuery(normalizeForSearch('Certificacao'), 'certificação')).toBe(true)
  })

  it('needs every word, in any order', () => {
    expect(matchesQuery(haystack, 'a1 e-cpf')).toBe(true)
    expect(matchesQuery(haystack, 'e-cpf a3')).toBe(false)
  })

  it('matches parts of words', () => {
    expect(matchesQuery(haystack, 'certif')).toBe(true)
  })

  it('an empty or blank query matches everything', () => {
    expect(matchesQuery(haystack, '')).toBe(true)
    expect(matchesQuery(haystack, '   \t ')).toBe(true)
  })

  it('collapses repeated whitespace between words', () => {
    expect(matchesQuery(haystack, '  digital     12  ')).toBe(true)
  })
})

import { describe, expect, it } from 'vitest'
import { readReferrerLink } from './referrer-link'

const ref = (input: string) => {
  const read = readReferrerLink(input)
  return read.kind === 'referrer' ? read.place.ref : read.kind
}

describe('readReferrerLink', () => {
  it('reads the bare reference with any of the three separators, kept in the store’s form', () => {
    expect(ref('i21_ana-souza')).toBe('i21_ana-souza')
    expect(ref('i21:ana-souza')).toBe('i21_ana-souza')
    expect(ref('i21-ana-souza')).toBe('i21_ana-souza')
    expect(ref('  i34_k9x \n')).toBe('i34_k9x')
    const read = readReferrerLink('i21-ana-souza')
    expect(read).toEqual({
      kind: 'referrer',
      place: { kind: 'referrer', number: 21, key: 'ana-souza', ref: 'i21_ana-souza' },
    })
  })

  it('takes a capital first letter from a phone keyboard, never changes the key', () => {
    expect(ref('I21_ana-souza')).toBe('i21_ana-souza')
    expect(ref('i34_K9X')).toBe('i34_K9X')
  })

  it('reads the path forms, with or without the letter again, and a short link', () => {
    expect(ref('/i/21-ana-souza')).toBe('i21_ana-souza')
    expect(ref('/i/21_ana-souza')).toBe('i21_ana-souza')
    expect(ref('/i/21:ana-souza')).toBe('i21_ana-souza')
    expect(ref('i/21-ana-souza')).toBe('i21_ana-souza')
    expect(ref('/i/i21_ana-souza')).toBe('i21_ana-souza')
    expect(ref('/i/21-ana-souza/')).toBe('i21_ana-souza')
    expect(ref('/i/21-ana-souza/token-usb')).toBe('i21_ana-souza')
    expect(ref('/i/21-ana-souza/token-usb?utm_source=whatsapp')).toBe('i21_ana-souza')
  })

  it('reads a whole address of the store by its p or its path', () => {
    const store = 'https://loja.certificabrasil.com.br'
    expect(ref(`${store}/?p=i21_ana-souza`)).toBe('i21_ana-souza')
    expect(ref(`${store}/?utm_source=whatsapp&p=i21-ana-souza#topo`)).toBe('i21_ana-souza')
    expect(ref(`${store}/produto/TOKEN-USB?p=i21:ana-souza`)).toBe('i21_ana-souza')
    expect(ref(`${store}/?categoria=Servi%C3%A7os&p=i34_k9x`)).toBe('i34_k9x')
    expect(ref(`${store}/i/21-ana-souza`)).toBe('i21_ana-souza')
    expect(ref(`${store}/i/21-ana-souza/token-usb?utm_medium=social`)).toBe('i21_ana-souza')
    expect(ref('HTTPS://LOJA.CERTIFICABRASIL.COM.BR/?p=i34_k9x')).toBe('i34_k9x')
    expect(ref('http://localhost:5173/?p=i34_k9x')).toBe('i34_k9x')
    // Written without the scheme, or as a path of the store.
    expect(ref('loja.certificabrasil.com.br/?p=i34_k9x')).toBe('i34_k9x')
    expect(ref('localhost:5173/i/34_k9x')).toBe('i34_k9x')
    expect(ref('/produto/TOKEN-USB?p=i34_k9x')).toBe('i34_k9x')
    // The path is what the landing reads when both are there.
    expect(ref(`${store}/i/34_k9x?p=i21_ana-souza`)).toBe('i34_k9x')
  })

  it('decodes what the address encoded', () => {
    expect(ref('https://loja.exemplo.com.br/?p=i21%3Aana-souza')).toBe('i21_ana-souza')
    expect(ref('https://loja.exemplo.com.br/?p=i21%5Fana-souza')).toBe('i21_ana-souza')
    expect(ref('https://loja.exemplo.com.br/i/21%5Fana-souza')).toBe('i21_ana-souza')
    expect(ref('/i/21%3Aana-souza')).toBe('i21_ana-souza')
    // Encoded twice is not a reference.
    expect(ref('https://loja.exemplo.com.br/?p=i21%253Aana-souza')).toBe('invalid')
    expect(ref('/i/21%E0%A4%A')).toBe('invalid')
  })

  it('finds the link in the message it came in', () => {
    expect(
      ref(
        'Certificados digitais com condições especiais por este link: https://loja.exemplo.com.br/?p=i21_ana-souza.',
      ),
    ).toBe('i21_ana-souza')
    expect(ref('Veja (https://loja.exemplo.com.br/i/34_k9x)')).toBe('i34_k9x')
  })

  it('tells a unit’s link apart: it is the store’s, not a partner’s', () => {
    expect(ref('u12_ab3f')).toBe('unit')
    expect(ref('/u/12_ab3f')).toBe('unit')
    expect(ref('https://loja.exemplo.com.br/?p=u12-ab3f')).toBe('unit')
    // The path's letter and the reference's must agree.
    expect(ref('/i/u12_ab3f')).toBe('invalid')
  })

  it('refuses junk, never guessing a reference', () => {
    expect(ref('')).toBe('empty')
    expect(ref('   ')).toBe('empty')
    for (const junk of [
      'ana-souza',
      'i21',
      'i21_',
      'i_ana',
      'i21 ana-souza',
      'i21_ana souza',
      'i21_ana.souza',
      'i21/ana-souza',
      `i21_${'a'.repeat(65)}`,
      'i1234567890_x',
      'x21_ana',
      '/i/',
      '/i/21-ana-souza/token-usb/mais',
      'https://loja.exemplo.com.br/',
      'https://loja.exemplo.com.br/?p=',
      'https://loja.exemplo.com.br/?p=nada',
      'https://loja.exemplo.com.br/produto/TOKEN-USB',
      'javascript:alert("i21_ana-souza")',
      'mailto:ana@exemplo.com.br?p=i21_ana-souza',
      'data:text/html,?p=i21_ana-souza',
      'https://',
      '%%%',
      `https://loja.exemplo.com.br/?p=i21_ana-souza&x=${'a'.repeat(2000)}`,
    ]) {
      expect(ref(junk), junk).toBe('invalid')
    }
  })
})

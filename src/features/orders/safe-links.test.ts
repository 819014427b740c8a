import { describe, expect, it } from 'vitest'
import { downloadHref, safeExternalUrl } from './safe-links'

describe('downloadHref', () => {
  it('keeps a boleto link that already forces the download, signature included', () => {
    const href =
      'http://servico.offline/arquivo/boleto-V2026-001004-1.pdf?forceDownload=true&q=0a1b2c3d4e5f6789'
    expect(downloadHref(href)).toBe(href)
  })

  it('adds forceDownload=true when missing, keeping q', () => {
    expect(downloadHref('https://files.example.com/arquivo/b.pdf?q=abc')).toBe(
      'https://files.example.com/arquivo/b.pdf?q=abc&forceDownload=true',
    )
  })

  it('turns forceDownload=false into true in place', () => {
    expect(downloadHref('https://files.example.com/b.pdf?forceDownload=false&q=abc')).toBe(
      'https://files.example.com/b.pdf?forceDownload=true&q=abc',
    )
  })

  it('keeps a same-site path relative', () => {
    expect(downloadHref('/arquivo/b.pdf?q=1')).toBe('/arquivo/b.pdf?q=1&forceDownload=true')
  })

  it.each([
    'javascript:alert(1)',
    'data:application/pdf;base64,AAAA',
    '',
    '   ',
    'ftp://x/y',
    'not a url',
    '//evil.example/b.pdf',
  ])('refuses %j', (href) => {
    expect(downloadHref(href)).toBeNull()
  })
})

describe('safeExternalUrl', () => {
  it('accepts http(s) URLs and site paths as they are', () => {
    expect(safeExternalUrl('https://agenda.example.com.br/presencial')).toBe(
      'https://agenda.example.com.br/presencial',
    )
    expect(safeExternalUrl('/ajuda/agendamento.svg')).toBe('/ajuda/agendamento.svg')
  })

  it.each(['javascript:void(0)', ' JAVASCRIPT:alert(1)', 'vbscript:x', '/\\evil.example'])(
    'refuses %j',
    (href) => {
      expect(safeExternalUrl(href)).toBeNull()
    },
  )
})

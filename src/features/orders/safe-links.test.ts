import { describe, expect, it } from 'vitest'
import { downloadHref, safeExternalUrl } from './safe-links'

describe('downloadHref', () => {
  it("takes an offline service's boleto from this site's relay, signature included", () => {
    // Its host resolves nowhere outside the process: the browser would show "can't be reached".
    expect(
      downloadHref(
        'http://servico.offline/arquivo/boleto-V2026-001004-1.pdf?forceDownload=true&q=0a1b2c3d4e5f6789',
      ),
    ).toBe('/api/arquivo/boleto-V2026-001004-1.pdf?forceDownload=true&q=0a1b2c3d4e5f6789')
    expect(downloadHref('http://servico.offline/arquivo/b.pdf?forceDownload=false&q=ab')).toBe(
      '/api/arquivo/b.pdf?forceDownload=true&q=ab',
    )
  })

  it.each([
    // Not one of its files, or a name that could leave the folder: left as the service gave it.
    'http://servico.offline/order/info?t=x',
    'http://servico.offline/arquivo/..%2F..%2Forder.pdf?q=1',
    'http://servico.offline/arquivo/a/b.pdf?q=1',
    // Another host, even one that looks like it.
    'https://servico.offline/arquivo/b.pdf?q=1',
    'http://servico.offline.evil.example/arquivo/b.pdf?q=1',
  ])('does not take %j from the relay', (href) => {
    expect(downloadHref(href)?.startsWith('/api/')).toBe(false)
  })

  it("keeps a real service's boleto link on its own host", () => {
    const href = 'https://dev.gestao.plus/file?forceDownload=true&q=e2dvb2RfbG9va317In0='
    expect(downloadHref(href)).toBe(href)
    // As the docs show it: the base64 signature's "==" reaches the service as it was signed.
    expect(downloadHref('https://dev.gestao.plus/file?forceDownload=false&q=e2Rh==')).toBe(
      'https://dev.gestao.plus/file?forceDownload=true&q=e2Rh==',
    )
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

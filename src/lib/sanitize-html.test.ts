// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { sanitizeHtml } from './sanitize-html'

/** The payload the offline service plants in every tenant's terms (offline/data/hostile-markup.ts). */
const HOSTILE_MARKUP =
  '<script>window.__vitrineInjected = true</script>' +
  '<img src="/nao-existe.png" alt="" onerror="window.__vitrineInjected = true">' +
  '<p><a href="javascript:window.__vitrineInjected = true">Clique aqui para mais detalhes</a></p>'

/** Parses the sanitised markup the way the page would hold it. */
function render(html: string): HTMLElement {
  const host = document.createElement('div')
  host.innerHTML = sanitizeHtml(html)
  return host
}

describe('sanitizeHtml', () => {
  it('drops <script> elements and their code', () => {
    const out = sanitizeHtml(
      '<p>antes</p><script>window.__vitrineInjected = true</script><p>depois</p>',
    )
    expect(out).not.toMatch(/script/i)
    expect(out).not.toContain('__vitrineInjected')
    expect(render('<p>antes</p><script>alert(1)</script><p>depois</p>').textContent).toBe(
      'antesdepois',
    )
  })

  it('drops event handler attributes and keeps the element', () => {
    const host = render(
      '<img src="/x.png" alt="Logo" onerror="window.__vitrineInjected = true"><p onclick="x()">Oi</p>',
    )
    const img = host.querySelector('img')
    expect(img).not.toBeNull()
    expect(img?.getAttribute('alt')).toBe('Logo')
    expect(img?.hasAttribute('onerror')).toBe(false)
    expect(host.querySelector('p')?.hasAttribute('onclick')).toBe(false)
    expect(host.innerHTML).not.toMatch(/\bon[a-z]+=/i)
  })

  it.each([
    'javascript:window.__vitrineInjected = true',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
  ])('removes a %j href but keeps the link text', (href) => {
    const host = render(`<p><a href="${href}">Clique aqui</a></p>`)
    const a = host.querySelector('a')
    expect(a?.getAttribute('href') ?? null).toBeNull()
    expect(host.textContent).toBe('Clique aqui')
  })

  it('drops data: and vbscript: URLs on links', () => {
    const host = render(
      '<a href="data:text/html,<script>alert(1)</script>">a</a><a href="vbscript:msgbox(1)">b</a>',
    )
    for (const a of host.querySelectorAll('a')) expect(a.hasAttribute('href')).toBe(false)
  })

  it('keeps only the policy’s schemes (sanitize-policy.ts): other ones unwrap the link', () => {
    const out = sanitizeHtml(
      '<p><a href="ftp://arquivos.exemplo.com.br">ftp</a> <a href="sms:+5511999999999">sms</a> <a href="https://exemplo.com.br">web</a></p>',
    )
    expect(out).toBe(
      '<p>ftp sms <a href="https://exemplo.com.br" target="_blank" rel="noopener noreferrer">web</a></p>',
    )
  })

  it('links open in a new tab without access to the page', () => {
    const host = render(
      '<p>Veja a <a href="https://www.certificabrasil.com.br/privacidade" target="_self" rel="opener">política</a>.</p>',
    )
    const a = host.querySelector('a')
    expect(a?.getAttribute('href')).toBe('https://www.certificabrasil.com.br/privacidade')
    expect(a?.getAttribute('target')).toBe('_blank')
    expect(a?.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('relative and mailto links are kept and hardened too', () => {
    const host = render(
      '<a href="/termos">termos</a> <a href="mailto:sac@exemplo.com.br">e-mail</a>',
    )
    const [relative, mail] = host.querySelectorAll('a')
    expect(relative?.getAttribute('href')).toBe('/termos')
    expect(mail?.getAttribute('href')).toBe('mailto:sac@exemplo.com.br')
    expect(mail?.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('keeps structure and text: headings, paragraphs, lists, emphasis', () => {
    const html =
      '<h2>Termos de compra</h2><p>O prazo é de <strong>90 dias</strong>.</p><ul><li>A1: 12 meses</li><li>A3: 36 meses</li></ul>'
    const host = render(html)
    expect(host.querySelector('h2')?.textContent).toBe('Termos de compra')
    expect(host.querySelector('strong')?.textContent).toBe('90 dias')
    expect(host.querySelectorAll('li')).toHaveLength(2)
    expect(sanitizeHtml(html)).toBe(html)
  })

  it('drops style, forms, inputs, buttons and iframes', () => {
    const host = render(
      '<style>body{display:none}</style><p style="color:red">texto</p><form action="https://evil"><input name="cpf"><button>ok</button></form><iframe src="https://evil"></iframe>',
    )
    expect(host.querySelector('style, form, input, button, iframe')).toBeNull()
    expect(host.querySelector('p')?.hasAttribute('style')).toBe(false)
    expect(host.querySelector('p')?.textContent).toBe('texto')
  })

  it('neutralises the offline service’s planted payload and keeps its text', () => {
    const host = render(`<p>Termos.</p>${HOSTILE_MARKUP}`)
    expect(host.querySelector('script')).toBeNull()
    expect(host.querySelector('[onerror]')).toBeNull()
    expect(host.querySelector('a[href^="javascript" i]')).toBeNull()
    expect(host.textContent).toContain('Clique aqui para mais detalhes')
    expect(host.innerHTML).not.toContain('__vitrineInjected')
  })

  describe('the hostile markup is never live while it is being sanitised', () => {
    // The attack: a handler that runs the moment its element exists in a document that has a window,
    // attached or not. jsdom (vitest runs it with runScripts: 'dangerously') compiles inline handlers
    // only there, like a browser: markup parsed by the page's own document runs them, DOMPurify's
    // DOMParser document is inert and does not. An open <details> fires `toggle` with no network, so
    // it works in jsdom, which loads no images (the planted `<img onerror>` is the same attack in a
    // browser); the dropped containers (form, button) are there because their subtree is discarded
    // rather than cleaned. The planted handlers write to jsdom's own window, which vitest exposes as
    // `jsdom.window` (the test's `window` is Node's global with the DOM copied onto it).
    const probe = (globalThis as unknown as { jsdom: { window: { __vitrineInjected?: unknown } } })
      .jsdom.window
    const ATTACKS = [
      '<details open ontoggle="window.__vitrineInjected = true"><summary>s</summary>x</details>',
      '<form><details open ontoggle="window.__vitrineInjected = true">x</details></form>',
      '<button><details open ontoggle="window.__vitrineInjected = true">x</details></button>',
    ]
    /** Events of elements created while sanitising are queued tasks: let them run. */
    const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

    it.each(ATTACKS)('%s: the planted handler never runs', async (attack) => {
      delete probe.__vitrineInjected
      const out = sanitizeHtml(attack)
      await settle()
      expect(probe.__vitrineInjected).toBeUndefined()
      expect(out).not.toMatch(/\bon[a-z]+=/i)
    })

    it('the probe works: the same markup parsed by the page’s document runs the handler', async () => {
      delete probe.__vitrineInjected
      document.createElement('div').innerHTML = ATTACKS[0] ?? ''
      await settle()
      expect(probe.__vitrineInjected).toBe(true)
      delete probe.__vitrineInjected
    })
  })

  describe('a link without a usable address', () => {
    it.each([
      ['an unsafe href DOMPurify removed', 'javascript:alert(1)'],
      ['an empty href', ''],
      ['a blank href', '   '],
      ['a bare #', '#'],
    ])('%s is unwrapped: its text stays, in place, with no empty anchor', (_label, href) => {
      const out = sanitizeHtml(`<p>Leia <a href="${href}">as condições</a> antes.</p>`)
      expect(out).toBe('<p>Leia as condições antes.</p>')
    })

    it('keeps the formatting inside the link', () => {
      expect(
        sanitizeHtml('<p><a href="javascript:x()"><strong>Importante</strong>: leia</a></p>'),
      ).toBe('<p><strong>Importante</strong>: leia</p>')
    })

    it('leaves no blank gap when the link was all there was', () => {
      const out = sanitizeHtml(
        '<p>Antes.</p><p><a href="javascript:x()"></a></p><p> <a href="">&nbsp;</a> </p><ul><li><a href="#"></a></li></ul><p>Depois.</p>',
      )
      expect(out).toBe('<p>Antes.</p><p>Depois.</p>')
    })

    it('a picture inside a dead link stays, unlinked', () => {
      const host = render('<p><a href="javascript:x()"><img src="/selo.png" alt="Selo"></a></p>')
      expect(host.querySelector('a')).toBeNull()
      expect(host.querySelector('p > img')?.getAttribute('alt')).toBe('Selo')
    })

    it('a working link next to it is untouched', () => {
      const host = render(
        '<p><a href="javascript:x()">morto</a> e <a href="https://loja.exemplo.com.br/termos">vivo</a></p>',
      )
      const links = host.querySelectorAll('a')
      expect(links).toHaveLength(1)
      expect(links[0]?.getAttribute('href')).toBe('https://loja.exemplo.com.br/termos')
      expect(host.textContent).toBe('morto e vivo')
    })
  })

  it('drops elements left empty, keeps line breaks, rules and table cells', () => {
    expect(
      sanitizeHtml('<p>a</p><p><script>x()</script></p><div><span> </span></div><p>b</p>'),
    ).toBe('<p>a</p><p>b</p>')
    const kept =
      '<p>linha<br>outra</p><hr><table><tbody><tr><td></td><td>x</td></tr></tbody></table>'
    expect(sanitizeHtml(kept)).toBe(kept)
  })

  it('the planted payload leaves its text in a plain paragraph, no anchor around it', () => {
    const host = render(`<p>Termos.</p>${HOSTILE_MARKUP}`)
    expect(host.querySelector('a')).toBeNull()
    expect(host.querySelectorAll('p')[1]?.innerHTML).toBe('Clique aqui para mais detalhes')
  })

  it('returns an empty string for empty input', () => {
    expect(sanitizeHtml('')).toBe('')
  })
})

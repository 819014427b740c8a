import { describe, expect, it } from 'vitest'
import { hasTextLayout, layOutTenantText } from './tenant-text'

/** The values as the docs show them (api/public/payment_checkout/get_parameters.md). */
const DOCS_TERMS =
  'Este é um texto de teste.\nLorem ipsum dolor sit amet, consectetur adipisicing elit. Minus, id facilis.'
const DOCS_LEGEND =
  'Selecione o tipo de agendamento, <br><br>\n\nSe você tem CNH (Carteira Nacional de Habilitação) agende seu atendimento por <b>videoconferência.</b>  <br>\nSe você não tem, agende seu atendimento <b>presencial</b> em uma de nossas lojas. <br>'

describe('layOutTenantText', () => {
  it('keeps the line break of the docs’ plain-text terms', () => {
    expect(layOutTenantText(DOCS_TERMS)).toBe(
      '<p>Este é um texto de teste.<br>Lorem ipsum dolor sit amet, consectetur adipisicing elit. Minus, id facilis.</p>',
    )
  })

  it('makes paragraphs of blank lines and <br> of single breaks, in any line ending', () => {
    const text =
      'Condições gerais\r\n\r\nA emissão depende dos documentos.\r\nReembolso em 7 dias.\n\n\n  Dúvidas: ligue.  \n'
    expect(layOutTenantText(text)).toBe(
      '<p>Condições gerais</p>' +
        '<p>A emissão depende dos documentos.<br>Reembolso em 7 dias.</p>' +
        '<p>Dúvidas: ligue.</p>',
    )
  })

  it('keeps the breaks of text with inline markup, the markup left for the sanitiser', () => {
    const text =
      'Prazo de <b>90 dias</b>.\nVeja a <a href="https://x.example/">política</a>.\n\nFim.'
    expect(layOutTenantText(text)).toBe(
      '<p>Prazo de <b>90 dias</b>.<br>Veja a <a href="https://x.example/">política</a>.</p><p>Fim.</p>',
    )
  })

  it('does not double a break the author already wrote as <br>, and keeps the bare ones', () => {
    // The docs' legend marks every break itself: it is left exactly as it is.
    expect(hasTextLayout(DOCS_LEGEND)).toBe(false)
    expect(layOutTenantText(DOCS_LEGEND)).toBe(DOCS_LEGEND)
    expect(layOutTenantText('Um<br>\nDois\nTrês\n<br />Quatro')).toBe(
      '<p>Um<br>Dois<br>Três<br />Quatro</p>',
    )
  })

  it('leaves markup laid out in blocks as it is: its line breaks are source formatting', () => {
    const html = '<h2>Termos</h2>\n<p>Primeiro\nparágrafo.</p>\n<ul>\n  <li>A</li>\n</ul>'
    expect(hasTextLayout(html)).toBe(false)
    expect(layOutTenantText(html)).toBe(html)
  })

  it('leaves text without line breaks as it is', () => {
    expect(layOutTenantText('Texto de uma linha só.')).toBe('Texto de uma linha só.')
    expect(layOutTenantText('  \nTexto cercado de quebras.\n\n')).toBe(
      '  \nTexto cercado de quebras.\n\n',
    )
  })

  it('does not break inside a tag an editor wrapped over lines', () => {
    expect(layOutTenantText('Veja a <a\nhref="https://x.example/">política</a>.\nFim.')).toBe(
      '<p>Veja a <a href="https://x.example/">política</a>.<br>Fim.</p>',
    )
  })

  it('changes nothing the second time', () => {
    for (const value of [DOCS_TERMS, DOCS_LEGEND, 'a\n\nb\nc <i>d</i>']) {
      const once = layOutTenantText(value)
      expect(layOutTenantText(once)).toBe(once)
    }
  })
})

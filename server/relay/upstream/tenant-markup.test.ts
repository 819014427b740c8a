import { describe, expect, it } from 'vitest'
import { buildRelay } from '../testing/test-helpers'

/**
 * Tenant text as the tenant wrote it, as `GET /api/parameters` answers it (the one place both
 * the server's render and the browser read it from): plain text keeps its paragraphs and line
 * breaks, markup is sanitised, and a value with both is sanitised with its breaks kept.
 */

const TERMS = 'public.parameters.termos'
const LEGEND = 'public.parameters.legendaAgendamento'

type ParameterAnswer = { _embedded: { parameter: { dataKey: string; dataValue: string }[] } }

function relayWith(dialect: 'spec' | 'docs', values: Record<string, string>) {
  return buildRelay({
    offlineDialect: dialect,
    upstream: async (request, offline) =>
      new URL(request.url).pathname.endsWith('/parameter')
        ? Response.json({
            _links: { self: { href: '/parameter' } },
            _embedded: {
              parameter: Object.entries(values).map(([dataKey, dataValue]) => ({
                dataKey,
                dataValue,
              })),
            },
            total_items: Object.keys(values).length,
          })
        : offline(request),
  })
}

async function parameters(relay: ReturnType<typeof buildRelay>) {
  const res = await relay.request('/api/parameters')
  expect(res.status).toBe(200)
  const body = (await res.json()) as ParameterAnswer
  return (key: string) => body._embedded.parameter.find((p) => p.dataKey === key)?.dataValue
}

describe.each(['spec', 'docs'] as const)('tenant text (%s dialect)', (dialect) => {
  it('keeps the line break of the docs’ plain-text terms; the docs’ legend stays as written', async () => {
    // Both values exactly as api/public/payment_checkout/get_parameters.md shows them.
    const value = await parameters(
      relayWith(dialect, {
        [TERMS]: 'Este é um texto de teste.\nLorem ipsum dolor sit amet.',
        [LEGEND]:
          'Selecione o tipo de agendamento, <br><br>\n\nSe você tem CNH agende por <b>videoconferência.</b>  <br>\nSe você não tem, agende <b>presencial</b>. <br>',
      }),
    )
    expect(value(TERMS)).toBe('<p>Este é um texto de teste.<br />Lorem ipsum dolor sit amet.</p>')
    // Its breaks are written in markup: none is added, none is lost.
    const legend = value(LEGEND) ?? ''
    expect(legend.match(/<br \/>/g)).toHaveLength(4)
    expect(legend).toContain('<b>videoconferência.</b>')
    expect(legend).not.toContain('<p>')
  })

  it('sanitises markup that also has bare line breaks, and keeps the breaks', async () => {
    const value = await parameters(
      relayWith(dialect, {
        [TERMS]:
          'Prazo de <b>90 dias</b>.<script>steal()</script>\n' +
          '<img src="/x.png" alt="" onerror="steal()">Veja a <a href="javascript:steal()">ajuda</a>.\n\n' +
          'Fim.',
      }),
    )
    const terms = value(TERMS) ?? ''
    expect(terms).not.toMatch(/<script|onerror|javascript:|steal/i)
    expect(terms).toBe(
      '<p>Prazo de <b>90 dias</b>.<br /><img src="/x.png" alt="" />Veja a ajuda.</p><p>Fim.</p>',
    )
  })

  it('gives the offline plain-text tenant its paragraphs and line breaks', async () => {
    const value = await parameters(buildRelay({ offlineDialect: dialect, tenantIndex: 1 }))
    expect(value(TERMS)).toBe(
      '<p>Condições gerais de venda</p>' +
        '<p>A emissão depende da aprovação dos documentos enviados.<br />' +
        'Reembolso em até 7 dias após a compra, se a validação não tiver ocorrido.</p>' +
        '<p>Dúvidas: atendimento@digitalsul.net.br</p>',
    )
  })
})

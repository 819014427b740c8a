import { describe, expect, it } from 'vitest'
import { PARAMETER_KEYS, parameterListSchema, parameterSchema } from './parameter'

describe('PARAMETER_KEYS', () => {
  it('names the eight keys of the spec', () => {
    expect(Object.values(PARAMETER_KEYS).sort()).toEqual(
      [
        'public.parameters.agendamento',
        'public.parameters.legendaAgendamento',
        'public.parameters.agendarValidacaoPresencial',
        'public.parameters.agendarValidacaoVideoconferencia',
        'public.parameters.ajudaAgendamento',
        'public.parameters.dadosIndicador',
        'public.parameters.checkout.allowGuest',
        'public.parameters.termos',
      ].sort(),
    )
  })
})

describe('parameterListSchema', () => {
  it('parses markup, empty and numeric-flag values as text', () => {
    const parsed = parameterListSchema.parse({
      _links: { self: { href: 'https://servico/parameter' } },
      _embedded: {
        parameter: [
          { dataKey: PARAMETER_KEYS.terms, dataValue: '<p>Termos</p>\n<script>x()</script>' },
          { dataKey: PARAMETER_KEYS.allowGuest, dataValue: '1' },
          { dataKey: PARAMETER_KEYS.schedulingInPersonUrl, dataValue: '' },
        ],
      },
      total_items: 3,
    })
    expect(parsed.total_items).toBe(3)
    expect(parsed._embedded.parameter[0]?.dataValue).toContain('<script>')
    expect(parsed._embedded.parameter[1]?.dataValue).toBe('1')
  })

  it('rejects a numeric dataValue and a missing dataKey', () => {
    expect(parameterSchema.safeParse({ dataKey: 'k', dataValue: 1 }).success).toBe(false)
    expect(parameterSchema.safeParse({ dataValue: 'v' }).success).toBe(false)
  })

  it('keeps unknown fields of a parameter', () => {
    expect(parameterSchema.parse({ dataKey: 'k', dataValue: 'v', scope: 'public' })).toHaveProperty(
      'scope',
      'public',
    )
  })
})

import { describe, expect, it } from 'vitest'
import { PARAMETER_KEYS } from '../../common/contract/schemas/parameter'
import { readParameters } from './use-parameters'

const IN_PERSON = 'https://agenda.exemplo.com.br/presencial'
const VIDEO = 'https://agenda.exemplo.com.br/video'

const withScheduling = (
  enabled: string,
  urls: { inPerson?: string; video?: string } = { inPerson: IN_PERSON, video: VIDEO },
) => ({
  [PARAMETER_KEYS.scheduling]: enabled,
  ...(urls.inPerson !== undefined ? { [PARAMETER_KEYS.schedulingInPersonUrl]: urls.inPerson } : {}),
  ...(urls.video !== undefined ? { [PARAMETER_KEYS.schedulingVideoUrl]: urls.video } : {}),
})

describe('readParameters', () => {
  it.each([
    ['1', true],
    ['true', true],
    ['TRUE', true],
    [' 1 ', true],
    ['0', false],
    ['false', false],
    ['', false],
    ['sim', false],
  ])('allowGuest %j → %s', (value, expected) => {
    expect(readParameters({ [PARAMETER_KEYS.allowGuest]: value }).allowGuest).toBe(expected)
  })

  it('allowGuest is false when the parameter is missing', () => {
    expect(readParameters({}).allowGuest).toBe(false)
  })

  it('offers both scheduling kinds when both are enabled and have a URL', () => {
    expect(readParameters(withScheduling('presencial videoconferencia')).scheduling.kinds).toEqual([
      { kind: 'presencial', url: IN_PERSON },
      { kind: 'videoconferencia', url: VIDEO },
    ])
  })

  it('reads the enabled words case-insensitively, separated by spaces, commas or semicolons', () => {
    expect(
      readParameters(withScheduling(' Videoconferencia,PRESENCIAL ')).scheduling.kinds.map(
        (k) => k.kind,
      ),
    ).toEqual(['presencial', 'videoconferencia'])
    expect(
      readParameters(withScheduling('presencial;videoconferencia')).scheduling.kinds,
    ).toHaveLength(2)
  })

  it('offers only the enabled kinds', () => {
    expect(readParameters(withScheduling('videoconferencia')).scheduling.kinds).toEqual([
      { kind: 'videoconferencia', url: VIDEO },
    ])
    expect(readParameters(withScheduling('')).scheduling.kinds).toEqual([])
    expect(
      readParameters({ [PARAMETER_KEYS.schedulingInPersonUrl]: IN_PERSON }).scheduling.kinds,
    ).toEqual([])
  })

  it('an enabled kind without a URL is not offered', () => {
    expect(
      readParameters(withScheduling('presencial videoconferencia', { video: VIDEO })).scheduling
        .kinds,
    ).toEqual([{ kind: 'videoconferencia', url: VIDEO }])
    expect(
      readParameters(withScheduling('presencial videoconferencia', { inPerson: '  ', video: '' }))
        .scheduling.kinds,
    ).toEqual([])
  })

  it('unknown kinds are ignored', () => {
    expect(readParameters(withScheduling('telepatia presencial')).scheduling.kinds).toEqual([
      { kind: 'presencial', url: IN_PERSON },
    ])
  })

  it('passes terms, legend and help picture through (trimmed) and defaults the referrer label', () => {
    const parameters = readParameters({
      [PARAMETER_KEYS.terms]: '  <h2>Termos</h2>  ',
      [PARAMETER_KEYS.schedulingLegend]: '<p>Legenda</p>',
      [PARAMETER_KEYS.schedulingHelpImage]: '/ajuda.svg',
    })
    expect(parameters.terms).toBe('<h2>Termos</h2>')
    expect(parameters.scheduling.legend).toBe('<p>Legenda</p>')
    expect(parameters.scheduling.helpImage).toBe('/ajuda.svg')
    expect(parameters.referrerLabel).toBe('indicador')
    expect(readParameters({ [PARAMETER_KEYS.referrerLabel]: 'parceiro' }).referrerLabel).toBe(
      'parceiro',
    )
    expect(readParameters({ [PARAMETER_KEYS.referrerLabel]: '   ' }).referrerLabel).toBe(
      'indicador',
    )
  })

  it('an empty map gives safe defaults', () => {
    expect(readParameters({})).toEqual({
      terms: '',
      allowGuest: false,
      referrerLabel: 'indicador',
      scheduling: { kinds: [], legend: '', helpImage: '' },
    })
  })
})

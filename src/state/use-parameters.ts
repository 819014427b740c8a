import { useQuery } from '@tanstack/react-query'
import { PARAMETER_KEYS } from '../../common/contract/schemas/parameter'
import { tenantQueries } from '../api/queries/tenant-queries'

type SchedulingKind = 'presencial' | 'videoconferencia'

export interface TenantParameters {
  terms: string
  /** `checkout.allowGuest` is "1" or "true". */
  allowGuest: boolean
  /** How the tenant calls a referrer ("indicador", "parceiro"). */
  referrerLabel: string
  scheduling: {
    kinds: { kind: SchedulingKind; url: string }[]
    legend: string
    helpImage: string
  }
}

/** The raw `dataKey → dataValue` map turned into what screens use. */
export function readParameters(map: Record<string, string>): TenantParameters {
  const get = (key: string) => map[key]?.trim() ?? ''
  const enabled = new Set(
    get(PARAMETER_KEYS.scheduling)
      .toLowerCase()
      .split(/[\s,;]+/)
      .filter(Boolean),
  )
  const kinds: { kind: SchedulingKind; url: string }[] = []
  const inPerson = get(PARAMETER_KEYS.schedulingInPersonUrl)
  const video = get(PARAMETER_KEYS.schedulingVideoUrl)
  if (enabled.has('presencial') && inPerson) kinds.push({ kind: 'presencial', url: inPerson })
  if (enabled.has('videoconferencia') && video) kinds.push({ kind: 'videoconferencia', url: video })
  return {
    terms: get(PARAMETER_KEYS.terms),
    allowGuest: ['1', 'true'].includes(get(PARAMETER_KEYS.allowGuest).toLowerCase()),
    referrerLabel: get(PARAMETER_KEYS.referrerLabel) || 'indicador',
    scheduling: {
      kinds,
      legend: get(PARAMETER_KEYS.schedulingLegend),
      helpImage: get(PARAMETER_KEYS.schedulingHelpImage),
    },
  }
}

export function useParameters() {
  return useQuery({ ...tenantQueries.parameters(), select: readParameters })
}

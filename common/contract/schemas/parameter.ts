import * as z from 'zod/mini'
import { linksSchema } from './common'

export const PARAMETER_KEYS = {
  scheduling: 'public.parameters.agendamento',
  schedulingLegend: 'public.parameters.legendaAgendamento',
  schedulingInPersonUrl: 'public.parameters.agendarValidacaoPresencial',
  schedulingVideoUrl: 'public.parameters.agendarValidacaoVideoconferencia',
  schedulingHelpImage: 'public.parameters.ajudaAgendamento',
  referrerLabel: 'public.parameters.dadosIndicador',
  allowGuest: 'public.parameters.checkout.allowGuest',
  terms: 'public.parameters.termos',
} as const

/**
 * The parameters whose values are tenant markup, rendered as HTML (SafeHtml): the terms and the
 * scheduling legend. The relay sanitises these before they leave it (server/relay/upstream/tenant-markup.ts).
 */
export const MARKUP_PARAMETER_KEYS: readonly string[] = [
  PARAMETER_KEYS.terms,
  PARAMETER_KEYS.schedulingLegend,
]

export const parameterSchema = z.looseObject({
  dataKey: z.string(),
  /** May hold markup, line breaks, URLs or numeric flags as text. */
  dataValue: z.string(),
})

/** Operation 11. */
export const parameterListSchema = z.looseObject({
  _links: linksSchema,
  _embedded: z.looseObject({ parameter: z.array(parameterSchema) }),
  total_items: z.int(),
})
export type ParameterList = z.output<typeof parameterListSchema>

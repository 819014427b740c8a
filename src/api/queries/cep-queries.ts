import { queryOptions } from '@tanstack/react-query'
import { ApiError } from '../../../common/contract/api-error'
import { apiRequest } from '../http'
import { cepAddressSchema, cepDigits, type CepAddress } from '../../../common/contract/schemas/cep'

/**
 * The address of a CEP, through the relay (`GET /api/cep/:cep`), which asks the public CEP
 * services and already fell back from one to the other. Errors: 400 `cep_invalid`, 404
 * `cep_not_found`, 429, 503 `cep_unavailable`; in every case the buyer types the address.
 */
function lookupCep(cep: string, signal?: AbortSignal): Promise<CepAddress> {
  const digits = cepDigits(cep)
  if (!digits) {
    // Refused here, as the relay would, without spending a request of the buyer's limit.
    return Promise.reject(
      new ApiError({
        status: 400,
        title: 'Bad Request',
        detail: 'CEP inválido: informe os 8 dígitos, como 01310-100.',
        code: 'cep_invalid',
      }),
    )
  }
  return apiRequest(`/cep/${digits}`, cepAddressSchema, { signal })
}

export const cepQueries = {
  /** `cep` as typed (`01310-100` or `01310100`); one key per CEP whichever way it was written. */
  byCep: (cep: string) =>
    queryOptions({
      queryKey: ['cep', cepDigits(cep) ?? cep],
      queryFn: ({ signal }) => lookupCep(cep, signal),
      // Addresses of a CEP change seldom; the relay caches them for a week.
      staleTime: 24 * 60 * 60_000,
      gcTime: 60 * 60_000,
      // The relay already tried every provider: an answer from it (404 above all, or 429) is
      // final. Only a request that never reached it is worth one more try.
      retry: (failures, error) => failures < 1 && !(error instanceof ApiError),
    }),
}

import type { $ZodType, output } from 'zod/v4/core'
import { safeParse } from 'zod/mini'
import { ApiError, toApiError } from './api-error'

/**
 * The SPA's only way out: same-origin calls to the relay's `/api`. Bodies are parsed with the
 * contract's schemas, so a screen never renders data that does not match the contract.
 */

export class NetworkError extends Error {
  override readonly name = 'NetworkError'
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

export async function apiRequest<S extends $ZodType>(
  path: string,
  schema: S,
  init: RequestInit = {},
): Promise<output<S>> {
  let response: Response
  try {
    response = await fetch(`/api${path}`, {
      credentials: 'same-origin',
      ...init,
      headers: { Accept: 'application/json', ...init.headers },
    })
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : 'network error')
  }
  const body = await readBody(response)
  if (!response.ok) throw toApiError(response.status, body)
  const parsed = safeParse(schema, body)
  if (!parsed.success) {
    throw new ApiError({ status: 502, title: 'Bad Gateway', detail: 'Resposta fora do contrato.' })
  }
  return parsed.data
}

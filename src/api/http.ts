import type { $ZodType, output } from 'zod/v4/core'
import { safeParse } from 'zod/mini'
import { ApiError, statusTitle } from '../../common/contract/api-error'

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

/**
 * A page rendered on the server has no browser to send `/api` calls: its QueryClient is bound to
 * a fetch that asks the relay in-process (src/entry-server.tsx). Keyed by client, not a module
 * global, so two pages rendered at once never share one.
 */
const boundFetch = new WeakMap<object, typeof fetch>()

export function bindApiFetch(client: object, fetchFn: typeof fetch): void {
  boundFetch.set(client, fetchFn)
}

/**
 * `schema` may be given as a loader (`() => import(…)`): the schema's module then loads with the
 * first read, in parallel with it, instead of with the page.
 */
export async function apiRequest<S extends $ZodType>(
  path: string,
  schema: S | (() => Promise<S>),
  { client, ...init }: RequestInit & { client?: object } = {},
): Promise<output<S>> {
  let response: Response
  const send = (client && boundFetch.get(client)) ?? fetch
  const contract = typeof schema === 'function' ? schema() : Promise.resolve(schema)
  // Awaited below; a failed fetch must not leave its rejection unobserved.
  contract.catch(() => {})
  try {
    response = await send(`/api${path}`, {
      credentials: 'same-origin',
      ...init,
      headers: { Accept: 'application/json', ...init.headers },
    })
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : 'network error')
  }
  const body = await readBody(response)
  if (!response.ok) throw await errorOf(response.status, body)
  const parsed = safeParse(await contract, body)
  if (!parsed.success) {
    throw new ApiError({ status: 502, title: 'Bad Gateway', detail: 'Resposta fora do contrato.' })
  }
  return parsed.data
}

/**
 * The error a failed response means. Its reader loads on the first failure (src/api/error-body.ts);
 * if even that cannot load (the connection dropped just now), the status still says what failed.
 */
async function errorOf(status: number, body: unknown): Promise<ApiError> {
  try {
    return (await import('./error-body')).toApiError(status, body)
  } catch {
    return new ApiError({
      status,
      title: statusTitle(status),
      detail: 'Resposta inesperada do serviço.',
    })
  }
}

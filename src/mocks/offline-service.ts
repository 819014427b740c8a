import { getResponse } from 'msw'
import { createServiceHandlers, type ServiceHandlersOptions } from './handlers'
import { PROBLEM_TYPE } from './handlers/context'
import { ServiceModel, type ServiceModelOptions } from './model'

export type Fetcher = (request: Request) => Promise<Response>

export interface OfflineService {
  model: ServiceModel
  handlers: ReturnType<typeof createServiceHandlers>
  /** Answers a request as the service would, without any network: the handlers run in-process. */
  fetch: Fetcher
}

export const OFFLINE_BASE_URL = 'http://servico.offline'

/** The offline service as a plain `fetch` function, for the relay's embedded upstream and mock:api. */
export function createOfflineService(
  options: Partial<ServiceModelOptions> & Pick<ServiceHandlersOptions, 'resolveOrigin'> = {},
): OfflineService {
  const model = new ServiceModel({ ...options, baseUrl: options.baseUrl ?? OFFLINE_BASE_URL })
  const handlers = createServiceHandlers({ model, resolveOrigin: options.resolveOrigin })
  return {
    model,
    handlers,
    fetch: async (request) =>
      (await getResponse(handlers, request)) ??
      Response.json(
        { type: PROBLEM_TYPE, title: 'Not Found', status: 404, detail: 'Recurso não encontrado.' },
        { status: 404, headers: { 'Content-Type': 'application/problem+json' } },
      ),
  }
}

/** What `npm run mock:api -- --print-fixtures` prints: everything needed to call the service. */
export function describeFixtures(model: ServiceModel) {
  return {
    baseUrl: model.baseUrl,
    tenants: model.allTenants.map(({ seed, users, orders }) => ({
      name: seed.name,
      origin: seed.origin,
      erpKey: seed.erpKey,
      clientId: seed.clientId,
      defaultUnitRef: seed.defaultUnitRef,
      users: users
        .filter((u) => u.password !== null)
        .map((u) => ({
          document: u.user.document,
          password: u.password,
          email: u.user.email,
          name: u.user.name,
        })),
      units: seed.units.map((u) => ({ ref: `u${u.number}_${u.key}`, description: u.description })),
      referrers: seed.referrers.map((r) => ({
        ref: `i${r.number}_${r.key}`,
        description: r.description,
      })),
      orders: orders.map((o) => ({
        id: o.detail.id,
        code: o.detail.code,
        publicToken: o.publicToken,
        statusPayment: o.detail.statusPayment,
        document: o.detail.user.document,
      })),
    })),
  }
}

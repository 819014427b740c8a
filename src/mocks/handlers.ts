import type { RequestHandler } from 'msw'
import type { ServiceModel } from './model'
import type { HandlerContext } from './handlers/context'
import { fileHandlers } from './handlers/files'
import { oauthHandlers } from './handlers/oauth'
import { orderExternalHandlers } from './handlers/order-external'
import { orderHandlers } from './handlers/order'
import { orderInfoHandlers } from './handlers/order-info'
import { parameterHandlers } from './handlers/parameter'
import { userHandlers } from './handlers/user'

export interface ServiceHandlersOptions {
  model: ServiceModel
  /** Defaults to the `Origin` header, as the real service reads it. */
  resolveOrigin?: HandlerContext['resolveOrigin']
}

/**
 * The offline service: one handler set shared by msw/node (tests, the relay's embedded
 * upstream, `npm run mock:api`) and msw/browser (the static demo).
 */
export function createServiceHandlers({
  model,
  resolveOrigin,
}: ServiceHandlersOptions): RequestHandler[] {
  const ctx: HandlerContext = {
    model,
    resolveOrigin: resolveOrigin ?? ((request) => request.headers.get('origin')),
  }
  return [
    ...oauthHandlers(ctx),
    ...orderHandlers(ctx),
    ...orderExternalHandlers(ctx),
    ...orderInfoHandlers(ctx),
    ...userHandlers(ctx),
    ...parameterHandlers(ctx),
    ...fileHandlers(ctx),
  ]
}

/**
 * The two ways the Order and Sales Service is described, and what differs between them on the
 * wire. The "spec" dialect is `shared/spec/order-sales-service.md`; the "docs" dialect is what
 * the running service speaks according to its public docs (`api/` of the service's public docs
 * repository). docs/design.md ("Where the public docs and the spec differ") lists each
 * difference and the choice made; this module is where the code keeps them.
 */

export const DIALECTS = ['spec', 'docs'] as const
export type Dialect = (typeof DIALECTS)[number]

export interface DialectFacts {
  /** Separator between `u12`/`i34` and the key in the service's `p` parameter. */
  refSeparator: ':' | '_'
  /** Body field names of the password grant (`POST /oauth`). */
  loginFields: { clientId: string; clientSecret: string; grantType: string }
  /** `GET /order` answers in HAL pages (`?page=N`, `page_count`, `_links.next`). */
  pagedOrderList: boolean
  /** `GET /order/:id` with the bearer reads one of the user's own orders. */
  orderByIdWithBearer: boolean
}

export const DIALECT_FACTS: Record<Dialect, DialectFacts> = {
  spec: {
    refSeparator: ':',
    loginFields: { clientId: 'client:id', clientSecret: 'client:secret', grantType: 'grant:type' },
    pagedOrderList: false,
    orderByIdWithBearer: false,
  },
  docs: {
    refSeparator: '_',
    loginFields: { clientId: 'client_id', clientSecret: 'client_secret', grantType: 'grant_type' },
    pagedOrderList: true,
    orderByIdWithBearer: true,
  },
}

export function otherDialect(dialect: Dialect): Dialect {
  return dialect === 'spec' ? 'docs' : 'spec'
}

export function isDialect(value: unknown): value is Dialect {
  return value === 'spec' || value === 'docs'
}

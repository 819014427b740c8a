/**
 * What a contract suite needs from a store under test: the store, and a way to let time pass
 * (a fake clock for the in-memory stores, a real wait for Redis, whose expiries run on its own
 * clock). Suites keep their TTLs short so the Redis runs stay fast.
 */
export interface ContractSubject<S> {
  store: S
  advance(ms: number): Promise<void>
}

export type MakeSubject<S> = () => Promise<ContractSubject<S>>

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

import { type Dialect } from '../../../common/contract/upstream/dialect'
import type { LogEntry } from '../http/types'

export type DialectSetting = Dialect | 'auto'

/**
 * Which dialect the upstream speaks (common/contract/upstream/dialect.ts). Set by `UPSTREAM_DIALECT`;
 * with `auto` it is learned from answers that can only come from one dialect (the login field
 * spelling the service accepted, the shape of the order list, the link separator it took) and
 * then remembered for this upstream. Until then `guess()` says `docs`, the dialect of the live
 * service, and the operations that differ retry once in the other dialect.
 */
export interface DialectState {
  readonly setting: DialectSetting
  /** The dialect known for this upstream, or undefined while `auto` has not learned it yet. */
  current(): Dialect | undefined
  /** What to speak now: the known dialect, else the live service's. */
  guess(): Dialect
  /** Evidence that the upstream speaks `dialect` (logged; ignored when the setting is fixed). */
  learn(dialect: Dialect, evidence: string): void
}

export function createDialectState(
  setting: DialectSetting,
  log: (entry: LogEntry) => void,
): DialectState {
  let known: Dialect | undefined = setting === 'auto' ? undefined : setting
  return {
    setting,
    current: () => known,
    guess: () => known ?? 'docs',
    learn(dialect, evidence) {
      if (setting !== 'auto') {
        if (dialect !== setting) {
          log({
            level: 'warn',
            msg: 'upstream answers in another dialect than configured',
            configured: setting,
            seen: dialect,
            evidence,
          })
        }
        return
      }
      if (known === dialect) return
      log({
        level: known ? 'warn' : 'info',
        msg: known ? 'upstream dialect changed' : 'upstream dialect detected',
        dialect,
        ...(known ? { was: known } : {}),
        evidence,
      })
      known = dialect
    },
  }
}

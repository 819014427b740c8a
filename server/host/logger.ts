import { pino, type DestinationStream } from 'pino'
import type { LogEntry } from '../relay/http/types'

/**
 * The relay's log on Node: pino, one JSON line per entry (`level`, `time`, `msg`, the entry's
 * fields). The relay already writes entries without personal data (url-paths.ts, upstream.ts,
 * logging.test.ts); `redact` is a second belt for a field someone adds later under a telling
 * name. Censored, not removed, so the line still shows that something was there.
 */
const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'headers.cookie',
  'headers.authorization',
  'cookie',
  'authorization',
  ...['cardNumber', 'securityCode', 'document', 'password', 'accessToken', 'refreshToken'].flatMap(
    (name) => [name, `*.${name}`, `*.*.${name}`],
  ),
]

export type LogLevel = 'silent' | 'info'

/**
 * The `log(entry)` the relay is given. `silent` writes nothing (and builds no logger at all);
 * `info` writes info, warn and error.
 */
export function createLog(
  level: LogLevel,
  destination?: DestinationStream,
): (entry: LogEntry) => void {
  if (level === 'silent') return () => {}
  const logger = pino(
    {
      level,
      // No pid/hostname on each line: the platform's collector adds where a line came from.
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      // `"level":"info"`, as the relay's entries always said, not pino's number.
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    },
    // Synchronous: a line written just before a crash or an exit is not lost in a buffer.
    destination ?? pino.destination({ dest: 1, sync: true }),
  )
  return ({ level: entryLevel, msg, ...fields }) => logger[entryLevel](fields, msg)
}

/** How the Redis stores report an outage: the relay's own log (http/types.ts LogEntry), never a key. */
export type RedisLog = (entry: { level: 'info' | 'warn'; msg: string; error?: string }) => void

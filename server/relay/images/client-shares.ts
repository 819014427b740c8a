/**
 * Each client's share of the picture work: at most `perClient` of its pictures in work at once,
 * the next `waiting` in its own line behind them (a page of cold pictures all arrive, a few at a
 * time), and anything past that refused at once. One address asking hundreds of pictures holds
 * a few places of the relay's, never all of them, and waits only on itself.
 * (No library shares a limit by key with a bounded line per key; p-limit and its kin share one.)
 */
export class ClientShares {
  private readonly clients = new Map<string, { active: number; line: (() => void)[] }>()

  constructor(
    private readonly perClient: number,
    private readonly waiting: number,
  ) {}

  /**
   * Resolves with the function that gives the place back once the client may start one more
   * piece of work; undefined at once when its line is full too.
   */
  enter(client: string): Promise<() => void> | undefined {
    const held = this.clients.get(client) ?? { active: 0, line: [] }
    this.clients.set(client, held)
    const leave = () => {
      held.active--
      const next = held.line.shift()
      if (next) next()
      else if (held.active === 0) this.clients.delete(client)
    }
    if (held.active < this.perClient) {
      held.active++
      return Promise.resolve(leave)
    }
    if (held.line.length >= this.waiting) return undefined
    return new Promise((resolve) =>
      held.line.push(() => {
        held.active++
        resolve(leave)
      }),
    )
  }

  /** Clients with work in hand or waiting (tests: nothing is left behind). */
  get size(): number {
    return this.clients.size
  }
}

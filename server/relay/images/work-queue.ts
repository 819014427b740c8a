/**
 * At most `concurrency` tasks at once, the rest waiting in turn; `run` gives undefined at once
 * when `maxWaiting` already wait, so the caller answers something else (a placeholder) rather
 * than hold a request, and its memory, in a queue no one could drain in time.
 */
export class WorkQueue {
  private active = 0
  private readonly waiting: (() => void)[] = []
  /** The most that ran at once since it was made (tests). */
  peak = 0

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  get size() {
    return this.active + this.waiting.length
  }

  run<T>(task: () => Promise<T>): Promise<T> | undefined {
    if (this.active >= this.concurrency && this.waiting.length >= this.maxWaiting) return undefined
    return this.start().then(async () => {
      try {
        return await task()
      } finally {
        this.active--
        this.waiting.shift()?.()
      }
    })
  }

  private start(): Promise<void> {
    if (this.active < this.concurrency) {
      this.active++
      this.peak = Math.max(this.peak, this.active)
      return Promise.resolve()
    }
    return new Promise((resolve) =>
      this.waiting.push(() => {
        this.active++
        this.peak = Math.max(this.peak, this.active)
        resolve()
      }),
    )
  }
}

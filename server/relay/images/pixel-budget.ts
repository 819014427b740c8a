/**
 * The resizes under way, bounded in number and in decoded pixels together: a picture waits its
 * turn until both allow it, in the order asked. Decoding is what takes the memory (a 40 MP PNG
 * decodes to ~160 MB), so two such pictures never decode at once while small ones still run
 * side by side. A picture larger than the whole budget runs alone (the pixel cap refuses
 * anything larger than that before it gets here).
 * (A weighted semaphore; the one in `async-mutex` has no cap on the count beside the weight.)
 */
export class PixelBudget {
  private running = 0
  private pixels = 0
  private readonly line: { pixels: number; start: () => void }[] = []
  /** The most resizes and pixels at once so far (tests). */
  peak = 0
  peakPixels = 0

  constructor(
    private readonly concurrency: number,
    private readonly budget: number,
  ) {}

  /** Runs `task` once it fits; the place is held until the task has settled, however long. */
  async run<T>(pixels: number, task: () => Promise<T>): Promise<T> {
    const weight = Math.min(pixels, this.budget)
    await new Promise<void>((start) => {
      this.line.push({ pixels: weight, start })
      this.next()
    })
    try {
      return await task()
    } finally {
      this.running--
      this.pixels -= weight
      this.next()
    }
  }

  private next() {
    while (this.line.length > 0) {
      const first = this.line[0]!
      const fits = this.running === 0 || this.pixels + first.pixels <= this.budget
      if (this.running >= this.concurrency || !fits) return
      this.line.shift()
      this.running++
      this.pixels += first.pixels
      this.peak = Math.max(this.peak, this.running)
      this.peakPixels = Math.max(this.peakPixels, this.pixels)
      first.start()
    }
  }
}

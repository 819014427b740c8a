/**
 * `npm run bench`: every speed and size figure of the project, printed side by side.
 * Figures only; the deterministic byte budget is enforced separately in CI.
 */
import { benchRelay } from './relay'

await benchRelay()

import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/** WCAG 2.2 AA, checked with axe-core on the page as a person sees it now. */
export async function expectNoA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    // The same rules on the same page, run in the page itself (`axe.run`). The default runs them
    // frame by frame and gathers the results in a blank page it opens for each check, for pages
    // with cross-origin frames; that page costs about as much as the check, 220 times a run.
    // The store's pages have no frames; one that gets some is checked the default way.
    .setLegacyMode(page.frames().length === 1)
    .analyze()
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )
  expect(summary).toEqual([])
}

import '@testing-library/jest-dom/vitest'
import { configure } from '@testing-library/react'

// `findBy…` and `waitFor` wait for a condition, never for a time: how long they may wait is only
// how much a busy machine is given. CI runs the unit tests beside the builds (the static demo's
// pages are rendered then) on two cores, where a page's first read through the offline service
// took over the default second; a behaviour that is broken still fails, four seconds later.
configure({ asyncUtilTimeout: 4_000 })

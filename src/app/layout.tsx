import { lazy, memo, Suspense, useEffect } from 'react'
import { Link, Outlet, useLocation, useNavigation } from 'react-router'
import { Announcer } from '../components/announcer'
import { t } from '../../common/words/pt-br'
import { link, useLink } from '../state/link-store'
import { ScrollManager } from './scroll-manager'
import { SiteHeader } from './site-header'
import * as paths from '../../common/rules/paths'

// Below the fold on every page: the company details load after the page, never in its way.
const CompanyFooter = lazy(() =>
  import('./company-footer').then((m) => ({ default: m.CompanyFooter })),
)

// Only visitors who came through a link (or a broken one) need the banner's code.
const LinkBanner = lazy(() =>
  import('../features/referral/link-banner').then((m) => ({ default: m.LinkBanner })),
)

export function Layout() {
  const location = useLocation()

  // A link (`?p=`) or UTM fields can arrive on any page of the store.
  useEffect(() => {
    link.capture(new URLSearchParams(location.search))
  }, [location.search])

  return (
    <>
      <a className="skip-link" href="#conteudo">
        {t.app.skipToContent}
      </a>
      <PageLoading />
      <SiteHeader />
      <LinkBannerSlot />
      <main id="conteudo" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <Announcer />
      <ScrollManager />
    </>
  )
}

/**
 * A bar across the top while a tapped page's code or data is on its way (styles.css shows it
 * only after 300 ms): on a slow link a tap otherwise changes nothing for seconds. Its own
 * component, so the navigation's state re-renders this bar and not the layout around it. Screen
 * readers are told by the new page's heading taking focus.
 */
function PageLoading() {
  return useNavigation().state === 'idle' ? null : <div className="page-loading" aria-hidden />
}

function LinkBannerSlot() {
  const visit = useLink()
  return visit.place || visit.notice ? (
    <Suspense fallback={null}>
      <LinkBanner />
    </Suspense>
  ) : null
}

/**
 * Memoised: nothing in it changes with the page, and its company details hydrate only once
 * their code has loaded. Until then the boundary is still the server's markup, and a render
 * that reached it with new props (any render of the layout) would make React discard that
 * markup and build the footer again instead of hydrating it.
 */
const SiteFooter = memo(function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>{t.app.footer}</p>
      <Suspense fallback={null}>
        <CompanyFooter />
      </Suspense>
      <p>
        <Link to={paths.terms}>{t.app.terms}</Link>
      </p>
    </footer>
  )
})

/**
 * What shows while a lazy page loads on the first visit: the header bar and an empty main of
 * the real page's size, so the page that replaces it does not shift anything.
 */
export function ShellFallback() {
  return (
    <>
      <header className="site-header">
        <div className="site-header__inner">
          <span className="brand">
            <span className="brand__placeholder" />
          </span>
        </div>
      </header>
      <main>
        <p role="status">{t.app.loading}</p>
      </main>
    </>
  )
}

import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useEffect } from 'react'
import { Link, NavLink, Outlet, useLocation } from 'react-router'
import { catalogQueries } from '../api/queries/tenant-queries'
import { sessionQueries } from '../api/queries/session-queries'
import { Announcer } from '../components/announcer'
import { t } from '../i18n/pt-br'
import { cartCount, useCart } from '../state/cart-store'
import { link, useLink } from '../state/link-store'
import { ScrollManager } from './scroll-manager'

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
  // The tenant's name is the company listing's description. Until it arrives the brand is an
  // empty box in its place: no stand-in name ("Vitrine") flashes before the store's own.
  const listing = useQuery(catalogQueries.products(''))
  const storeName = listing.data?.description
  const session = useQuery(sessionQueries.current())
  const count = cartCount(useCart())
  const visit = useLink()

  useEffect(() => {
    if (!storeName) return
    document.documentElement.dataset.store = storeName
    // The page's heading may have set the title before the store's name arrived.
    document.title = document.title.replace(/ · [^·]*$/, ` · ${storeName}`)
  }, [storeName])

  // A link (`?p=`) or UTM fields can arrive on any page of the store.
  useEffect(() => {
    link.capture(new URLSearchParams(location.search))
  }, [location.search])

  return (
    <>
      <a className="skip-link" href="#conteudo">
        {t.app.skipToContent}
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <Link
            to="/"
            className="brand"
            aria-label={storeName ? `${storeName} – ${t.app.home}` : t.app.home}
            title={storeName}
          >
            {storeName ? (
              <span className="brand__name">{storeName}</span>
            ) : (
              <span className="brand__placeholder" />
            )}
          </Link>
          <nav aria-label="Principal" className="site-nav">
            <NavLink
              to={session.data?.authenticated ? '/minha-conta/pedidos' : '/entrar'}
              className="site-nav__link"
            >
              {session.data?.authenticated ? t.app.account : t.app.login}
            </NavLink>
            <NavLink to="/carrinho" className="cart-button" aria-label={t.app.cart(count)}>
              <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" focusable="false">
                <path
                  fill="currentColor"
                  d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM5.2 4l.6 3H21l-2 8H7.4L4.4 2H1v2h2.6l.6 2Z"
                />
              </svg>
              <span className="cart-button__count" aria-hidden="true">
                {count}
              </span>
            </NavLink>
          </nav>
        </div>
      </header>
      {(visit.place || visit.notice) && (
        <Suspense fallback={null}>
          <LinkBanner />
        </Suspense>
      )}
      <main id="conteudo" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>{t.app.footer}</p>
        <Suspense fallback={null}>
          <CompanyFooter />
        </Suspense>
        <p>
          <Link to="/termos">{t.app.terms}</Link>
        </p>
      </footer>
      <Announcer />
      <ScrollManager />
    </>
  )
}

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

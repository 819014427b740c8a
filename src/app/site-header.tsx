import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link, NavLink } from 'react-router'
import { useListingExcerpt } from '../api/queries/listing-excerpt'
import { catalogQueries } from '../api/queries/tenant-queries'
import { sessionQueries } from '../api/queries/session-queries'
import { t } from '../../common/words/pt-br'
import { documentTitle } from '../../common/rules/document-title'
import { cartCount, useCart } from '../state/cart-store'
import * as paths from '../../common/rules/paths'

/*
 * Each part of the header reads its own source (listing, session, cart), so a change to one
 * renders that part alone. It matters most just after hydration: a store read by
 * useSyncExternalStore (React Query's results, the cart) re-renders its readers synchronously,
 * in one task that cannot yield. Read in the layout, the session's answer re-rendered the whole
 * page frame, and with it a footer boundary whose code was still loading: React threw its
 * server markup away and built it again (a 20–30 ms task on this machine, four times that on a
 * phone).
 */

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Brand />
        <nav aria-label="Principal" className="site-nav">
          <AccountLink />
          <CartLink />
        </nav>
      </div>
    </header>
  )
}

function Brand() {
  // The tenant's name is the company listing's description. Until it arrives the brand is an
  // empty box in its place: no stand-in name ("Vitrine") flashes before the store's own.
  // A page the relay rendered came with it (the listing's excerpt): the whole listing is then
  // not read for its name alone, though the header still shows it if a page reads it.
  const early = useListingExcerpt('')?.listing.description
  const storeName =
    useQuery({ ...catalogQueries.products(''), enabled: early === undefined }).data?.description ??
    early

  useEffect(() => {
    if (!storeName) return
    document.documentElement.dataset.store = storeName
    // The page's heading may have been shown before the store's name arrived.
    document.title = documentTitle(document.documentElement.dataset.pageTitle ?? '', storeName)
  }, [storeName])

  return (
    <Link
      to={paths.home}
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
  )
}

function AccountLink() {
  const authenticated = useQuery(sessionQueries.current()).data?.authenticated
  return (
    <NavLink to={authenticated ? paths.accountOrders : paths.login} className="site-nav__link">
      {authenticated ? t.app.account : t.app.login}
    </NavLink>
  )
}

function CartLink() {
  // A count only when there is one: "Carrinho" is an empty cart, and also the cart of a page the
  // relay rendered, which is every visitor's and cannot know this browser's (the server renders
  // an empty one): until the app has read it, a full cart is never called empty. The count's
  // badge sits over the icon, so its arrival moves nothing.
  const count = cartCount(useCart())
  return (
    <NavLink to={paths.cart} className="cart-button" aria-label={t.app.cart(count)}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" focusable="false">
        <path
          fill="currentColor"
          d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM5.2 4l.6 3H21l-2 8H7.4L4.4 2H1v2h2.6l.6 2Z"
        />
      </svg>
      {count > 0 && (
        <span className="cart-button__count" aria-hidden="true">
          {count}
        </span>
      )}
    </NavLink>
  )
}

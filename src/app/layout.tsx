import { useQuery } from '@tanstack/react-query'
import { Link, Outlet } from 'react-router'
import { catalogQueries } from '../api/queries/tenant-queries'
import { t } from '../i18n/pt-br'

export function Layout() {
  // The tenant's name is the company listing's description (issue "Storefront").
  const listing = useQuery(catalogQueries.products(''))
  const storeName = listing.data?.description ?? 'Vitrine'
  return (
    <>
      <a className="skip-link" href="#conteudo">
        {t.app.skipToContent}
      </a>
      <header className="site-header">
        <Link to="/" className="brand">
          {storeName}
        </Link>
      </header>
      <main id="conteudo" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>{t.app.footer}</p>
      </footer>
    </>
  )
}

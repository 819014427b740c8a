import { t } from '../i18n/pt-br'
import { tAccount } from '../i18n/pt-br-account'

/**
 * Until the SPA starts, a reader sees what it shows while loading; it then reads the data itself
 * and shows its own answer (its error state with "Tentar novamente", or the order's not-found
 * page). A reader without JavaScript gets the store's words instead: what happened, a way to try
 * again, a way back. No router here: plain links.
 */
export function RenderFailure({ status }: { status: 404 | 503 | 504 }) {
  const order = status === 404
  return (
    <>
      <p role="status">{t.app.loading}</p>
      <noscript>
        <section className="page-narrow">
          <h1 className="page-heading">{order ? tAccount.order.notFoundTitle : t.errors.title}</h1>
          <p>
            {order
              ? tAccount.order.notFound
              : status === 504
                ? t.errors.timeout
                : t.errors.unavailable}
          </p>
          <p className="actions">
            {!order && (
              <a href="" className="button button--primary">
                {t.errors.retry}
              </a>
            )}
            <a href="/">{t.errors.backHome}</a>
          </p>
        </section>
      </noscript>
    </>
  )
}

import type { PublicCompany } from '../../common/contract/schemas/company'
import { ContactSentence } from '../components/company-contact'
import { t } from '../../common/words/pt-br'
import { tAccount } from '../../common/words/pt-br-account'

/**
 * Until the SPA starts, a reader sees what it shows while loading; it then reads the data itself
 * and shows its own answer (its error state with "Tentar novamente", or the order's not-found
 * page). A reader without JavaScript gets the store's words instead: what happened, a way to try
 * again, a way back. No router here: plain links.
 */
export function RenderFailure({
  status,
  company,
}: {
  status: 404 | 503 | 504
  /**
   * The store's details (`null`: it has none), for the not-found page to link its contact;
   * undefined where they could not be read, and then the sentence claims nothing.
   */
  company?: PublicCompany | null
}) {
  const order = status === 404
  return (
    <>
      <p role="status">{t.app.loading}</p>
      <noscript>
        <section className="page-narrow">
          <h1 className="page-heading">{order ? tAccount.order.notFoundTitle : t.errors.title}</h1>
          {order ? (
            <>
              <p>{tAccount.order.notFound}</p>
              <p>{tAccount.order.notFoundGuest}</p>
              <p>{tAccount.order.notFoundAccount}</p>
              <p>
                {company === undefined ? (
                  tAccount.order.notFoundContact
                ) : (
                  <ContactSentence text={tAccount.order.notFoundContact} company={company} />
                )}
              </p>
            </>
          ) : (
            <p>{status === 504 ? t.errors.timeout : t.errors.unavailable}</p>
          )}
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

import { Link } from 'react-router'
import { t } from '../i18n/pt-br'

export function NotFoundPage() {
  return (
    <section>
      <h1>{t.notFound.title}</h1>
      <p>{t.notFound.body}</p>
      <Link to="/">{t.notFound.home}</Link>
    </section>
  )
}

import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { ApiError } from '../../common/contract/api-error'
import { catalogQueries } from '../api/queries/tenant-queries'
import { link, useLink } from './link-store'

/**
 * Payment options of the visit's unit or referrer, or of the store's default unit. A link the
 * service does not know (404/400) falls back to the default with a notice, never a dead end.
 */
export function usePaymentOptions() {
  const { place } = useLink()
  const query = useQuery(catalogQueries.paymentOptions(place?.ref ?? ''))
  const unknown =
    place !== null &&
    query.error instanceof ApiError &&
    (query.error.status === 404 || query.error.status === 400)
  useEffect(() => {
    if (unknown) link.rejectUnknown()
  }, [unknown])
  return { ...query, place }
}

import { createBrowserRouter } from 'react-router'
import { Layout } from './layout'

/** Routes are lazy per journey so the catalog ships the least JavaScript. */
export function createRouter() {
  return createBrowserRouter([
    {
      element: <Layout />,
      children: [
        {
          index: true,
          lazy: () =>
            import('../features/catalog/catalog-page').then((m) => ({ Component: m.CatalogPage })),
        },
        {
          path: '*',
          lazy: () => import('./not-found-page').then((m) => ({ Component: m.NotFoundPage })),
        },
      ],
    },
  ])
}

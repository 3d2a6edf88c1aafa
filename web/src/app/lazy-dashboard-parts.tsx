import { lazy } from 'react';
import { loadNamespaces } from './routes/route-namespaces';

/** A module and the texts it shows, fetched side by side rather than one after the other. */
function withTexts<T>(module: Promise<T>, ...namespaces: string[]): Promise<T> {
  return Promise.all([module, loadNamespaces(...namespaces)]).then(([loaded]) => loaded);
}

// The dashboard's parts from other features, each downloaded when first shown: the training
// tabs as their tab opens, the supplier view for profile 4 only. The dashboard's own
// Suspense boundaries show skeletons meanwhile.
export const LazyPendingTraining = lazy(() => withTexts(import('./dashboard-parts/pending-training'), 'plans'));
export const LazyBlockTraining = lazy(() => withTexts(import('./dashboard-parts/block-training'), 'plans'));
export const LazyMyCertificates = lazy(() =>
  withTexts(import('@/features/my-certificates'), 'my-certificates').then((m) => ({ default: m.MyCertificatesPanel })),
);
export const LazySupplierView = lazy(() =>
  withTexts(import('@/features/external-certifications'), 'external-certifications').then((m) => ({
    default: m.ExternalCertificationsPanel,
  })),
);

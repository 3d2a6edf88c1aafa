import { lazy } from 'react';
import type * as ChartsModule from './indicator-charts';

// chart.js comes with the first chart shown, not with the screen: the filters, the tables and
// the skeletons paint first. The charts share one import.
let chartsModule: Promise<typeof ChartsModule> | undefined;
const charts = () => (chartsModule ??= import('./indicator-charts'));

export const GroupedBars = lazy(() => charts().then((m) => ({ default: m.GroupedBars })));
export const PercentBars = lazy(() => charts().then((m) => ({ default: m.PercentBars })));

export { ChartCard, type ChartCardProps, type ChartState, type FiguresTable } from './chart-card';
export { CHART_GRID, CHART_HEIGHT, CHART_TEXT, PALETTE, companyChartColors, paletteColor } from './chart-theme';

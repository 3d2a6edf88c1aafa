import { useFormat } from '@/lib/i18n/use-format';

/** A percentage as the screens print it (one decimal at most). */
export function usePercent() {
  const { formatNumber } = useFormat();
  return (n: number) => `${formatNumber(n, { maximumFractionDigits: 1 })} %`;
}

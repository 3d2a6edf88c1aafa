/** A file's size for people: bytes, kB or MB in the language's number format. */
export function fileSize(bytes: number, formatNumber: (value: number, options?: Intl.NumberFormatOptions) => string): string {
  // 'B' for bytes: Intl's short byte unit is spelt out ('512 byte') in some languages.
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  if (bytes < 1024 * 1024) return formatNumber(bytes / 1024, { style: 'unit', unit: 'kilobyte', unitDisplay: 'short', maximumFractionDigits: 1 });
  return formatNumber(bytes / (1024 * 1024), { style: 'unit', unit: 'megabyte', unitDisplay: 'short', maximumFractionDigits: 1 });
}

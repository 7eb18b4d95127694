/** Types of the `subset-font` package (it ships none), for scripts/fonts.ts: the options that script uses. */
declare module 'subset-font' {
  interface SubsetOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2';
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    keepAllGlyphs?: boolean;
    noHinting?: boolean;
    /** OpenType feature tags kept (default: every feature). */
    keepFeatures?: string[];
  }
  export default function subsetFont(buffer: Buffer, text: string | null | undefined, options?: SubsetOptions): Promise<Buffer>;
}

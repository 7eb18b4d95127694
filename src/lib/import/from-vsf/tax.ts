/**
 * One Magento tax rule of the VSF index to the snapshot's tax rates. Part of the VSF import's mapping
 * (common.ts).
 */
import type { TaxRate } from '../../schemas';
import { type Rec, MapError, isObj, toInt, toNum, str, intList } from './common';

/** A Magento tax rule: one tax rate of the snapshot per rate nested in `rates[]` (or the rule itself when it is flat). */
export function taxRatesFromVsf(src: Rec): TaxRate[] {
  const classes = intList(src.product_tax_class_ids);
  if (!classes?.length) throw new MapError('product_tax_class_ids', 'a tax rule needs the product tax classes it applies to');
  const rates = Array.isArray(src.rates) ? src.rates : [src];
  if (!rates.length) throw new MapError('rates', 'a tax rule needs at least one rate');
  return rates.map((r, i) => {
    const at = Array.isArray(src.rates) ? `rates.${i}` : '';
    if (!isObj(r)) throw new MapError(at, 'expected a rate object');
    const rate = toNum(r.rate);
    const country = str(r.tax_country_id);
    if (rate === undefined) throw new MapError(`${at ? `${at}.` : ''}rate`, 'expected a number (per cent)');
    if (!country || country.length !== 2) throw new MapError(`${at ? `${at}.` : ''}tax_country_id`, 'expected a two-letter country code');
    return {
      rate,
      code: str(r.code) ?? str(src.code) ?? `${country} ${rate}%`,
      tax_country_id: country,
      region_name: str(r.region_name) ?? '*',
      tax_region_id: toInt(r.tax_region_id) ?? 0,
      product_tax_class_ids: classes,
    };
  });
}

/** Tax rate (spec §3). */
import { z } from './common';

export const TaxRateSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    rate: z.number().min(0),
    code: z.string(),
    tax_country_id: z.string().length(2),
    region_name: z.string().default('*'),
    tax_region_id: z.number().int().default(0),
    product_tax_class_ids: z.array(z.number().int()),
  }))();
export type TaxRate = z.output<typeof TaxRateSchema>;

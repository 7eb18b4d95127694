/** A physical shop (store location): Preston, Blackburn, Bury, Carlisle. */
import { z, OptImageRef } from './common';

const Hours = z.object({
  day: z.enum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']),
  open: z
    .string()
    .regex(/^\d{2}:\d{2}$/)
    .nullable(),
  close: z
    .string()
    .regex(/^\d{2}:\d{2}$/)
    .nullable(),
});

export const ShopSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    id: z.string().min(1),
    /** Route segment: /stores/jewellers-{location}. */
    location: z.string().regex(/^[a-z0-9-]+$/),
    name: z.string(),
    street: z.array(z.string()).min(1),
    city: z.string(),
    postcode: z.string(),
    country_id: z.string().length(2),
    telephone: z.string(),
    email: z.email(),
    latitude: z.number(),
    longitude: z.number(),
    opening_hours: z.array(Hours).length(7),
    description: z.string().default(''),
    image: OptImageRef,
  }))();
export type Shop = z.output<typeof ShopSchema>;
